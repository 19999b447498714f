import type { RequestLevers } from './levers.ts';
import { stepsOf, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { reverseGradient, tapeNodesFor } from '../reverse.ts';
import { Tape } from '../tape.ts';
import { FusedTape } from './fused-tape.ts';
import { fusedGradient, fusedTapeNodes, maxDifference, primitiveGradient, stepOpNames } from './fusion.ts';
import { forwardJacobian, jacobianDifference, reverseJacobian, validateOutputs, type JacobianRow } from './jacobian.ts';
import { recomputedGradient, savedGradient, type MemoryRun } from './recompute.ts';
import { fastestMicroseconds } from './timing.ts';
import { planJacobianTimings, type JacobianPlan } from './jacobian-plan.ts';
import { sampledOutputs } from './sampled-outputs.ts';
import { relativeError, truncatedGradient, truncationCurve, validateWindow, type TruncationPoint } from './truncation.ts';

/** The four levers' settings: the truncation window K and the number of output states M. */
export type TradeoffsSettings = RequestLevers;

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
    /** The op of each node one step records on the scalar tape (the fused tape records one). */
    stepOps: string[];
  };
  recompute: {
    saved: MemoryTrace;
    recomputed: MemoryTrace;
    /** Between saving and recomputing (0: the same sweep). */
    maxDifference: number;
    /** Recomputed against the whole-chain primitive tape. */
    maxDifferenceFromTape: number;
  };
  jacobian: {
    /** Rows by reverse mode, one per output state T−M+1 … T. */
    rows: JacobianRow[];
    forward: { work: number };
    reverse: { work: number };
    /** Largest |forward − reverse| over every entry. */
    maxDifference: number;
  };
}

/** One measured point of the Jacobian's cost against M. */
export interface JacobianCostPoint {
  outputs: number;
  forwardWork: number;
  reverseWork: number;
  forwardMicroseconds: number;
  reverseMicroseconds: number;
}

/** Measured times (never asserted): fusion, and the Jacobian by both modes as M grows. */
export interface TradeoffsTimings {
  fusion: { primitiveMicroseconds: number; fusedMicroseconds: number };
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
  /** By counted work (forward P + 1 against reverse 1 + M: only past M = P, so never for M ≤ T on this chain). */
  work: number | null;
  /** By measured time. */
  time: number | null;
}

function memoryTrace(run: MemoryRun): MemoryTrace {
  const { bytes, stepEvaluations, bytesTrace, evaluationsTrace } = run;
  return { bytes, stepEvaluations, bytesTrace, evaluationsTrace };
}

/** Checks both settings against the chain; one sentence for a person, or null. */
export function validateTradeoffs(settings: TradeoffsSettings, steps: number): string | null {
  return validateWindow(settings.window, steps) ?? validateOutputs(settings.outputs, steps);
}

/** The four levers on one chain, counted and compared (no timing). */
export function tradeoffsFigures(params: ChainParams, settings: TradeoffsSettings): TradeoffsFigures {
  const T = stepsOf(params);
  const problem = validateTradeoffs(settings, T);
  if (problem) throw new RangeError(problem);
  const tape = new Tape(tapeNodesFor(T));
  const full = reverseGradient(params, tape);
  const gradient = { a: full.a, b: full.b };
  const truncated = truncatedGradient(params, settings.window, tape);
  const primitive = primitiveGradient(params, tape);
  const fused = fusedGradient(params);
  const saved = savedGradient(params);
  const recomputed = recomputedGradient(params);
  const reverse = reverseJacobian(params, settings.outputs, tape);
  const forward = forwardJacobian(params, settings.outputs);
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
    truncationCurve: truncationCurve(params, gradient),
    fusion: {
      primitive: { nodes: primitive.nodes, bytes: primitive.bytes },
      fused: { nodes: fused.nodes, bytes: fused.bytes },
      maxDifference: maxDifference(fused, primitive),
      stepOps: stepOpNames(),
    },
    recompute: {
      saved: memoryTrace(saved),
      recomputed: memoryTrace(recomputed),
      maxDifference: maxDifference(saved, recomputed),
      maxDifferenceFromTape: maxDifference(recomputed, primitive),
    },
    jacobian: {
      rows: reverse.rows,
      forward: { work: forward.work },
      reverse: { work: reverse.work },
      maxDifference: jacobianDifference(forward.rows, reverse.rows),
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
  return {
    work: firstWinFrom(points, (p) => p.outputs, (p) => p.forwardWork < p.reverseWork),
    time: firstWinFrom(points, (p) => p.outputs, (p) => p.forwardMicroseconds < p.reverseMicroseconds),
  };
}

/**
 * Measured times: the primitive tape against the fused one (record and sweep), and the Jacobian
 * of the last M states by forward and by reverse mode at sampled M, each pair timed in
 * alternation (`fastestMicroseconds`). `budgetMs` is the time given to each Jacobian pair,
 * `fusionMs` to the fusion pair (longer: the fused tape's code runs nowhere else, so it needs
 * the warm-up).
 */
export function tradeoffsTimings(
  params: ChainParams,
  outputs: number,
  budgetMs = 20,
  fusionMs = 4 * budgetMs,
  onStage: (text: string) => void = () => {},
): TradeoffsTimings {
  const T = stepsOf(params);
  const problem = validateOutputs(outputs, T);
  if (problem) throw new RangeError(problem);
  const tape = new Tape(tapeNodesFor(T));
  const fusedTape = new FusedTape(fusedTapeNodes(T));
  onStage('timing the fused tape against the primitive one');
  const [primitiveMicroseconds, fusedMicroseconds] = fastestMicroseconds(
    [() => primitiveGradient(params, tape), () => fusedGradient(params, fusedTape)],
    fusionMs,
  );
  // One call of each side first: what the curve's points would cost (jacobian-plan.ts).
  onStage('estimating the Jacobian curve');
  // A first call runs cold (the JIT has not compiled it yet): a quick one is timed again.
  const timeOnce = (fn: () => unknown) => {
    let best = Infinity;
    for (let i = 0; i < 3 && best > 0 && (i === 0 || best < 50); i++) {
      const t0 = performance.now();
      fn();
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const calls = { forwardMs: timeOnce(() => forwardJacobian(params, outputs)), reverseAtStepsMs: timeOnce(() => reverseJacobian(params, T, tape)) };
  const plan = planJacobianTimings(T, outputs, calls, budgetMs);
  const jacobian = plan.points.map(({ outputs: m, minRounds }, i): JacobianCostPoint => {
    onStage(`timing the Jacobian at M = ${m} (${i + 1} of ${plan.points.length})`);
    let forwardWork = NaN;
    let reverseWork = NaN;
    const [forwardMicroseconds, reverseMicroseconds] = fastestMicroseconds(
      [() => (forwardWork = forwardJacobian(params, m).work), () => (reverseWork = reverseJacobian(params, m, tape).work)],
      budgetMs,
      minRounds,
    );
    return { outputs: m, forwardWork, reverseWork, forwardMicroseconds, reverseMicroseconds };
  });
  return { fusion: { primitiveMicroseconds, fusedMicroseconds }, jacobian, crossover: crossoverOf(jacobian), skipped: plan.skipped };
}
