import { describe, expect, it } from 'vitest';
import { followPlan, paramsOf, planCosts, PROBE_STEPS, probeCosts, runLab, stepsOfSettings, type CostProbe } from '../../engine/index.ts';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { checkpointNotRunSentence } from '../../app/lab/notRun.ts';
import { DEFAULTS } from '../../app/state/settings/schema.ts';
import { createPipeline, partKey } from '../../workers/lab/cachedParts.ts';

/** Runs the planner to completion against the real engine; returns the include flags used. */
function settle(pipeline: ReturnType<typeof createPipeline>, target: typeof DEFAULTS) {
  const runs = [];
  let last = null;
  for (let run = pipeline.next(target); run; run = pipeline.next(target)) {
    if (runs.length > 5) throw new Error('the planner does not settle');
    runs.push(run.include);
    last = pipeline.absorb(runLab(run), run);
  }
  return { runs, last };
}

describe('the run planner', () => {
  it('first paints without the sweep, then computes the sweep alone', () => {
    const pipeline = createPipeline();
    const { runs, last } = settle(pipeline, DEFAULTS);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ sweep: false, tangents: true, frontier: true, workCurve: true });
    expect(runs[1]).toMatchObject({ sweep: true, tangents: false, frontier: false, workCurve: false });
    expect(last?.stale).toEqual([]);
    expect(last?.report.sweep.length).toBeGreaterThan(10);
    expect(last?.report.tangents).not.toBeNull();
    expect(last?.report.checkpoint.frontier).not.toBeNull();
  });

  it('marks the sweep stale in the quick run and reuses every part the epsilon does not change', () => {
    const pipeline = createPipeline();
    settle(pipeline, DEFAULTS);
    const moved = { ...DEFAULTS, eps: 3e-7 };
    const run = pipeline.next(moved);
    expect(run?.include).toEqual({
      sweep: false,
      thirdDerivatives: false,
      tangents: false,
      frontier: false,
      workCurve: false,
    });
    const { report, stale } = pipeline.absorb(runLab(run!), run!);
    expect(stale).toEqual([]);
    expect(report.eps).toBe(3e-7);
    expect(report.sweep.length).toBeGreaterThan(10);
    expect(report.tangents).not.toBeNull();
    expect(pipeline.next(moved)).toBeNull();
  });

  it('recomputes only the work curve when the stride changes', () => {
    const pipeline = createPipeline();
    settle(pipeline, DEFAULTS);
    const run = pipeline.next({ ...DEFAULTS, stride: 5 });
    expect(run?.include).toMatchObject({ sweep: false, tangents: false, frontier: false, workCurve: true });
  });

  it('carries the old sweep, marked stale, while the steps change', () => {
    const pipeline = createPipeline();
    settle(pipeline, DEFAULTS);
    const target = { ...DEFAULTS, steps: 41 };
    const run = pipeline.next(target)!;
    const { report, stale } = pipeline.absorb(runLab(run), run);
    expect(stale).toEqual(['sweep', 'frontier']);
    expect(report.steps).toBe(41);
    expect(report.tangents?.length).toBe(42 * 82);
    expect(pipeline.next(target)?.include).toMatchObject({ sweep: true });
  });

  it('carries the old frontier, marked stale, while the steps change, and computes it with the sweep', () => {
    const pipeline = createPipeline();
    settle(pipeline, DEFAULTS);
    const target = { ...DEFAULTS, steps: 41 };
    const quick = pipeline.next(target)!;
    expect(quick.include).toMatchObject({ sweep: false, frontier: false, tangents: true });
    const { report, stale } = pipeline.absorb(runLab(quick), quick);
    expect(stale).toEqual(['sweep', 'frontier']);
    expect(report.checkpoint.frontier?.periodic).toHaveLength(40);
    const follow = pipeline.next(target)!;
    expect(follow.include).toMatchObject({ sweep: true, frontier: true, tangents: false });
    const after = pipeline.absorb(runLab(follow), follow);
    expect(after.stale).toEqual([]);
    expect(after.report.checkpoint.frontier?.periodic).toHaveLength(41);
    expect(pipeline.next(target)).toBeNull();
  });

  it('holds the follow-up (sweep, frontier) while told to, and gives it once let go', () => {
    let dragging = true;
    const pipeline = createPipeline({ holdFollowUps: () => dragging });
    dragging = false;
    settle(pipeline, DEFAULTS);
    dragging = true;
    const target = { ...DEFAULTS, steps: 41 };
    // The quick run is never held: it is what the dragged slider shows.
    const quick = pipeline.next(target)!;
    expect(quick.include).toMatchObject({ sweep: false, frontier: false, tangents: true });
    expect(pipeline.absorb(runLab(quick), quick).stale).toEqual(['sweep', 'frontier']);
    expect(pipeline.next(target)).toBeNull();
    dragging = false;
    expect(pipeline.next(target)?.include).toMatchObject({ sweep: true, frontier: true, tangents: false });
  });

  it('keys each part by exactly the settings it depends on', () => {
    const base = DEFAULTS;
    expect(partKey('sweep', { ...base, eps: 1e-3, stride: 9 })).toBe(partKey('sweep', base));
    expect(partKey('sweep', { ...base, c: 0.5 })).not.toBe(partKey('sweep', base));
    expect(partKey('frontier', { ...base, c: 0.5, schedule: 'revolve' })).toBe(partKey('frontier', base));
    expect(partKey('workCurve', { ...base, snapshots: 4 })).not.toBe(partKey('workCurve', base));
    // The curve's chain lengths are fixed: moving the steps does not recount it.
    expect(partKey('workCurve', { ...base, steps: base.steps + 1 })).toBe(partKey('workCurve', base));
  });
});

