/**
 * Cost two ways, side by side: counted passes (full-chain evaluations' worth of work, counted by
 * the code that does it) and measured time in runs of the plain chain (one gradient's time over
 * one plain evaluation's, engine/method-times.ts). The passes show how cost grows: reverse mode
 * 2 and the checkpointed sweep 3 − L/T whatever P is, forward mode P + 1 and central differences
 * 2P + 1. The time shows the constant: the cheap-gradient result says a gradient costs a small
 * constant multiple of the function, whatever P, and the tape's bookkeeping (a node per primitive,
 * its partials stored, a sweep over memory) makes that constant larger than the 2 passes count.
 */
/** The gradient methods whose cost the lab reports (engine/method-times.ts times them and the plain run). */
export type CostedMethod = 'reverse' | 'forward' | 'finiteDifference' | 'checkpointed';

/**
 * The part of engine/method-times.ts's MethodTimes read here, written out so this module (which
 * the report's types import) does not import the timing code.
 */
export interface TimesRead {
  times: Record<CostedMethod | 'plain', { ms: number; ratio: number; low: number; high: number; noisy: boolean; estimated: boolean; from: number }>;
}

export const COSTED_METHODS: readonly CostedMethod[] = ['reverse', 'forward', 'finiteDifference', 'checkpointed'];

/** One method's cost, counted and measured. */
export interface MethodCost {
  /** Full-chain passes, counted (the method's work units). */
  passes: number;
  /**
   * How the passes grow: not at all, in proportion to the parameters P, or with T for a fixed
   * snapshot count (the binomial schedule: T²/2 recomputed steps with one snapshot).
   */
  growth: 'constant' | 'P' | 'T';
  /**
   * One gradient's measured time over one plain run of the chain: the median of rounds that time
   * the two in alternation (engine/tradeoffs/timing.ts); null when not timed.
   */
  runsOfTime: number | null;
  /** The middle half of the rounds' ratios, [lower quartile, upper quartile]; null when not timed. */
  runsOfTimeSpread: [number, number] | null;
  /** True when that middle half is too wide to tell (NOISY_SPREAD): the words withhold the figure. */
  noisy: boolean;
  /** True when that time was measured on a shorter chain (`timedAt` steps) and scaled by counted work. */
  estimated: boolean;
  /** The steps it was timed at; null when not timed. */
  timedAt: number | null;
}

/** The four methods' costs, and the plain run's time they are measured in. */
export interface LabCost {
  /** Milliseconds of one plain evaluation of the chain (the unit of `runsOfTime`); null when not timed. */
  plainMs: number | null;
  reverse: MethodCost;
  forward: MethodCost;
  finiteDifference: MethodCost;
  checkpointed: MethodCost;
}

const GROWTH_IN_P: Record<CostedMethod, MethodCost['growth']> = {
  reverse: 'constant',
  forward: 'P',
  finiteDifference: 'P',
  checkpointed: 'constant',
};

/**
 * Counted passes (`work`) beside measured times (`times`, or null when not timed). The
 * checkpointed passes stay under 3 for the periodic schedule; the binomial one's grow with T.
 */
export function labCost(work: Record<CostedMethod, number>, times: TimesRead | null, schedule: 'periodic' | 'revolve' = 'periodic'): LabCost {
  const one = (m: CostedMethod): MethodCost => {
    const t = times?.times[m];
    const timed = t !== undefined && Number.isFinite(t.ratio);
    return {
      passes: work[m],
      growth: m === 'checkpointed' && schedule === 'revolve' ? 'T' : GROWTH_IN_P[m],
      runsOfTime: timed ? t.ratio : null,
      runsOfTimeSpread: timed ? [t.low, t.high] : null,
      // A timing with no round that counted has no figure (NaN) and is too noisy to tell.
      noisy: t !== undefined && (t.noisy || !Number.isFinite(t.ratio)),
      estimated: t?.estimated ?? false,
      timedAt: t ? t.from : null,
    };
  };
  return {
    plainMs: times ? times.times.plain.ms : null,
    reverse: one('reverse'),
    forward: one('forward'),
    finiteDifference: one('finiteDifference'),
    checkpointed: one('checkpointed'),
  };
}

const NAMES: Record<CostedMethod, string> = {
  reverse: 'reverse mode',
  forward: 'forward mode',
  finiteDifference: 'central differences',
  checkpointed: 'checkpointed reverse mode',
};

const FORMULA: Record<CostedMethod, string> = { reverse: '', forward: ' (P + 1)', finiteDifference: ' (2P + 1)', checkpointed: '' };

/** A number of runs for a sentence: two significant figures, at least whole numbers from 10. */
function runsText(x: number): string {
  return x >= 10 ? String(Math.round(x)) : String(Number(x.toPrecision(2)));
}

/** The words for a measured time: "too noisy to tell on this machine just now" when its spread is too wide. */
export const TOO_NOISY = 'too noisy to tell on this machine just now';

/**
 * A measured time in runs, with the middle half of its rounds: "≈ 4.1 runs of time (middle half
 * 3.9–4.4)", "≈ 420 runs of time (estimated from T = 256)", or the words TOO_NOISY.
 */
export function runsOfTimeText(cost: Pick<MethodCost, 'runsOfTime' | 'runsOfTimeSpread' | 'noisy' | 'estimated' | 'timedAt'>): string {
  if (cost.noisy) return `time ${TOO_NOISY}`;
  if (cost.runsOfTime === null) return 'time not measured';
  const spread = cost.runsOfTimeSpread ? ` (middle half ${runsText(cost.runsOfTimeSpread[0])}–${runsText(cost.runsOfTimeSpread[1])})` : '';
  return `≈ ${runsText(cost.runsOfTime)} runs of time${spread}${cost.estimated ? `, estimated from T = ${cost.timedAt}` : ''}`;
}

/**
 * One line: "reverse mode: 2 passes, ≈ 4.1 runs of time (middle half 3.9–4.4), the same at every T"
 * or "forward mode: 81 passes (P + 1), time too noisy to tell on this machine just now, growing with P".
 */
export function costSentence(method: CostedMethod, cost: MethodCost): string {
  const passes = Number.isFinite(cost.passes) ? `${runsText(cost.passes)} passes${FORMULA[method]}` : 'not run';
  const time = runsOfTimeText(cost);
  const growth =
    cost.growth === 'P'
      ? 'growing with P'
      : cost.growth === 'T'
        ? 'growing with T at a fixed snapshot count'
        : method === 'checkpointed'
          ? 'under 3 at every T'
          : 'the same at every T';
  return `${NAMES[method]}: ${passes}, ${time}, ${growth}`;
}
