import { describe, expect, it } from 'vitest';
import { defaultParams, stepsOf, type ChainParams } from '../../engine/chain.ts';
import type { LabSettings } from '../../engine/report.ts';
import { MIN_TRIAL_STEPS, timeMethods, timeMethodsInSlices, TIMED_METHODS, trialSteps, workPerRun, type TimedMethod } from '../../engine/method-times.ts';
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

/**
 * A quiet machine in miniature: a clock that moves every microsecond, and methods whose cost on a
 * chain of T steps is known: the plain run 0.01·T µs, reverse mode 5 runs of it, forward mode
 * 2T + 1, central differences (4T + 1)/2, the checkpointed sweep 3 times its step evaluations per step.
 */
function fakeMachine() {
  let trueMs = 0;
  const runs: Partial<Record<TimedMethod, number>> = {};
  const runsOf = (method: TimedMethod, T: number, s: LabSettings): number => {
    if (method === 'checkpointed') return 3 * workPerRun('checkpointed', s, T);
    return { plain: 1, reverse: 5, forward: 2 * T + 1, finiteDifference: (4 * T + 1) / 2 }[method];
  };
  return {
    now: () => Math.floor((trueMs += 0.00002) * 1000) / 1000,
    runner: (method: TimedMethod, params: ChainParams, s: LabSettings) => {
      const T = stepsOf(params);
      const us = 0.01 * T * runsOf(method, T, s);
      return () => {
        runs[method] = (runs[method] ?? 0) + 1;
        trueMs += us / 1000;
        return T;
      };
    },
    runsOf,
  };
}

// What the times are on a real clock is measured and printed by `npm run -s lab -- bench` and
// scripts/time-spread.mjs, never asserted: it depends on the machine and its load.
describe('timing each method against the plain run', () => {
  it('at T = 40 times every method at full length, as runs of the plain chain with their middle half, nothing estimated', () => {
    const m = fakeMachine();
    const t = timeMethods(defaultParams(40), settings(40), { now: m.now, runner: m.runner, budgetMs: 50 });
    expect(t.steps).toBe(40);
    expect(t.times.plain).toMatchObject({ ratio: 1, estimated: false, from: 40, noisy: false });
    expect(t.times.plain.ms).toBeCloseTo(0.0004, 4);
    for (const method of TIMED_METHODS) {
      const x = t.times[method];
      const truth = m.runsOf(method, 40, settings(40));
      expect(Math.abs(x.ratio / truth - 1), method).toBeLessThan(0.02);
      expect(x.low, method).toBeLessThanOrEqual(x.ratio);
      expect(x.high, method).toBeGreaterThanOrEqual(x.ratio);
      expect(x).toMatchObject({ estimated: false, from: 40, noisy: false });
      expect(x.ms).toBeCloseTo(x.ratio * t.times.plain.ms, 12);
    }
  });

  it('says what it is timing, for the command line’s progress lines', () => {
    const m = fakeMachine();
    const stages: string[] = [];
    timeMethods(defaultParams(1024), settings(1024), { now: m.now, runner: m.runner, budgetMs: 20, onStage: (text) => stages.push(text) });
    expect(stages).toEqual([
      'timing reverse mode, the checkpointed sweep against the plain run',
      `timing forward mode, central differences against the plain run at ${MIN_TRIAL_STEPS} steps`,
    ]);
  });

  it('past MIN_TRIAL_STEPS, times forward mode and central differences on the first 256 steps and scales them by counted passes', () => {
    const m = fakeMachine();
    const T = 1024;
    const t = timeMethods(defaultParams(T), settings(T), { now: m.now, runner: m.runner, budgetMs: 50 });
    for (const method of ['forward', 'finiteDifference'] as const) {
      expect(t.times[method], method).toMatchObject({ estimated: true, from: MIN_TRIAL_STEPS });
      // Measured at 256 steps, scaled by (2T + 1)/(2·256 + 1) or (4T + 1)/(4·256 + 1): the ratio at T itself.
      expect(Math.abs(t.times[method].ratio / m.runsOf(method, T, settings(T)) - 1), method).toBeLessThan(0.02);
    }
    for (const method of ['plain', 'reverse', 'checkpointed'] as const) expect(t.times[method], method).toMatchObject({ estimated: false, from: T });
    // Asked to, it times them at full length instead (`bench`'s check of the estimates).
    const full = timeMethods(defaultParams(T), settings(T), { now: m.now, runner: m.runner, budgetMs: 50, fullLength: true });
    for (const method of TIMED_METHODS) expect(full.times[method].from).toBe(T);
  });

  it('chooses what it times where by counted work alone: the same for every clock', () => {
    expect(TIMED_METHODS.map((method) => trialSteps(method, settings(100_000), 100_000))).toEqual([100_000, 100_000, 256, 256, 100_000]);
    const revolve: LabSettings = { ...settings(100_000), schedule: 'revolve', snapshots: 1 };
    expect(trialSteps('checkpointed', revolve, 100_000)).toBe(256);
    expect(trialSteps('forward', settings(200), 200)).toBe(200);
    // A binomial schedule's work per step: its step evaluations (T + T(T − 1)/2 with one snapshot) over T.
    expect(workPerRun('checkpointed', revolve, 100_000)).toBe(scheduleEvaluations(100_000, { schedule: 'revolve', snapshots: 1 }) / 100_000);
  });

  it('never runs a binomial schedule too long to time: one snapshot at 100,000 steps is timed at 256 steps and scaled by its step evaluations', () => {
    const m = fakeMachine();
    const T = 100_000;
    const revolve: LabSettings = { ...settings(T), schedule: 'revolve', snapshots: 1 };
    const t = timeMethods(defaultParams(T), revolve, { now: m.now, runner: m.runner, budgetMs: 20 });
    expect(t.times.checkpointed).toMatchObject({ estimated: true, from: 256 });
    expect(Math.abs(t.times.checkpointed.ratio / m.runsOf('checkpointed', T, revolve) - 1)).toBeLessThan(0.02);
    expect(t.times.reverse).toMatchObject({ estimated: false, from: T });
  });

  it('in slices: yields between rounds and ends with the same kind of result', () => {
    const m = fakeMachine();
    const timing = timeMethodsInSlices(defaultParams(40), settings(40), { now: m.now, runner: m.runner, budgetMs: 20 });
    let slices = 0;
    let slice = timing.next();
    while (!slice.done) {
      slices += 1;
      slice = timing.next();
    }
    // The warm-up, then at least nine rounds.
    expect(slices).toBeGreaterThanOrEqual(10);
    expect(slice.value.times.plain.ratio).toBe(1);
    expect(TIMED_METHODS.every((method) => slice.value.times[method].runs >= (method === 'plain' ? 0 : 9))).toBe(true);
  });
});
