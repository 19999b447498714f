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
  times: Record<CostedMethod | 'plain', { ms: number; ratio: number; estimated: boolean }>;
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
  /** One gradient's measured time over one plain run of the chain; null when not timed. */
  runsOfTime: number | null;
  /** True when that time was scaled from a shorter chain instead of run at this length. */
  estimated: boolean;
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
    return {
      passes: work[m],
      growth: m === 'checkpointed' && schedule === 'revolve' ? 'T' : GROWTH_IN_P[m],
      runsOfTime: t && Number.isFinite(t.ratio) ? t.ratio : null,
      estimated: t?.estimated ?? false,
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

/**
 * One line: "reverse mode: 2 passes, ≈ 14 runs of time, the same at every T" or
 * "forward mode: 81 passes (P + 1), ≈ 52 runs of time, growing with P".
 */
export function costSentence(method: CostedMethod, cost: MethodCost): string {
  const passes = Number.isFinite(cost.passes) ? `${runsText(cost.passes)} passes${FORMULA[method]}` : 'not run';
  const time = cost.runsOfTime === null ? 'time not measured' : `≈ ${runsText(cost.runsOfTime)} runs of time${cost.estimated ? ' (estimated)' : ''}`;
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
