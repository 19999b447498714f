import { stepsOf, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { reverseGradient } from '../reverse.ts';
import { truncatedGradient } from '../tradeoffs/truncation.ts';
import { detachedGradient, freeLateBug, inPlaceBug, IN_PLACE_FACTOR, overwriteBug, retainGraphBug, zeroGradBug } from './chain-bugs.ts';
import { precisionSweep, type PrecisionOptions, type PrecisionPoint } from './float32.ts';
import type { TrainOptions } from '../tensor/mlp.ts';
import { formatBytes } from '../number-text.ts';
import { trainWithBugs } from './training.ts';

/** The names of the bugs, in the order the lab and `tape-lab bugs` show them. */
export const BUG_NAMES = ['zero-grad', 'detach', 'in-place', 'retain-graph', 'overwrite', 'graph-alive', 'free-late', 'float32'] as const;
export type BugName = (typeof BUG_NAMES)[number];

/** One side of a bug: the gradient it gives, the error a framework raises, or the bytes it holds. */
export interface BugOutcome {
  gradient?: GradientPair;
  /** The framework's refusal, one line. */
  error?: string;
  /**
   * Peak bytes held (free-late), what keeping the graph costs (retain-graph), or the bytes of
   * saved tensors still held after the loop (graph-alive).
   */
  bytes?: number;
  /** graph-alive: PyTorch's autograd nodes still reachable after the training loop. */
  nodes?: number;
  /** graph-alive: the same loop without backward (evaluation): saved-tensor bytes and nodes still held. */
  evaluation?: { bytes: number; nodes: number };
  /** float32: the best step h of the finite-difference sweep and its RMS error there. */
  bestEps?: number;
  errorFloor?: number;
}

/** A bug as the lab and the command line show it. */
export interface BugReport {
  name: BugName;
  /** The PyTorch lines that cause it (text; nothing runs Python). */
  pytorch: string;
  /** The line that fixes it. */
  fix: string;
  /** What happens and why, in a sentence or two. */
  why: string;
  correct: BugOutcome;
  buggy: BugOutcome;
}

/** Where the chain bugs act and how long the training bugs train. */
export interface BugOptions {
  /** The step whose input state is detached (default T − 10, the truncation lever's default window). */
  detachStep?: number;
  /** The state x_s modified in place after recording (default T/2). */
  inPlaceStep?: number;
  /** Steps of the tensor section's training for `graph-alive` (default 400, the section's default). */
  trainingSteps?: number;
}

/** Series the lab draws beside the list: the training bugs step by step and the float32 sweep. */
export interface BugSeries {
  /** Batch loss per step with and without `optimizer.zero_grad()`. */
  zeroGradLosses: { correct: Float64Array; buggy: Float64Array };
  /** PyTorch's autograd nodes alive after each training step: none with loss.item(), every step's with the total a tensor. */
  aliveNodes: { correct: Float64Array; buggy: Float64Array };
  /** Saved-tensor bytes PyTorch holds after each forward of an evaluation loop: none under torch.no_grad(), every forward's without. */
  evaluationBytes: { correct: Float64Array; buggy: Float64Array };
  /** The finite-difference sweep in float64 and float32 (RMS error against reverse mode). */
  precision: PrecisionPoint[];
}

/** Every bug on a chain, with the series behind the memory and precision ones. */
export interface BugsReport {
  steps: number;
  detachStep: number;
  inPlaceStep: number;
  trainingSteps: number;
  bugs: BugReport[];
  series: BugSeries;
}

/**
 * The bugs that run on the chain's own tape, each with its text. `freeLate` is `free-late`'s run,
 * for a caller that draws its bytes along the sweep as well (it is not run twice).
 */
export function chainBugs(
  params: ChainParams,
  options: Pick<BugOptions, 'detachStep' | 'inPlaceStep'> = {},
  freeLate: ReturnType<typeof freeLateBug> = freeLateBug(params),
): BugReport[] {
  const T = stepsOf(params);
  const detachStep = options.detachStep ?? Math.max(0, T - 10);
  const inPlaceStep = options.inPlaceStep ?? Math.max(1, Math.floor(T / 2));
  const exact = reverseGradient(params);
  const right: GradientPair = { a: exact.a, b: exact.b };
  const zero = zeroGradBug(params);
  const inPlace = T >= 2 ? inPlaceBug(params, inPlaceStep) : null;
  const retain = retainGraphBug(params);
  const overwrite = overwriteBug(params);
  const K = T - detachStep;
  return [
    {
      name: 'zero-grad',
      pytorch: 'loss = f(theta)\nloss.backward()\nloss = f(theta)\nloss.backward()  # .grad is never cleared',
      fix: 'optimizer.zero_grad()  # before each backward',
      why: 'backward adds into .grad (+=, as the sweep adds into each adjoint); nothing clears it, so two passes leave every gradient doubled.',
      correct: { gradient: zero.correct },
      buggy: { gradient: zero.buggy },
    },
    {
      name: 'detach',
      pytorch: `x = step(x.detach(), a[t], b[t], c)  # at t = ${detachStep}`,
      fix: 'x = step(x, a[t], b[t], c)  # detach only where the gradient should stop',
      why: `x_${detachStep} enters the tape as a constant, so the sweep stops there: every a_t, b_t with t < ${detachStep} gets 0 — truncated backpropagation with window K = ${K}.`,
      correct: { gradient: right },
      buggy: { gradient: detachedGradient(params, detachStep) },
    },
    {
      name: 'in-place',
      pytorch: `xs.append(x)  # x_${inPlaceStep}, saved by step ${inPlaceStep} for backward\nxs[${inPlaceStep}].mul_(${IN_PLACE_FACTOR})  # in place, after it was taped`,
      fix: `xs[${inPlaceStep}] = xs[${inPlaceStep}] * ${IN_PLACE_FACTOR}  # a new tensor: the saved one is untouched`,
      why: `step ${inPlaceStep}'s rules saved x_${inPlaceStep} (∂(a·x)/∂a = x, ∂x²/∂x = 2x); changed in place, the sweep would multiply by the wrong value, so PyTorch's version counter refuses; through .data, which hides the change, it returns the wrong gradient shown.`,
      correct: { gradient: right },
      buggy: inPlace ? { gradient: inPlace.buggy, error: inPlace.error } : { error: 'the chain needs two steps for a state to modify' },
    },
    {
      name: 'retain-graph',
      pytorch: 'loss.backward()\nloss.backward()  # a second sweep over the same graph',
      fix: 'loss.backward(retain_graph=True)  # or record the forward pass again',
      why: 'the first sweep frees the tensors each rule saved as it passes them; keeping them for a second sweep costs the bytes shown (PyTorch saves each value once, and each number k of a k·x as a tensor too).',
      correct: { gradient: retain.correct.gradient, bytes: retain.correct.bytes },
      buggy: { error: retain.buggy.error },
    },
    {
      name: 'overwrite',
      pytorch: "x.grad = out.grad * local  # in a hand-written backward (micrograd's _backward)",
      fix: 'x.grad += out.grad * local  # accumulate, as autograd does',
      why: 'a value used more than once (x_t in four places a step, c in every step) must add up every contribution; = keeps only the last.',
      correct: { gradient: overwrite.correct },
      buggy: { gradient: overwrite.buggy },
    },
    {
      name: 'free-late',
      pytorch: '# a hand-written autograd whose backward frees saved values only when it returns',
      fix: "# free each node's saved values and gradient as the sweep passes it (as PyTorch does)",
      why: "the sweep needs a node's saved values only until it passes the node; keeping them and every adjoint to the end holds both at once at the peak.",
      correct: { bytes: freeLate.correct.bytes },
      buggy: { bytes: freeLate.buggy.bytes },
    },
  ];
}

/** The training-loop bugs of the tensor section, with the series behind them (they do not depend on the chain). */
export interface TrainingBugs {
  steps: number;
  bug: BugReport;
  /** Batch loss per step with and without `optimizer.zero_grad()`. */
  zeroGradLosses: { correct: Float64Array; buggy: Float64Array };
  /** PyTorch's autograd nodes alive after each training step: none with loss.item(), every step's with the total a tensor. */
  aliveNodes: { correct: Float64Array; buggy: Float64Array };
  /** Saved-tensor bytes PyTorch holds after each forward of an evaluation loop: none under torch.no_grad(), every forward's without. */
  evaluationBytes: { correct: Float64Array; buggy: Float64Array };
}

/**
 * `graph-alive` over `steps` steps of the tensor section's training, and the training with and
 * without zero_grad, with the section's settings (`options`: data set, width, step size; its
 * defaults when left out).
 */
export function trainingBugs(steps = 400, options: TrainOptions = {}): TrainingBugs {
  const training = trainWithBugs(steps, options);
  const noZeroGrad = trainWithBugs(steps, options, { zeroGrad: false });
  const last = (x: Float64Array) => x[x.length - 1] ?? 0;
  const nodes = last(training.aliveNodes);
  const evalBytes = last(training.evaluationBytes);
  const none = new Float64Array(steps);
  return {
    steps,
    bug: {
      name: 'graph-alive',
      pytorch: ['# training: loss.backward() every step', 'total += loss', '# evaluation: no backward, no torch.no_grad()', 'val_total += loss_fn(model(x), y)'].join('\n'),
      fix: ['total += loss.item()  # a number: the graph can go', 'with torch.no_grad():  # records no graph at all', '    val_total += loss_fn(model(x), y).item()'].join('\n'),
      why:
        `each backward frees its step's saved tensors (${formatBytes(training.forwardSavedBytes)} a step here), but a total kept as a tensor keeps every step's autograd nodes reachable: ${nodes} after ${steps} steps, their saved tensors gone. ` +
        `Without backward nothing frees them: an evaluation loop that keeps its total as a tensor holds every forward's saved tensors, ${formatBytes(evalBytes)} after ${steps} forwards.`,
      correct: { bytes: 0, nodes: 0, evaluation: { bytes: 0, nodes: 0 } },
      buggy: { bytes: 0, nodes, evaluation: { bytes: evalBytes, nodes } },
    },
    zeroGradLosses: { correct: training.losses, buggy: noZeroGrad.losses },
    aliveNodes: { correct: none, buggy: training.aliveNodes },
    evaluationBytes: { correct: none, buggy: training.evaluationBytes },
  };
}

/** The float32 gradient check: the bug and the sweep over h in both precisions. */
export interface PrecisionBug {
  bug: BugReport;
  sweep: PrecisionPoint[];
  /** The parameters differenced (lane order: a_t at 2t, b_t at 2t + 1): all, or an even sample. */
  lanes: Int32Array;
}

/** `float32` on the chain: the finite-difference V in float64 and in float32 (the whole sweep unless `options` narrow it). */
export function precisionBug(params: ChainParams, options: PrecisionOptions = {}): PrecisionBug {
  const exact = reverseGradient(params);
  const precision = precisionSweep(params, { a: exact.a, b: exact.b }, options);
  return {
    bug: {
      name: 'float32',
      pytorch: 'torch.autograd.gradcheck(f, (theta.float(),), eps=1e-6)',
      fix: 'torch.autograd.gradcheck(f, (theta.double(),), eps=1e-6)  # float64, central differences',
      why: `in float32 the rounding error ε|f|/h is 5e8 times larger: the best h moves to ${precision.float32.bestEps} and the error floor rises to ${precision.float32.floor.toExponential(1)}; check in float64 with central differences, h near 1e-6, relative error below 1e-6.`,
      correct: { gradient: precision.float64.gradient, bestEps: precision.float64.bestEps, errorFloor: precision.float64.floor },
      buggy: { gradient: precision.float32.gradient, bestEps: precision.float32.bestEps, errorFloor: precision.float32.floor },
    },
    sweep: precision.sweep,
    lanes: precision.lanes,
  };
}

/** Each bug run on the real tape of `params` (and the tensor section's training for two of them), in BUG_NAMES order. */
export function bugsReport(params: ChainParams, options: BugOptions = {}): BugsReport {
  const T = stepsOf(params);
  const detachStep = options.detachStep ?? Math.max(0, T - 10);
  const inPlaceStep = options.inPlaceStep ?? Math.max(1, Math.floor(T / 2));
  const trainingSteps = options.trainingSteps ?? 400;
  const training = trainingBugs(trainingSteps);
  const precision = precisionBug(params);
  const all = [...chainBugs(params, { detachStep, inPlaceStep }), training.bug, precision.bug];
  const bugs = BUG_NAMES.map((name) => all.find((b) => b.name === name) as BugReport);
  return {
    steps: T,
    detachStep,
    inPlaceStep,
    trainingSteps,
    bugs,
    series: { zeroGradLosses: training.zeroGradLosses, aliveNodes: training.aliveNodes, evaluationBytes: training.evaluationBytes, precision: precision.sweep },
  };
}

/** The detach bug's link to the truncation lever: the truncated gradient of the same window. */
export function detachAsTruncation(params: ChainParams, detachStep: number): GradientPair {
  const g = truncatedGradient(params, stepsOf(params) - detachStep);
  return { a: g.a, b: g.b };
}
