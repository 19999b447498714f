import { defaultParams, stepsOf, validateParams, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { reverseGradient } from '../reverse.ts';
import { chainHvp, checkHvp, directionOf } from '../second-order/hvp.ts';
import { BYTES_PER_NODE } from '../tape.ts';
import { freeLateBug } from './chain-bugs.ts';
import { chainBugs, type BugReport } from './report.ts';

/** What the lab's bugs section asks for: the chain's settings, where to detach, and H·v's direction. Plain data. */
export interface BugsRequest {
  steps: number;
  c: number;
  x0: number;
  target: number;
  /** s: the state x_s is detached (0 … steps). */
  detachStep: number;
  /** v for H·v: all ones, or uniform in [−1, 1) from seed 1. */
  direction: 'ones' | 'random';
}

/** The "Second derivatives" panel: H·v on the chain against central differences of its gradient. */
export interface HvpFigure {
  direction: GradientPair;
  hvp: GradientPair;
  /** (∇L(θ + h v) − ∇L(θ − h v)) / 2h, from two plain reverse sweeps. */
  finiteDifference: GradientPair;
  h: number;
  maxRelative: number;
  /** The smallest entry the differences can tell from 0 at h, and whether max|H·v| is above it (only then is maxRelative an error): engine/second-order/hvp.ts. */
  resolution: number;
  resolved: boolean;
  /** Work units of the dual recording and sweep (counted), and of one gradient. */
  workUnits: number;
  gradientWorkUnits: number;
  tapeNodes: number;
  /** Bytes of the dual tape, and of the plain tape of one gradient. */
  tapeBytes: number;
  gradientTapeBytes: number;
}

/** What the section draws for one chain: the chain's bugs and the H·v panel. */
export interface ChainBugFigures {
  steps: number;
  detachStep: number;
  inPlaceStep: number;
  bugs: BugReport[];
  /**
   * `free-late`'s chart: bytes held at the start of the sweep, at each node from the loss down,
   * and after it, freeing each node's buffers as the sweep passes (`correct`) or all at the end.
   */
  freeLateHeld: { correct: Float64Array; buggy: Float64Array };
  hvp: HvpFigure;
}

/** The most steps the section runs (the lab's engine range). */
export const BUGS_MAX_STEPS = 1000;

/** The chain a request describes, or one sentence saying what is wrong with it. */
export function bugsRequestParams(request: Pick<BugsRequest, 'steps' | 'c' | 'x0' | 'target'>): { params: ChainParams } | { problem: string } {
  const { steps } = request;
  if (!Number.isInteger(steps) || steps < 2 || steps > BUGS_MAX_STEPS) {
    return { problem: `steps must be a whole number from 2 to ${BUGS_MAX_STEPS} here; got ${steps}` };
  }
  const params = defaultParams(steps, { c: request.c, x0: request.x0, target: request.target });
  const problem = validateParams(params);
  return problem ? { problem } : { params };
}

/** The chain's bugs (detach at `detachStep`, clamped to 0 … T) and H·v along the chosen direction. */
export function chainBugFigures(params: ChainParams, request: Pick<BugsRequest, 'detachStep' | 'direction'>): ChainBugFigures {
  const T = stepsOf(params);
  const detachStep = Math.min(T, Math.max(0, Math.round(request.detachStep)));
  const inPlaceStep = Math.max(1, Math.floor(T / 2));
  const v = directionOf(request.direction === 'random' ? { kind: 'seed', seed: 1 } : { kind: 'ones' }, T);
  const r = chainHvp(params, v);
  const check = checkHvp(params, v, r.hvp);
  const freeLate = freeLateBug(params);
  return {
    steps: T,
    detachStep,
    inPlaceStep,
    bugs: chainBugs(params, { detachStep, inPlaceStep }, freeLate),
    freeLateHeld: { correct: freeLate.correct.held, buggy: freeLate.buggy.held },
    hvp: {
      direction: v,
      hvp: r.hvp,
      finiteDifference: check.finiteDifference,
      h: check.h,
      maxRelative: check.maxRelative,
      resolution: check.resolution,
      resolved: check.resolved,
      workUnits: r.workUnits,
      gradientWorkUnits: reverseGradient(params).workUnits,
      tapeNodes: r.tapeNodes,
      tapeBytes: r.tapeBytes,
      gradientTapeBytes: r.tapeNodes * BYTES_PER_NODE,
    },
  };
}
