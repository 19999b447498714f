import { describe, expect, it } from 'vitest';
import { COUNT_STEPS, estimatePart, followPlan, planCosts } from '../../engine/cost-plan.ts';
import { runLab } from '../../engine/lab.ts';
import { FINITE_DIFFERENCE_STEP_LIMIT, FORWARD_STEP_LIMIT, SWEEP_STEP_LIMIT } from '../../engine/limits.ts';
import { durationText } from '../../engine/number-text.ts';
import type { LabSettings } from '../../engine/report.ts';
import { CHAIN_DEFAULTS } from '../../engine/settings-table.ts';

const settings = (steps: number): LabSettings => ({ ...CHAIN_DEFAULTS, steps });

describe('the cost plan of a long chain', () => {
  it('extrapolates the work to exactly what a run counts, for every part', () => {
    // Two lengths past the counts': the work counted at 16 and 32 steps, extrapolated. (The
    // sweep's cost grows as T²: at 1000 steps this test took 35 s of a busy machine and timed out.)
    for (const T of [300, 600]) {
      const r = runLab({ ...settings(T), include: { sweep: true, forward: true, finiteDifference: true, frontier: false, workCurve: false } });
      expect(estimatePart('forward', T).workUnits).toBeCloseTo(r.work.forward, 9);
      expect(estimatePart('finiteDifference', T).workUnits).toBeCloseTo(r.work.finiteDifference, 9);
      expect(estimatePart('sweep', T).workUnits).toBeCloseTo(r.counts.sweepSteps / T, 9);
    }
    // The closed forms the counts follow: P + 1, 2P + 1, and 72(T + 1) for the sweep's 34
    // gradients and third derivatives over prefixes.
    expect(estimatePart('forward', 100_000)).toEqual({ workUnits: 200_001, limit: FORWARD_STEP_LIMIT, countedAt: COUNT_STEPS });
    expect(estimatePart('finiteDifference', 100_000).workUnits).toBe(400_001);
    expect(estimatePart('sweep', 100_000).workUnits).toBe(72 * 100_001);
  });

  it('decides by the step limits alone, the same every time, and never runs the sweep without central differences', () => {
    expect(planCosts(SWEEP_STEP_LIMIT).runs).toEqual({ forward: true, finiteDifference: true, sweep: true });
    expect(planCosts(SWEEP_STEP_LIMIT + 1).runs).toEqual({ forward: true, finiteDifference: true, sweep: false });
    expect(planCosts(2000)).toEqual(planCosts(2000));
    expect(planCosts(FINITE_DIFFERENCE_STEP_LIMIT + 1).runs).toEqual({ forward: true, finiteDifference: false, sweep: false });
    const far = planCosts(FORWARD_STEP_LIMIT + 1);
    expect(far.runs).toEqual({ forward: false, finiteDifference: false, sweep: false });
    expect(Object.keys(far.estimates).sort()).toEqual(['finiteDifference', 'forward', 'sweep']);
    expect(planCosts(40).estimates).toEqual({});
  });

  it('follows a plan: leaves out what passes its limit, warns once per part with its reason and counted estimate, keeps what the caller left out', () => {
    const followed = followPlan({ ...settings(100_000), include: { sweep: false, tangents: false } });
    expect(followed.settings.include).toMatchObject({ forward: false, finiteDifference: false, sweep: false, thirdDerivatives: false, tangents: false });
    expect(Object.keys(followed.estimates).sort()).toEqual(['finiteDifference', 'forward']);
    expect(followed.warnings).toEqual([
      'forward mode is not run above 10,000 steps: it would take ≈ 200,001 passes (work counted at 16 and 32 steps)',
      'central differences are not run above 5,000 steps: they would take ≈ 400,001 passes (work counted at 16 and 32 steps)',
    ]);
    // A report run by the plan at 20,000 steps: reverse and checkpointed present, the others NaN.
    const at20k = followPlan(settings(20_000)).settings;
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
