import { evaluateLoss, stepsOf, type ChainParams } from './chain.ts';
import { scheduleEvaluations } from './checkpoint/cost.ts';
import { executeSchedule } from './checkpoint/executor.ts';
import { specOf } from './checkpoint/lab-schedule.ts';
import { buildSchedule } from './checkpoint/spec.ts';
import { baseStates, centralDifferencesFrom, newEvaluationCount } from './finite-difference.ts';
import { forwardGradient } from './forward.ts';
import type { LabSettings } from './report.ts';
import { reverseGradient } from './reverse.ts';
import { finish } from './slicing.ts';
import { alternatedRounds, type RatioSpread } from './tradeoffs/timing.ts';

/** The methods timed: the plain evaluation is the unit the others are measured in. */
export type TimedMethod = 'plain' | 'reverse' | 'forward' | 'finiteDifference' | 'checkpointed';

export const TIMED_METHODS: readonly TimedMethod[] = ['plain', 'reverse', 'forward', 'finiteDifference', 'checkpointed'];

/**
 * One method's time on the current chain, measured by the one timing method every time on screen
 * and in the command line uses (engine/tradeoffs/timing.ts): warmed up, then rounds of one batch of
 * the method and one of the plain run, in alternation, each batch long enough for the clock; the
 * figure is the median of the rounds' ratios, with their middle half kept.
 */
export interface MethodTime {
  /** Milliseconds of one gradient (one evaluation for `plain`): `ratio` times the plain run's time. */
  ms: number;
  /** Rounds the ratio is the median of (0 for the plain run, the unit). */
  runs: number;
  /** The time over the plain evaluation's: "runs of the chain", measured (the median of the rounds). */
  ratio: number;
  /** The middle half of the rounds' ratios: from `low` to `high` (scaled like `ratio` when estimated). */
  low: number;
  high: number;
  /** True when that middle half is wider than NOISY_SPREAD: too noisy to tell on this machine just now. */
  noisy: boolean;
  /**
   * True when the method was not timed at this length: its ratio was measured at `from` steps and
   * scaled by its counted work (passes, or a binomial schedule's step evaluations per step).
   */
  estimated: boolean;
  /** The steps it was measured at (the chain's own unless estimated). */
  from: number;
}

export interface MethodTimes {
  steps: number;
  times: Record<TimedMethod, MethodTime>;
}

/** How the methods are timed: a clock in milliseconds, and how long each group of rounds runs. */
export interface TimingOptions {
  now: () => number;
  /** The least time each group of alternated rounds runs for, in ms (default 400). */
  budgetMs?: number;
  /** The least rounds of each group that count toward every ratio (default 9: quartiles need a few). */
  minRounds?: number;
  /** Time every method at the chain's own length, however long (`tape-lab bench`'s check of the estimates). */
  fullLength?: boolean;
  /** The work each method does on a chain (a test's fake machine); the real methods by default. */
  runner?: (method: TimedMethod, params: ChainParams, settings: LabSettings) => () => number;
  /** Hears each group as its timing starts, in words ("timing reverse mode against the plain run"): a long chain's timing takes seconds. */
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
 * evaluations over a prefix that averages T/2 steps) as T².
 */
export const GROWTH: Record<TimedMethod, 1 | 2> = { plain: 1, reverse: 1, checkpointed: 1, forward: 2, finiteDifference: 2 };

/**
 * The longest chain a method whose cost grows faster than T is timed on: past it, its ratio is
 * measured here and scaled by its counted work. Chosen by counted work, never by a timing, so the
 * same methods are estimated on every machine.
 */
export const MIN_TRIAL_STEPS = 256;

/**
 * The counted work per step of a method at `steps` steps, in plain runs' worth: its passes (P + 1
 * for forward mode, 2P + 1 for central differences), or a binomial schedule's step evaluations
 * per step. Its runs of time grow in proportion.
 */
