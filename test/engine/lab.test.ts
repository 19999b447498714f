import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../engine/settings.ts';
import { LabCancelled, runLab } from '../../engine/lab.ts';

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
