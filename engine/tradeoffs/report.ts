import type { RequestLevers } from './levers.ts';
import { evaluateLoss, stepsOf, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { reverseGradient, tapeNodesFor } from '../reverse.ts';
import { Tape } from '../tape.ts';
import { FusedTape } from './fused-tape.ts';
import { fusedGradient, fusedTapeNodes, gradientRelativeDifference, maxDifference, primitiveGradient, stepOpNames } from './fusion.ts';
import {
  forwardJacobianOver,
  jacobianInputNames,
  reverseJacobian,
  reverseJacobianOver,
  validateInputs,
  validateOutputs,
  valuesDifference,
  workCrossover,
  type JacobianRow,
} from './jacobian.ts';
import { recomputedGradient, savedGradient, type MemoryRun } from './recompute.ts';
import { alternatedMicroseconds, type RatioSpread } from './timing.ts';
import { fastestCallMs, planJacobianTimings, type JacobianPlan } from './jacobian-plan.ts';
import { sampledOutputs } from './sampled-outputs.ts';
import { relativeError, truncatedGradient, truncationCurve, validateWindow, type TruncationPoint } from './truncation.ts';

/**
 * The levers' settings: the truncation window K, the number of output states M and the number of
 * inputs N of the Jacobian (the first N of x_0, c, a_0, b_0, …; all P + 2 when left out).
 */
export type TradeoffsSettings = Omit<RequestLevers, 'inputs'> & { inputs?: number };

/** Nodes and bytes of one tape. */
export interface TapeSize {
  nodes: number;
  bytes: number;
}

/** Bytes held for the backward pass and chain steps evaluated. */
export interface MemorySide {
  bytes: number;
  stepEvaluations: number;
}

/** A memory side with what it held at each moment of the run (recompute.ts). */
export interface MemoryTrace extends MemorySide {
  bytesTrace: Float64Array;
  evaluationsTrace: Float64Array;
}

/** Everything the four figures draw except measured times: cheap enough to recompute while a control moves. */
export interface TradeoffsFigures {
  steps: number;
  window: number;
  outputs: number;
  /** P = 2T. */
  parameters: number;
  /** The full gradient g (one tape, one sweep). */
  gradient: GradientPair;
  truncation: {
    /** g_K: 0 for t < T−K, exact for the others. */
    gradient: GradientPair;
    /** ‖g_K − g‖₂ / ‖g‖₂. */
    relativeError: number;
    tapeNodes: number;
    tapeBytes: number;
    /** The full tape, for scale. */
    fullTapeNodes: number;
    fullTapeBytes: number;
  };
  /** Every K from 0 to T, each from its own truncated recording. */
  truncationCurve: TruncationPoint[];
  fusion: {
    primitive: TapeSize;
    fused: TapeSize;
    maxDifference: number;
    /** maxDifference over the largest |entry| of the primitive tape's gradient. */
    relativeDifference: number;
    /** The op of each node one step records on the scalar tape (the fused tape records one). */
    stepOps: string[];
  };
  recompute: {
    saved: MemoryTrace;
    recomputed: MemoryTrace;
    /** Between saving and recomputing (0: the same sweep). */
    maxDifference: number;
    /** The same over the largest |entry| of the saved sweep's gradient. */
    relativeDifference: number;
    /** Recomputed against the whole-chain primitive tape. */
    maxDifferenceFromTape: number;
  };
  jacobian: {
    /** N, and the names of the inputs in order: the first N of x0, c, a0, b0, a1, b1, … */
    inputCount: number;
    inputs: string[];
    /** Rows by reverse mode, one per output state T−M+1 … T: `a`, `b` over every parameter, `values` over the N inputs. */
    rows: JacobianRow[];
    /** Counted: forward N + 1 (a primal and N tangent lanes), reverse 1 + M (a recording and M sweeps). */
    forward: { work: number };
    reverse: { work: number };
    /** The smallest M where forward's work is below reverse's (N + 1 when N < T), or null. */
    crossover: number | null;
    /** Largest |forward − reverse| over the N × M entries. */
    maxDifference: number;
  };
}

/** One measured point of the Jacobian's cost against M. */
export interface JacobianCostPoint {
  outputs: number;
  forwardWork: number;
  reverseWork: number;
  /** µs per call: the median of the rounds' ratios to the plain run (runs of time) × the plain run's µs. */
  forwardMicroseconds: number;
  reverseMicroseconds: number;
  /** Each side's time is too noisy to tell: the middle half of its rounds' ratios is wider than NOISY_SPREAD. */
  forwardNoisy: boolean;
  reverseNoisy: boolean;
}

/** Measured times (never asserted): fusion, and the Jacobian by both modes as M grows. */
export interface TradeoffsTimings {
  /**
   * Each tape's record and sweep at the machine's typical speed, and the fused tape's time over the
   * primitive one's round by round (median, middle half, and noisy when that is too wide to tell).
   */
  fusion: { primitiveMicroseconds: number; fusedMicroseconds: number; ratio: RatioSpread };
  /** At sampled M from 1 to T (the chosen M among them). */
  jacobian: JacobianCostPoint[];
  crossover: Crossover;
  /**
   * The sampled M left out of the curve because timing them was estimated to pass the allowance
   * (engine/tradeoffs/jacobian-plan.ts), and that estimate in milliseconds; null when none was.
   */
  skipped?: JacobianPlan['skipped'];
}

/** Where forward mode starts to win: the smallest M from which it costs less at every larger M measured, or null. */
export interface Crossover {
  /** By counted work (forward N + 1 against reverse 1 + M: from M = N + 1, so never for M ≤ T when N ≥ T). */
  work: number | null;
  /** By measured time; null as well when any point's time is too noisy to tell (then `timeNoisy`). */
  time: number | null;
  /** Some point's time was too noisy to tell, so `time` is withheld rather than "never". */
  timeNoisy: boolean;
}

/** A count in words' digits: 2,003. */
function countText(n: number): string {
  return n.toLocaleString('en-US');
}

function memoryTrace(run: MemoryRun): MemoryTrace {
  const { bytes, stepEvaluations, bytesTrace, evaluationsTrace } = run;
  return { bytes, stepEvaluations, bytesTrace, evaluationsTrace };
}

/** Checks both settings against the chain; one sentence for a person, or null. */
export function validateTradeoffs(settings: TradeoffsSettings, steps: number): string | null {
  return (
    validateWindow(settings.window, steps) ??
    validateOutputs(settings.outputs, steps) ??
    (settings.inputs === undefined ? null : validateInputs(settings.inputs, steps))
  );
}

/**
 * The four levers on one chain, counted and compared (no timing). `onStage` hears, in words, each
 * part as it starts ("the truncation curve, 1,001 recordings"): at T = 1000 the curve and forward
 * mode's 2,002 tangents take most of a second, and the page and the command line say what is computed.
 */
export function tradeoffsFigures(params: ChainParams, settings: TradeoffsSettings, onStage: (text: string) => void = () => {}): TradeoffsFigures {
  const T = stepsOf(params);
  const problem = validateTradeoffs(settings, T);
  if (problem) throw new RangeError(problem);
  const tape = new Tape(tapeNodesFor(T));
  onStage('the gradient, stopped and full');
  const full = reverseGradient(params, tape);
  const gradient = { a: full.a, b: full.b };
  const truncated = truncatedGradient(params, settings.window, tape);
  onStage(`the truncation curve, ${countText(T + 1)} recordings`);
  const curve = truncationCurve(params, gradient);
  onStage('the fused tape, and the saved and recomputed sweeps');
  const primitive = primitiveGradient(params, tape);
  const fused = fusedGradient(params);
  const saved = savedGradient(params);
  const recomputed = recomputedGradient(params);
  const inputs = settings.inputs ?? 2 * T + 2;
  onStage(`the Jacobian by reverse mode, one recording and ${countText(settings.outputs)} ${settings.outputs === 1 ? 'sweep' : 'sweeps'}`);
  const reverse = reverseJacobian(params, settings.outputs, tape, inputs);
  onStage(`the Jacobian by forward mode, ${countText(inputs)} ${inputs === 1 ? 'tangent' : 'tangents'} carried at once`);
  const forward = forwardJacobianOver(params, inputs, settings.outputs);
  return {
    steps: T,
    window: settings.window,
    outputs: settings.outputs,
    parameters: 2 * T,
    gradient,
    truncation: {
      gradient: { a: truncated.a, b: truncated.b },
      relativeError: relativeError(truncated, gradient),
      tapeNodes: truncated.tapeNodes,
      tapeBytes: truncated.tapeBytes,
      fullTapeNodes: primitive.nodes,
      fullTapeBytes: primitive.bytes,
    },
    truncationCurve: curve,
    fusion: {
      primitive: { nodes: primitive.nodes, bytes: primitive.bytes },
      fused: { nodes: fused.nodes, bytes: fused.bytes },
      maxDifference: maxDifference(fused, primitive),
      relativeDifference: gradientRelativeDifference(fused, primitive),
      stepOps: stepOpNames(),
    },
    recompute: {
      saved: memoryTrace(saved),
      recomputed: memoryTrace(recomputed),
      maxDifference: maxDifference(saved, recomputed),
      relativeDifference: gradientRelativeDifference(recomputed, saved),
      maxDifferenceFromTape: maxDifference(recomputed, primitive),
    },
    jacobian: {
      inputCount: inputs,
      inputs: jacobianInputNames(T, inputs),
      rows: reverse.rows,
      forward: { work: forward.work },
      reverse: { work: reverse.work },
      crossover: workCrossover(forward.work, T),
      maxDifference: valuesDifference(reverse.rows, forward.values),
    },
  };
}

export { sampledOutputs };

/** The smallest x from which `wins` holds at every later point, or null. */
function firstWinFrom<T>(points: readonly T[], key: (p: T) => number, wins: (p: T) => boolean): number | null {
  let from: number | null = null;
  for (let i = points.length - 1; i >= 0; i--) {
    if (!wins(points[i])) break;
    from = key(points[i]);
  }
  return from;
}

/** Forward mode starts to win where it costs less at that M and every larger one measured. */
export function crossoverOf(points: readonly JacobianCostPoint[]): Crossover {
  // Withheld when any point's time is too noisy to tell (the one timing method's spread).
  const timeNoisy = points.some((p) => p.forwardNoisy || p.reverseNoisy);
  return {
    work: firstWinFrom(points, (p) => p.outputs, (p) => p.forwardWork < p.reverseWork),
    time: timeNoisy ? null : firstWinFrom(points, (p) => p.outputs, (p) => p.forwardMicroseconds < p.reverseMicroseconds),
    timeNoisy,
  };
}

/**
 * Measured times: the primitive tape against the fused one (record and sweep), and the Jacobian
 * of the last M states by forward and by reverse mode at sampled M, timed in alternation, each
 * at its time at the machine's typical speed (`alternatedMicroseconds`). `budgetMs` is the time given to
 * each Jacobian pair, `fusionMs` to the fusion pair (longer: the fused tape's code runs nowhere
 * else, so it needs the warm-up).
 */
export function tradeoffsTimings(
  params: ChainParams,
  outputs: number,
  budgetMs = 20,
  fusionMs = 4 * budgetMs,
  inputs = 2 * stepsOf(params) + 2,
  onStage: (text: string) => void = () => {},
): TradeoffsTimings {
  const T = stepsOf(params);
  const problem = validateOutputs(outputs, T) ?? validateInputs(inputs, T);
  if (problem) throw new RangeError(problem);
  const tape = new Tape(tapeNodesFor(T));
  const fusedTape = new FusedTape(fusedTapeNodes(T));
  onStage('timing the fused tape against the primitive one');
  const fusionTimes = alternatedMicroseconds([() => primitiveGradient(params, tape), () => fusedGradient(params, fusedTape)], {
    budgetMs: fusionMs,
    reference: 0,
  });
  const [primitiveMicroseconds, fusedMicroseconds] = fusionTimes.typical;
  const fusionRatio = (fusionTimes.ratios as RatioSpread[])[1];
  // One call of each side first: what the curve's points would cost (jacobian-plan.ts).
  onStage('estimating the Jacobian curve');
  const [forwardMs, reverseAtStepsMs] = fastestCallMs([() => forwardJacobianOver(params, inputs, outputs), () => reverseJacobianOver(params, inputs, T, tape)]);
  const calls = { forwardMs, reverseAtStepsMs };
  const plan = planJacobianTimings(T, outputs, calls, budgetMs);
  // The planned M, with M = N and N + 1 among them where they fit, so a figure shows the lines cross.
  const sampled = withCrossing(plan.points.map((q) => q.outputs), inputs, T);
  const minRounds = Math.max(1, ...plan.points.map((q) => q.minRounds));
  onStage(`timing the Jacobian at ${sampled.length === 1 ? `M = ${sampled[0]}` : `${sampled.length} values of M`}`);
  const times = jacobianTimes(params, inputs, sampled, tape, budgetMs * sampled.length, minRounds);
  // Each time at the machine's typical speed: equal work then reads as equal time. The fastest
  // batch of one point could catch a stretch when the machine ran half again as fast and its
  // neighbour's not: from the same 16 runs' readings in a browser worker, forward mode's equal
  // work over 18 values of M read up to 1.51× apart by fastest batches and 1.43× by each point's
  // median (`npm run -s lab -- bench` prints the fastest batch's spread and the typical speed's).
  // Since issue 44, by the one timing method: each point's time over the plain run's, round by
  // round (runs of time), its median times the plain run's µs, and noisy when its middle half is
  // wider than NOISY_SPREAD.
  const { forwardWork, reverseWork, runs, plainMicroseconds } = times;
  const jacobian = sampled.map(
    (m, i): JacobianCostPoint => ({
      outputs: m,
      forwardWork: forwardWork[i],
      reverseWork: reverseWork[i],
      forwardMicroseconds: runs.forward[i].median * plainMicroseconds,
      reverseMicroseconds: runs.reverse[i].median * plainMicroseconds,
      forwardNoisy: runs.forward[i].noisy,
      reverseNoisy: runs.reverse[i].noisy,
    }),
  );
  return { fusion: { primitiveMicroseconds, fusedMicroseconds, ratio: fusionRatio }, jacobian, crossover: crossoverOf(jacobian), skipped: plan.skipped };
}

/** The M to time: `outputs` with M = N and N + 1 among them where they fit (M ≤ T), in order, each once. */
export function withCrossing(outputs: readonly number[], inputs: number, steps: number): number[] {
  return [...new Set([...outputs, ...[inputs, inputs + 1].filter((m) => m <= steps)])].sort((x, y) => x - y);
}

/** Forward and reverse mode's Jacobian at each M, timed together: the work counted and the µs per call both ways. */
export interface JacobianTimes {
  forwardWork: number[];
  reverseWork: number[];
  microseconds: Record<'fastest' | 'typical', { forward: number[]; reverse: number[] }>;
  /** Each point's time over the plain run's, round by round: the median and middle half (the one timing method). */
  runs: { forward: RatioSpread[]; reverse: RatioSpread[] };
  /** The plain run of the chain, µs per call at the machine's typical speed. */
  plainMicroseconds: number;
}

/**
 * Forward and reverse mode's Jacobian over the first N inputs at each M of `outputs`, all of
 * them timed together, round after round (`alternatedMicroseconds`): a pause of the machine
 * then slows one round of every point instead of all the rounds of one point (timed pair by
 * pair, forward mode's equal work once ranged over 7× in one run). Both sides answer the same
 * M × N values, each into its own array made once, so the timed calls allocate nothing that
 * grows with M (a fresh array per call cost more once it held more than eight values, and
 * forward mode's equal work read 15 % slower from M = 11 on).
 */
export function jacobianTimes(params: ChainParams, inputs: number, outputs: readonly number[], tape: Tape, budgetMs: number, minRounds: number): JacobianTimes {
  const forwardWork = outputs.map(() => NaN);
  const reverseWork = outputs.map(() => NaN);
  const fns = outputs.flatMap((m, i) => {
    const forwardInto = new Float64Array(m * inputs);
    const reverseInto = new Float64Array(m * inputs);
    return [
      () => (forwardWork[i] = forwardJacobianOver(params, inputs, m, forwardInto).work),
      () => (reverseWork[i] = reverseJacobianOver(params, inputs, m, tape, reverseInto).work),
    ];
  });
  // The plain run of the chain last, as the reference every point is timed against.
  const times = alternatedMicroseconds([...fns, () => evaluateLoss(params)], { budgetMs, minRounds, reference: fns.length, equalize: false });
  const split = <T>(xs: T[]) => ({ forward: xs.filter((_, k) => k % 2 === 0 && k < fns.length), reverse: xs.filter((_, k) => k % 2 === 1 && k < fns.length) });
  return {
    forwardWork,
    reverseWork,
    microseconds: { fastest: split(times.fastest), typical: split(times.typical) },
    runs: split(times.ratios as RatioSpread[]),
    plainMicroseconds: times.typical[fns.length],
  };
}
