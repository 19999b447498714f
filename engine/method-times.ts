import { evaluateLoss, stepsOf, type ChainParams } from './chain.ts';
import { scheduleEvaluations, scheduleRunEstimate } from './checkpoint/cost.ts';
import { executeSchedule } from './checkpoint/executor.ts';
import { specOf } from './checkpoint/lab-schedule.ts';
import { buildSchedule } from './checkpoint/spec.ts';
import { baseStates, centralDifferencesFrom, newEvaluationCount } from './finite-difference.ts';
import { forwardGradient } from './forward.ts';
import type { LabSettings } from './report.ts';
import { reverseGradient } from './reverse.ts';
import { finish } from './slicing.ts';

/** The methods timed: the plain evaluation is the unit the others are measured in. */
export type TimedMethod = 'plain' | 'reverse' | 'forward' | 'finiteDifference' | 'checkpointed';

export const TIMED_METHODS: readonly TimedMethod[] = ['plain', 'reverse', 'forward', 'finiteDifference', 'checkpointed'];

/** One method's time on the current chain. */
export interface MethodTime {
  /** Median milliseconds of one gradient (one evaluation for `plain`). */
  ms: number;
  /** How many runs the median is of. */
  runs: number;
  /** The time divided by the plain evaluation's: "runs of the chain", measured. */
  ratio: number;
  /**
   * True when the method was not run at this length: its time is scaled from a run at `from`
   * steps by the way its work grows (T² for forward mode and central differences).
   */
  estimated: boolean;
  /** The steps it was measured at (the chain's own unless estimated). */
  from: number;
}

export interface MethodTimes {
  steps: number;
  times: Record<TimedMethod, MethodTime>;
}

/** What the timing needs: a clock in milliseconds, and how long a method may take before it is estimated instead. */
export interface TimingOptions {
  now: () => number;
  /** Runs per method; the median is reported (default 5). */
  repeats?: number;
  /** A method whose first run would pass this many ms is not run at this length (default 1000). */
  budgetMs?: number;
  /**
   * Estimates already made for methods not run at this length (the lab run's, engine/cost-plan.ts):
   * these are not timed again, so every place that shows the estimate shows the same one.
   */
  given?: Partial<Record<TimedMethod, { ms: number; from: number }>>;
  /** Hears each method as its timing starts, in words ("timing reverse mode"): a long chain's timing takes seconds. */
  onStage?: (text: string) => void;
}

/** Each method's name in a progress line. */
const STAGE_NAMES: Record<TimedMethod, string> = {
  plain: 'the plain run',
  reverse: 'reverse mode',
  forward: 'forward mode',
  finiteDifference: 'central differences',
  checkpointed: 'the checkpointed sweep',
};

/**
 * How each method's cost grows with the steps T: the plain run, the tape and the checkpointed
 * sweep as T; forward mode (P = 2T lanes through T steps) and central differences (2P
 * evaluations over a prefix that averages T/2 steps) as T². (A binomial schedule grows faster
 * than T with few snapshots, T²/2 with one: its time is scaled by its counted step evaluations
 * instead, `scaleCheckpointed`.)
 */
export const GROWTH: Record<TimedMethod, 1 | 2> = { plain: 1, reverse: 1, checkpointed: 1, forward: 2, finiteDifference: 2 };

/** The shortest chain a T² method is timed on before its time is scaled up. */
export const MIN_TRIAL_STEPS = 256;

/** The cost at `steps` of a method measured at `from` steps: scaled by its growth. */
export function scaleTime(method: TimedMethod, ms: number, from: number, steps: number): number {
  return ms * (steps / from) ** GROWTH[method];
}

/**
 * The cost at `steps` of the checkpointed sweep measured at `from` steps: scaled by its step
 * evaluations, counted in closed form (engine/checkpoint/cost.ts). For the binomial schedule with
 * one snapshot at 100,000 steps that is 5·10⁹ evaluations: hours, never run to be timed.
 */
export function scaleCheckpointed(settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>, ms: number, from: number, steps: number): number {
  return (ms * scheduleEvaluations(steps, specOf(settings, steps))) / scheduleEvaluations(from, specOf(settings, from));
}

