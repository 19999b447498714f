import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/chain.ts';
import { countSchedule } from '../../../engine/checkpoint/executor.ts';
import { frontierEstimate, NOMINAL_CHECKPOINT_RATES, scheduleEvaluations, scheduleRunEstimate } from '../../../engine/checkpoint/cost.ts';
import { checkpointReport } from '../../../engine/checkpoint/lab-schedule.ts';
import { scheduleActions } from '../../../engine/checkpoint/spec.ts';
import { runLab } from '../../../engine/lab.ts';
import { CHAIN_DEFAULTS } from '../../../engine/settings-table.ts';

describe('the checkpoint parts, estimated before they start', () => {
  it('a schedule’s step evaluations in closed form equal the executor’s count of a dry run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.boolean(), (T, setting, periodic) => {
        const spec = periodic ? { schedule: 'periodic' as const, stride: Math.min(setting, T) } : { schedule: 'revolve' as const, snapshots: setting };
        expect(scheduleEvaluations(T, spec)).toBe(countSchedule(T, scheduleActions(T, spec)).stepEvaluations);
      }),
      { numRuns: 200 },
    );
  });

  it('one snapshot at 100,000 steps is T + T(T−1)/2 evaluations, far past a second', () => {
    const e = scheduleRunEstimate(100_000, { schedule: 'revolve', snapshots: 1 });
    expect(e.count).toBe(100_000 + (100_000 * 99_999) / 2);
    expect(e.ms).toBe((5_000_050_000 * NOMINAL_CHECKPOINT_RATES.nsPerEvaluation) / 1e6);
    expect(e.fromSteps).toBeNull();
    expect(frontierEstimate(1000)).toEqual({ count: 2000, ms: 1000 ** 2 * NOMINAL_CHECKPOINT_RATES.frontierNsPerStepSquared / 1e6, fromSteps: null });
  });

  it('runLab at 100,000 steps with one snapshot dry-runs the schedule and leaves out the frontier, saying what each would cost', () => {
    const r = runLab({ ...CHAIN_DEFAULTS, steps: 100_000, schedule: 'revolve', snapshots: 1, include: { tangents: false, workCurve: false } });
    const k = r.checkpoint;
    // The dry run's counts are the executor's, and match the closed form t(T, 1) = T(T−1)/2.
    expect(k.advances).toBe((100_000 * 99_999) / 2);
    expect(k.stepEvaluations).toBe(5_000_050_000);
    expect(k.estimates?.run?.count).toBe(5_000_050_000);
    expect(k.estimates?.frontier?.count).toBe(200_000);
    expect(k.frontier).toBeNull();
    expect(Number.isNaN(r.gradient.checkpointed.a[0])).toBe(true);
    expect(r.warnings).toContain('the checkpointed sweep is not run above 5,000,000 step evaluations: its 5,000,050,000 would take ≈ 17 min at a nominal rate; its counts are a dry run\'s');
    expect(r.warnings.some((w) => /^the frontier is not run above 1,000 steps: its 200,000 schedules/.test(w))).toBe(true);
    // A schedule that was not run is not reported as a non-finite gradient.
    expect(r.warnings.some((w) => /checkpointed gradient components are not finite/.test(w))).toBe(false);
  });

  it('runs what its counts allow, and what the caller names regardless of them', () => {
    const params = defaultParams(40);
    const settings = { ...CHAIN_DEFAULTS, schedule: 'revolve' as const, snapshots: 1 };
    const fits = checkpointReport(params, settings);
    expect(fits.report.estimates).toBeUndefined();
    expect(fits.warnings).toEqual([]);
    expect(fits.report.advances).toBe((40 * 39) / 2);
    // Limits of 0 leave both out; naming them in `include` runs them anyway.
    const none = checkpointReport(params, settings, { evaluations: 0, steps: 0 });
    expect(Object.keys(none.report.estimates ?? {}).sort()).toEqual(['frontier', 'run']);
    const forced = checkpointReport(params, { ...settings, include: { checkpointed: true, frontier: true } }, { evaluations: 0, steps: 0 });
    expect(forced.report.estimates).toBeUndefined();
    expect(forced.report.frontier?.revolve).toHaveLength(40);
    // Run or dry-run, the counts are the same.
    expect(none.report.stepEvaluations).toBe(fits.report.stepEvaluations);
    expect(fits.report.gradient.a).toEqual(runLab({ ...settings, include: { workCurve: false } }).gradient.reverse.a);
  });
});
