import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../engine/settings.ts';
import { LabCancelled, runLab, runLabInSlices, WORK_CURVE_STEPS } from '../../engine/lab.ts';

describe('runLab', () => {
  it('reports progress through the sweep and can be abandoned between its points', () => {
    const fractions: number[] = [];
    runLab({ ...DEFAULT_SETTINGS }, { onProgress: (_stage, f) => fractions.push(f) });
    expect(fractions.length).toBeGreaterThanOrEqual(34);
    expect(fractions[fractions.length - 1]).toBe(1);
    let asked = 0;
    expect(() => runLab({ ...DEFAULT_SETTINGS }, { cancelled: () => ++asked > 3 })).toThrow(LabCancelled);
    expect(asked).toBe(4);
  });

  it('in slices: the same report, a pause whenever a slice has run its time, and a stop heard between points', async () => {
    // A clock that advances 5 ms each time it is read: every second sweep point ends a slice of 8 ms.
    let clock = 0;
    const now = () => (clock += 5);
    let pauses = 0;
    const fractions: number[] = [];
    const report = await runLabInSlices({ ...DEFAULT_SETTINGS }, { now, pause: async () => void pauses++, onProgress: (f) => fractions.push(f) });
    expect(report).toEqual(runLab({ ...DEFAULT_SETTINGS }));
    expect(fractions).toHaveLength(34);
    expect(fractions.at(-1)).toBe(1);
    expect(pauses).toBeGreaterThanOrEqual(17);

    let points = 0;
    const stopping = runLabInSlices(
      { ...DEFAULT_SETTINGS },
      { pause: async () => {}, onProgress: () => points++, stopped: () => points >= 5 },
    );
    await expect(stopping).rejects.toBeInstanceOf(LabCancelled);
    expect(points).toBe(5);
  });

  it('the work curve holds the fixed chain lengths, counted; the current chain\'s point is the run\'s own work', () => {
    const r = runLab({ ...DEFAULT_SETTINGS, steps: 50, include: { sweep: false } });
    expect(r.workCurve.map((p) => p.steps)).toEqual(WORK_CURVE_STEPS);
    for (const p of r.workCurve) {
      expect(p.reverse).toBe(2);
      expect(p.forward).toBe(2 * p.steps + 1);
      expect(p.finiteDifference).toBe(4 * p.steps + 1);
    }
    const at50 = r.workCurve.find((p) => p.steps === 50)!;
    expect({ steps: 50, ...r.work }).toEqual(at50);
  });

  it('accepts epsilon up to 1 and rejects 0, negatives and non-finite values', () => {
    expect(runLab({ ...DEFAULT_SETTINGS, eps: 1, include: { sweep: false } }).eps).toBe(1);
    for (const eps of [0, -1e-5, NaN, Infinity, 1.5]) expect(() => runLab({ ...DEFAULT_SETTINGS, eps })).toThrow(/epsilon/);
  });

  it('warns when the adjoint vanishes, and stays quiet at the defaults', () => {
    expect(runLab({ ...DEFAULT_SETTINGS }).warnings).toEqual([]);
    const r = runLab({ ...DEFAULT_SETTINGS, steps: 200, c: -1, include: { sweep: false } });
    expect(r.warnings.join(' ')).toMatch(/vanish/);
  });
});
