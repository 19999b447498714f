import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../engine/chain.ts';
import type { LabSettings } from '../../engine/report.ts';
import { scaleCheckpointed, scaleTime, timeMethods, timeMethodsInSlices, TIMED_METHODS, truncate } from '../../engine/method-times.ts';
import { scheduleEvaluations } from '../../engine/checkpoint/cost.ts';

const settings = (steps: number): LabSettings => ({
  steps,
  eps: 1e-5,
  stride: 4,
  schedule: 'periodic',
  snapshots: 3,
  state: 'scalar',
  c: 0.35,
  x0: 0.4,
  target: 0.25,
});
/** A clock that reads 5 ms later at every reading: every timed sample is one run of 5 ms. */
function ticking(): () => number {
  let clock = 0;
  return () => (clock += 5);
}

// What the times are on a real clock (and whether the estimates land near a full-length run) is
// measured and printed by `npm run -s lab -- bench`, not asserted here: it depends on the machine.
describe('timing each method on the chain', () => {
  it('times every method as the median of its runs, with the plain evaluation as the unit and nothing estimated when all fit', () => {
    const t = timeMethods(defaultParams(40), settings(40), { now: ticking(), repeats: 3 });
    expect(t.steps).toBe(40);
    for (const m of TIMED_METHODS) expect(t.times[m], m).toEqual({ ms: 5, runs: 3, ratio: 1, estimated: false, from: 40 });
  });

  it('says which method it is timing, for the command line’s progress lines', () => {
    const stages: string[] = [];
    timeMethods(defaultParams(40), settings(40), { now: ticking(), repeats: 1, onStage: (text) => stages.push(text) });
    expect(stages).toEqual(['timing the plain run', 'timing reverse mode', 'timing forward mode', 'timing central differences', 'timing the checkpointed sweep']);
  });

  it('a first run that alone fills the budget is the one sample: no second run of a long chain', () => {
    let clock = 0;
    // Each reading 300 ms later: every run "takes" 300 ms, past a 250 ms budget.
    const t = timeMethods(defaultParams(40), settings(40), { now: () => (clock += 300), repeats: 5, budgetMs: 250 });
    for (const m of ['plain', 'reverse', 'checkpointed'] as const) expect(t.times[m], m).toMatchObject({ ms: 300, runs: 1, estimated: false });
  });

  it('in slices: yields after every sample, each slice a few runs, and ends with the same kind of result', () => {
    // Every sample is one run, and each run fits the budget.
    const timing = timeMethodsInSlices(defaultParams(40), settings(40), { now: ticking(), repeats: 3 });
    let slices = 0;
    let slice = timing.next();
    while (!slice.done) {
      slices += 1;
      slice = timing.next();
    }
    const t = slice.value;
    // One slice per sample: three per method, and the one-run probe that sizes forward mode's
    // and central differences' trial chain (none is estimated at T = 40).
    expect(slices).toBe(3 * TIMED_METHODS.length + 2);
    expect(TIMED_METHODS.map((m) => t.times[m].runs)).toEqual(TIMED_METHODS.map(() => 3));
    expect(t.times.plain.ratio).toBe(1);
  });

  it('scales a T² method by the square of the length ratio', () => {
    expect(scaleTime('forward', 2, 100, 1000)).toBe(200);
    expect(scaleTime('reverse', 2, 100, 1000)).toBe(20);
  });

  it('over budget, times forward mode and central differences on a shorter chain and scales them by T²; reverse and checkpointed run at full length', () => {
    const T = 1024;
    const params = defaultParams(T);
    // Each sample reads 5 ms: the one-run probe at 256 steps scales to 5·4² = 80 ms at T = 1024,
    // over a 5 ms budget, so both are timed at 256 steps and scaled up: 80 ms.
    const estimated = timeMethods(params, settings(T), { now: ticking(), repeats: 5, budgetMs: 5 });
    for (const m of ['forward', 'finiteDifference'] as const) {
      expect(estimated.times[m], m).toMatchObject({ estimated: true, from: 256, ms: 80 });
    }
    for (const m of ['plain', 'reverse', 'checkpointed'] as const) {
      expect(estimated.times[m], m).toMatchObject({ estimated: false, from: T, ms: 5 });
    }
    // With a budget they fit in, the same methods run at full length.
    const measured = timeMethods(truncate(params, 300), settings(300), { now: ticking(), repeats: 1, budgetMs: 60_000 });
    for (const m of TIMED_METHODS) expect(measured.times[m], m).toMatchObject({ estimated: false, from: 300, ms: 5 });
  });

  it('never runs a binomial schedule too long to time: one snapshot at 100,000 steps is estimated (issue 32)', () => {
    const T = 100_000;
    const params = defaultParams(T);
    const revolve: LabSettings = { ...settings(T), schedule: 'revolve', snapshots: 1 };
    // Scaled by its counted step evaluations, T + T(T − 1)/2, not by T.
    expect(scaleCheckpointed(revolve, 5, 256, T)).toBe((5 * scheduleEvaluations(T, { schedule: 'revolve', snapshots: 1 })) / (256 + (256 * 255) / 2));
    // Without the run's rates: a one-run probe at 256 steps (5 ms) sizes the trial chain — halved
    // from T until the probe, scaled by the evaluations, fits 400 ms — and the trial's time is
    // scaled up by the evaluations. Nothing runs at full length.
    const probed = timeMethods(params, revolve, { now: ticking(), repeats: 3, budgetMs: 400 });
    const from = probed.times.checkpointed.from;
    expect(scaleCheckpointed(revolve, 5, 256, from)).toBeLessThanOrEqual(400);
    expect(scaleCheckpointed(revolve, 5, 256, 2 * from)).toBeGreaterThan(400);
    expect(probed.times.checkpointed).toMatchObject({ estimated: true, ms: scaleCheckpointed(revolve, 5, from, T) });
    // With the rates the lab run was estimated at: that same estimate, not timed at all.
    const rates = { nsPerEvaluation: 200, frontierNsPerStepSquared: 1500, fromSteps: 128 };
    const rated = timeMethods(params, { ...revolve, checkpointRates: rates }, { now: ticking(), repeats: 3, budgetMs: 400 });
    expect(rated.times.checkpointed).toMatchObject({ estimated: true, from: 128, runs: 0, ms: (5_000_050_000 * 200) / 1e6 });
    // The periodic schedule grows as T: run at full length as before.
    expect(probed.times.reverse).toMatchObject({ estimated: false, from: T });
  });
});