export function workPerRun(method: TimedMethod, settings: Pick<LabSettings, 'schedule' | 'stride' | 'snapshots'>, steps: number): number {
  switch (method) {
    case 'forward':
      return 2 * steps + 1;
    case 'finiteDifference':
      return 4 * steps + 1;
    case 'checkpointed':
      return scheduleEvaluations(steps, specOf(settings, steps)) / steps;
    default:
      return 1;
  }
}

/** The steps a method is timed at on a chain of `steps`: the chain's own, or MIN_TRIAL_STEPS for one whose work grows faster than T. */
export function trialSteps(method: TimedMethod, settings: Pick<LabSettings, 'schedule'>, steps: number): number {
  const grows = GROWTH[method] === 2 || (method === 'checkpointed' && settings.schedule === 'revolve');
  return grows ? Math.min(steps, MIN_TRIAL_STEPS) : steps;
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

/**
 * Times each method on the chain of `settings` (plain evaluation, reverse mode, forward mode,
 * central differences, the checkpointed sweep) against the plain run, in whatever thread calls it
 * (the worker, the command line). A method whose work grows faster than T is timed on the first
 * MIN_TRIAL_STEPS steps when the chain is longer, and its ratio scaled by its counted work.
 */
export function timeMethods(params: ChainParams, settings: LabSettings, options: TimingOptions): MethodTimes {
  return finish(timeMethodsInSlices(params, settings, options));
}

/**
 * `timeMethods` one round at a time: the generator yields after each round of batches (a few
 * milliseconds of work, more on a long chain), so a caller can read its messages in between, or
 * give up on a timing its settings have already left (the lab's worker does both).
 *
 * The methods are timed in groups by the length they are timed at; each group is one run of
 * alternated rounds with its own plain run as the reference (`alternatedRounds`), so every ratio
 * compares two batches taken moments apart on the same machine.
 */
export function* timeMethodsInSlices(params: ChainParams, settings: LabSettings, options: TimingOptions): Generator<void, MethodTimes> {
  const { now, budgetMs = 400, minRounds = 9, fullLength = false, onStage = () => {}, runner: work = runner } = options;
  const steps = stepsOf(params);
  const at = (m: TimedMethod) => (fullLength ? steps : trialSteps(m, settings, steps));
  const lengths = [...new Set(TIMED_METHODS.map(at))].sort((x, y) => y - x);
  const times = {} as Record<TimedMethod, MethodTime>;
  let plainMs = Number.NaN;
  for (const length of lengths) {
    const methods = TIMED_METHODS.filter((m) => m !== 'plain' && at(m) === length);
    onStage(`timing ${methods.map((m) => STAGE_NAMES[m]).join(', ')} against the plain run${length === steps ? '' : ` at ${length} steps`}`);
    const trial = length === steps ? params : truncate(params, length);
    const fns = [work('plain', trial, settings), ...methods.map((m) => work(m, trial, settings))];
    const timed = yield* alternatedRounds(fns, { now, budgetMs, minRounds, reference: 0, confirm: false });
    if (length === steps) {
      plainMs = timed.typical[0] / 1000;
      times.plain = { ms: plainMs, runs: 0, ratio: 1, low: 1, high: 1, noisy: !(plainMs > 0 && Number.isFinite(plainMs)), estimated: false, from: steps };
    }
    methods.forEach((m, i) => {
      const r = (timed.ratios as RatioSpread[])[i + 1];
      // Scaled by the counted work from the trial's length to the chain's (1 when timed at full length).
      const scale = workPerRun(m, settings, steps) / workPerRun(m, settings, length);
      times[m] = { ms: Number.NaN, runs: r.rounds, ratio: r.median * scale, low: r.low * scale, high: r.high * scale, noisy: r.noisy, estimated: length !== steps, from: length };
    });
  }
  for (const m of TIMED_METHODS) if (m !== 'plain') times[m].ms = times[m].ratio * plainMs;
  return { steps, times };
}

/** The first `steps` steps of a chain (its a_t and b_t cut short; c, x₀ and the target kept). */
export function truncate(params: ChainParams, steps: number): ChainParams {
  return { ...params, a: params.a.slice(0, steps), b: params.b.slice(0, steps) };
}
