import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../engine/chain.ts';
import { COUNT_STEPS, PROBE_STEPS, estimatePart, followPlan, planCosts, probeCosts, type CostProbe } from '../../engine/cost-plan.ts';
import { runLab } from '../../engine/lab.ts';
import { durationText } from '../../engine/number-text.ts';
import type { LabSettings } from '../../engine/report.ts';
import { CHAIN_DEFAULTS } from '../../engine/settings-table.ts';

const settings = (steps: number): LabSettings => ({ ...CHAIN_DEFAULTS, steps });
const now = () => performance.now();

/** A probe with made-up times (the decisions are arithmetic on them) and real counts. */
function fakeProbe(ms: Record<'forward' | 'finiteDifference' | 'sweep', number>): CostProbe {
  const real = probeCosts(defaultParams(PROBE_STEPS), 1e-5, now);
  return { ...real, ms };
}

describe('the cost plan of a long chain', () => {
  it('extrapolates the work to exactly what a run counts, for every part', () => {
    const probe = probeCosts(defaultParams(PROBE_STEPS), 1e-5, now);
    expect(probe.steps).toBe(PROBE_STEPS);
    // Two lengths past the probe's: the work counted at 16 and 32 steps, extrapolated. (The
    // sweep's cost grows as T²: at 1000 steps this test took 35 s of a busy machine and timed out.)
    for (const T of [300, 600]) {
      const r = runLab({ ...settings(T), include: { sweep: true, forward: true, finiteDifference: true, frontier: false, workCurve: false } });
      expect(estimatePart('forward', probe, T).workUnits).toBeCloseTo(r.work.forward, 9);
      expect(estimatePart('finiteDifference', probe, T).workUnits).toBeCloseTo(r.work.finiteDifference, 9);
      expect(estimatePart('sweep', probe, T).workUnits).toBeCloseTo(r.counts.sweepSteps / T, 9);
    }
    // The closed forms the counts follow: P + 1, 2P + 1, and 72(T + 1) for the sweep's 34
    // gradients and third derivatives over prefixes.
    expect(estimatePart('forward', probe, 100_000).workUnits).toBe(200_001);
    expect(estimatePart('finiteDifference', probe, 100_000).workUnits).toBe(400_001);
    expect(estimatePart('sweep', probe, 100_000).workUnits).toBe(72 * 100_001);
    expect(COUNT_STEPS[1]).toBeLessThan(PROBE_STEPS);
  });

  it('runs what fits in the budget, estimates the rest, and never runs the sweep without central differences', () => {
    const probe = fakeProbe({ forward: 2, finiteDifference: 1, sweep: 40 });
    // At 256 steps everything ran in the probe itself.
    expect(planCosts(PROBE_STEPS, probe, 1000).runs).toEqual({ forward: true, finiteDifference: true, sweep: true });
    // At 1024 steps (16× the time): 32 ms, 16 ms and 640 ms all fit in a second.
    expect(planCosts(1024, probe, 1000).runs).toEqual({ forward: true, finiteDifference: true, sweep: true });
    // At 2048 steps the sweep would take 2.6 s.
    const at2048 = planCosts(2048, probe, 1000);
    expect(at2048.runs).toEqual({ forward: true, finiteDifference: true, sweep: false });
    expect(at2048.estimates.sweep?.ms).toBeCloseTo(40 * 64, 9);
    expect(at2048.estimates.forward).toBeUndefined();
    // At 100,000 steps forward mode would take 2 · (100000/256)² ms ≈ 5 min.
    const far = planCosts(100_000, probe, 1000);
    expect(far.runs).toEqual({ forward: false, finiteDifference: false, sweep: false });
    expect(durationText(far.estimates.forward!.ms)).toBe('≈ 5.1 min');
    // A cheap sweep still needs central differences' states.
    const cheapSweep = planCosts(100_000, fakeProbe({ forward: 0, finiteDifference: 1, sweep: 0 }), 1000);
    expect(cheapSweep.runs.sweep).toBe(false);
  });

  it('follows a plan: leaves out what it cannot afford, warns once per part, keeps what the caller left out', () => {
    const plan = planCosts(100_000, fakeProbe({ forward: 2, finiteDifference: 1, sweep: 40 }), 1000);
    const followed = followPlan({ ...settings(100_000), include: { sweep: false, tangents: false } }, plan);
    expect(followed.settings.include).toMatchObject({ forward: false, finiteDifference: false, sweep: false, thirdDerivatives: false, tangents: false });
    expect(Object.keys(followed.estimates).sort()).toEqual(['finiteDifference', 'forward']);
    expect(followed.warnings).toHaveLength(2);
    expect(followed.warnings[0]).toBe('forward mode is not run at this length: it would take ≈ 5.1 min (≈ 200,001 passes), estimated from a run at 256 steps');
    // A report run by the plan at 20,000 steps: reverse and checkpointed present, the others NaN.
    const at20k = followPlan(settings(20_000), planCosts(20_000, fakeProbe({ forward: 2, finiteDifference: 1, sweep: 40 }))).settings;
    const r = runLab({ ...at20k, include: { ...at20k.include, frontier: false, workCurve: false } });
    // The last steps' gradients are finite (further back the adjoint overflows: the wobble's
    // slope grows with t), and the checkpointed sweep gives the same bits.
    expect(Number.isFinite(r.gradient.reverse.a[19_999])).toBe(true);
    expect(r.gradient.checkpointed.a).toEqual(r.gradient.reverse.a);
    expect(r.work.forward).toBeNaN();
    expect(r.work.finiteDifference).toBeNaN();
    expect(r.sweep).toEqual([]);
    // No step-limit warnings: the plan's own say why.
    expect(r.warnings.filter((w) => /skipped/.test(w))).toEqual([]);
  });

  it('says a duration in one unit', () => {
    expect(durationText(40)).toBe('≈ 40 ms');
    expect(durationText(2500)).toBe('≈ 2.5 s');
    expect(durationText(9 * 60_000)).toBe('≈ 9 min');
    expect(durationText(3.1 * 3_600_000)).toBe('≈ 3.1 h');
    expect(durationText(NaN)).toBe('≈ ?');
  });
});