/**
 * A run as lab.worker.ts makes it: past PROBE_STEPS the costly parts are timed on a short chain
 * once, the plan leaves out what would pass about a second, and the plan's estimates join the report.
 */
function workerRun(settings: LabSettings, probe: CostProbe): LabReport {
  const plan = followPlan(settings, planCosts(stepsOfSettings(settings), probe));
  const run = runLab(plan.settings);
  return plan.warnings.length > 0 ? { ...run, estimates: plan.estimates, warnings: [...plan.warnings, ...run.warnings] } : run;
}

describe('a frontier left out for its cost', () => {
  it('keeps its estimate through the follow-up run, at #steps=100000&schedule=revolve&snapshots=1 (issue 32)', () => {
    const target = { ...DEFAULTS, steps: 100_000, schedule: 'revolve' as const, snapshots: 1 };
    // A clock that moves 1 ms a reading: every part times 1 ms at the probe's length, so the
    // estimates below are the same on any machine, however busy (no time is measured here).
    let clock = 0;
    const probe = probeCosts(paramsOf({ ...target, steps: PROBE_STEPS }), target.eps, () => (clock += 1));
    const pipeline = createPipeline();
    const shown: LabReport[] = [];
    // The page is done when the planner asks for nothing more: a quick run, then the sweep's.
    for (let run = pipeline.next(target); run; run = pipeline.next(target)) {
      if (shown.length > 3) throw new Error('the planner does not settle');
      shown.push(pipeline.absorb(workerRun(run, probe), run).report);
    }
    expect(shown).toHaveLength(2);
    for (const report of shown) {
      // Every report on screen says what the frontier would cost: 2T schedules, hours of work.
      expect(report.checkpoint.frontier).toBeNull();
      expect(report.checkpoint.estimates?.frontier?.count).toBe(200_000);
      expect(report.checkpoint.estimates?.frontier?.ms).toBeGreaterThan(60_000);
      expect(report.checkpoint.estimates?.run?.count).toBe(5_000_050_000);
    }
    // The follow-up computed only the sweep (itself left out at this length, with its estimate).
    const last = shown[1];
    // 1 ms at the probe's length, scaled as T².
    expect(last.estimates?.sweep?.ms).toBeCloseTo((100_000 / PROBE_STEPS) ** 2, 6);
    expect(last.sweep).toHaveLength(0);
    expect(checkpointNotRunSentence('frontier', last.checkpoint.estimates!.frontier!, last.steps)).toMatch(
      /^The frontier is not run at T = 100,000: its 200,000 schedules .* would take ≈ [\d.]+ (min|h)/,
    );
  });
});