/** The runs of one method, each returning something to keep it from being optimised away. */
function runner(method: TimedMethod, params: ChainParams, settings: LabSettings): () => number {
  switch (method) {
    case 'plain':
      return () => evaluateLoss(params);
    case 'reverse':
      return () => reverseGradient(params).a[0];
    case 'forward':
      return () => forwardGradient(params, { recordTangents: false }).a[0];
    case 'finiteDifference':
      return () => {
        const count = newEvaluationCount();
        return centralDifferencesFrom(params, baseStates(params, count), settings.eps, count).a[0];
      };
    case 'checkpointed': {
      // The schedule's run alone, as a framework would do it: the list of actions is planned once
      // for a length, before any gradient, and the report's bookkeeping (the full tape's dry run
      // for its memory figure) is not part of the gradient's cost.
      const actions = buildSchedule(stepsOf(params), specOf(settings, stepsOf(params)));
      return () => executeSchedule(params, actions).a[0];
    }
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Times one method: one run first (the warm-up, or the only sample when it alone fills the
 * budget), then up to `repeats` more while they fit in the budget, and the median. The plain
 * evaluation, a few microseconds at small T, is timed in batches so the clock's resolution does
 * not swamp it.
 */
function* timeOne(run: () => number, options: Required<TimingOptions>): Generator<void, { ms: number; runs: number }> {
  const { now, repeats, budgetMs } = options;
  // One run unmeasured first: the compiler's warm-up is not the method's cost. A first run that
  // alone fills the budget is its own sample (its warm-up is a small part of it): a second would
  // double a long chain's silence (the full tape at 100,000 steps: seconds a run).
  const first = now();
  let sink = run();
  const firstMs = now() - first;
  if (firstMs >= budgetMs && !Number.isNaN(sink)) {
    yield;
    return { ms: firstMs, runs: 1 };
  }
  const samples: number[] = [];
  let spent = 0;
  for (let i = 0; i < repeats && (i === 0 || spent < budgetMs); i++) {
    let batch = 1;
    let t0 = now();
    sink += run();
    let took = now() - t0;
    // Below two milliseconds, time a batch long enough for the clock to read well.
    while (took < 2 && batch < 1 << 16) {
      batch *= 4;
      t0 = now();
      for (let k = 0; k < batch; k++) sink += run();
      took = now() - t0;
    }
    samples.push(took / batch);
    spent += took;
    yield;
  }
  if (Number.isNaN(sink)) samples.push(Number.NaN);
  return { ms: median(samples.filter((v) => !Number.isNaN(v))), runs: samples.length };
}

/**
 * Times each method on the chain of `settings` (plain evaluation, reverse mode, forward mode,
 * central differences, the checkpointed sweep): the median of a few runs each, in whatever
 * thread calls it (the worker). A method that would take more than `budgetMs` at this length is
 * not run: it is timed on a shorter chain that fits (halving T, at least MIN_TRIAL_STEPS), scaled
 * up by its growth (T², or a binomial schedule's counted step evaluations), and marked as an estimate.
 */
export function timeMethods(params: ChainParams, settings: LabSettings, options: TimingOptions): MethodTimes {
  return finish(timeMethodsInSlices(params, settings, options));
}

/**
 * `timeMethods` one sample at a time: the generator yields after each timed sample (a few
 * milliseconds of work, up to `budgetMs` on a long chain), so a caller can read its messages in
 * between, or give up on a timing its settings have already left (the lab's worker does both).
 */
export function* timeMethodsInSlices(params: ChainParams, settings: LabSettings, options: TimingOptions): Generator<void, MethodTimes> {
  const full: Required<TimingOptions> = { repeats: 5, budgetMs: 1000, given: {}, onStage: () => {}, ...options };
  const steps = stepsOf(params);
  const times = {} as Record<TimedMethod, MethodTime>;
  for (const method of TIMED_METHODS) {
    const given = full.given[method];
    if (given) {
      times[method] = { ms: given.ms, runs: 0, ratio: Number.NaN, estimated: true, from: given.from };
      continue;
    }
    full.onStage(`timing ${STAGE_NAMES[method]}`);
    // Predict this method's time at full length from a short trial, and shorten the chain until it fits.
    let at = steps;
    let trial = params;
    const binomial = method === 'checkpointed' && settings.schedule === 'revolve';
    const rated = binomial && settings.checkpointRates ? scheduleRunEstimate(steps, specOf(settings, steps), settings.checkpointRates) : null;
    if (rated && rated.fromSteps !== null && rated.ms > full.budgetMs) {
      // The lab run's own estimate (engine/checkpoint/lab-schedule.ts, at the rates it was given): the same figure wherever it is shown.
      times[method] = { ms: rated.ms, runs: 0, ratio: Number.NaN, estimated: true, from: rated.fromSteps };
      continue;
    }
    const scale = (ms: number, from: number, to: number) => (binomial ? scaleCheckpointed(settings, ms, from, to) : scaleTime(method, ms, from, to));
    if (GROWTH[method] === 2 || binomial) {
      // Long enough that the per-run overheads (allocating P lanes, the base states) are small
      // beside the T² work, so the scaling holds.
      const probeSteps = Math.min(steps, MIN_TRIAL_STEPS);
      const probe = truncate(params, probeSteps);
      const probeMs = (yield* timeOne(runner(method, probe, settings), { ...full, repeats: 1 })).ms;
      while (at > probeSteps && scale(probeMs, probeSteps, at) > full.budgetMs) at = Math.max(probeSteps, Math.floor(at / 2));
      trial = at === steps ? params : truncate(params, at);
    }
    const measured = yield* timeOne(runner(method, trial, settings), full);
    // Scaled by the method's growth (T², or the schedule's counted evaluations): at MIN_TRIAL_STEPS
    // and above the per-run overheads are small beside it, so the estimate errs a little high, never far.
    const ms = at === steps ? measured.ms : scale(measured.ms, at, steps);
    times[method] = { ms, runs: measured.runs, ratio: Number.NaN, estimated: at !== steps, from: at };
  }
  for (const method of TIMED_METHODS) times[method].ratio = times[method].ms / times.plain.ms;
  return { steps, times };
}

/** The first `steps` steps of a chain (its a_t and b_t cut short; c, x₀ and the target kept). */
export function truncate(params: ChainParams, steps: number): ChainParams {
  return { ...params, a: params.a.slice(0, steps), b: params.b.slice(0, steps) };
}
