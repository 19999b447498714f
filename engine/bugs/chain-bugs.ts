import { chainLoss, recordStep, stepsOf, type ChainParams } from '../chain.ts';
import type { GradientPair } from '../report.ts';
import { recordChain, tapeNodesFor, type RecordedChain } from '../reverse.ts';
import { Tape, type NodeId } from '../tape.ts';
import { IN_PLACE_FACTOR, refusal, SavedGraph } from './saved-graph.ts';

/** dL/da_t and dL/db_t read off a sweep's adjoints at the chain's leaves. */
function leafGradient(rec: Pick<RecordedChain, 'a' | 'b'>, adj: ArrayLike<number>): GradientPair {
  const T = rec.a.length;
  const g = { a: new Float64Array(T), b: new Float64Array(T) };
  for (let t = 0; t < T; t++) {
    g.a[t] = adj[rec.a[t]];
    g.b[t] = adj[rec.b[t]];
  }
  return g;
}

/** The chain recorded on a fresh tape. */
function recorded(params: ChainParams): { tape: Tape; rec: RecordedChain } {
  const tape = new Tape(tapeNodesFor(stepsOf(params)));
  return { tape, rec: recordChain(params, tape) };
}

/** The chain's nodes by name for messages: x_t, a_t, b_t, c, the loss, else the op and index. */
function chainLabels(tape: Tape, rec: RecordedChain): (node: number) => string {
  const names = new Map<number, string>([[rec.c, 'c'], [rec.loss, 'L']]);
  rec.states.forEach((id, t) => names.set(id, `x_${t}`));
  rec.a.forEach((id, t) => names.set(id, `a_${t}`));
  rec.b.forEach((id, t) => names.set(id, `b_${t}`));
  return (node) => {
    const name = names.get(node);
    return name ? `${name} (node ${node}, output of ${tape.opName(node)})` : `node ${node} (output of ${tape.opName(node)})`;
  };
}

/**
 * `zero-grad`: two backward passes into the same `.grad` buffers without clearing them between.
 * Each pass adds the leaves' adjoints into the buffers (PyTorch's `.grad +=`); `correct` clears
 * them before the second pass, `buggy` does not, so it holds twice every gradient.
 */
export function zeroGradBug(params: ChainParams): { correct: GradientPair; buggy: GradientPair } {
  const T = stepsOf(params);
  const { tape, rec } = recorded(params);
  const run = (clear: boolean): GradientPair => {
    const grad = { a: new Float64Array(T), b: new Float64Array(T) };
    for (let pass = 0; pass < 2; pass++) {
      if (clear) {
        grad.a.fill(0);
        grad.b.fill(0);
      }
      const g = leafGradient(rec, tape.backward(rec.loss));
      for (let t = 0; t < T; t++) {
        grad.a[t] += g.a[t];
        grad.b[t] += g.b[t];
      }
    }
    return grad;
  };
  return { correct: run(true), buggy: run(false) };
}

/**
 * `detach`: the state x_s detached while the chain is recorded (`x = step(x.detach(), …)` at
 * step s): the tape records every step, but x_s enters step s as a constant, so the sweep stops
 * there and a_t, b_t for t < s get 0. The same gradient as truncated backpropagation with the
 * window K = T − s (engine/tradeoffs), reached by a different recording.
 */
export function detachedGradient(params: ChainParams, step: number): GradientPair {
  const T = stepsOf(params);
  if (!Number.isInteger(step) || step < 0 || step > T) throw new RangeError(`the detach step must be a whole number from 0 to ${T}; got ${step}`);
  const tape = new Tape(tapeNodesFor(T) + 1);
  const c = tape.leaf(params.c);
  let x = tape.leaf(params.x0);
  const a = new Int32Array(T);
  const b = new Int32Array(T);
  for (let t = 0; t < T; t++) {
    a[t] = tape.leaf(params.a[t]);
    b[t] = tape.leaf(params.b[t]);
    if (t === step) x = tape.constant(tape.value(x));
    x = recordStep(tape, t, x, a[t] as NodeId, b[t] as NodeId, c);
  }
  if (step === T) x = tape.constant(tape.value(x));
  return leafGradient({ a, b }, tape.backward(chainLoss(tape, x, params.target)));
}

export { IN_PLACE_FACTOR };

/**
 * `in-place`: x_s, saved by step s's rules (a_s·x_s, c·x_s, x_s²), is halved in place after the
 * chain was recorded. `buggy` is the gradient a sweep that reads the modified value returns
 * (wrong: every a_t, b_t with t ≤ s and c); `error` is the version check's refusal, as
 * PyTorch raises it. `correct` is the sweep over the untouched graph.
 */
export function inPlaceBug(params: ChainParams, step: number): { correct: GradientPair; buggy: GradientPair; error: string } {
  const T = stepsOf(params);
  if (!Number.isInteger(step) || step < 1 || step >= T) throw new RangeError(`the in-place step must be a whole number from 1 to ${T - 1}; got ${step}`);
  const { tape, rec } = recorded(params);
  const labels = chainLabels(tape, rec);
  const correct = leafGradient(rec, new SavedGraph(tape, labels).backward(rec.loss).adjoints);
  const modified = () => {
    const g = new SavedGraph(tape, labels);
    const x = rec.states[step];
    g.modifyInPlace(x, g.value(x) * IN_PLACE_FACTOR);
    return g;
  };
  const buggy = leafGradient(rec, modified().backward(rec.loss, { checkVersions: false }).adjoints);
  return { correct, buggy, error: refusal(() => modified().backward(rec.loss)) };
}

/**
 * `retain-graph`: a second backward over the chain's graph. Without `retain_graph=True` the first
 * sweep freed the saved values and the second is refused (`error`); with it, the second sweep
 * gives the gradient and the graph keeps `bytes` of saved values between the sweeps.
 */
export function retainGraphBug(params: ChainParams): { correct: { gradient: GradientPair; bytes: number }; buggy: { error: string } } {
  const { tape, rec } = recorded(params);
  const labels = chainLabels(tape, rec);
  const kept = new SavedGraph(tape, labels);
  kept.backward(rec.loss, { retainGraph: true });
  const bytes = kept.savedBytes();
  const gradient = leafGradient(rec, kept.backward(rec.loss).adjoints);
  const freed = new SavedGraph(tape, labels);
  freed.backward(rec.loss);
  return { correct: { gradient, bytes }, buggy: { error: refusal(() => freed.backward(rec.loss)) } };
}

/**
 * `overwrite`: the sweep that writes adj[parent] = partial·adj[node] instead of adding (the
 * tape's own `trace` with `overwrite`, as the tape section shows it): every value used more than
 * once (x_t in each step, c in all of them) keeps only its last contribution.
 */
export function overwriteBug(params: ChainParams): { correct: GradientPair; buggy: GradientPair } {
  const { tape, rec } = recorded(params);
  const correct = leafGradient(rec, tape.backward(rec.loss).slice());
  return { correct, buggy: leafGradient(rec, tape.trace(rec.loss, { overwrite: true }).adjoint) };
}

/** One side of `free-late`: the peak, the gradient, and the bytes held along the sweep (SavedSweep.held). */
export interface FreeLateSide {
  bytes: number;
  gradient: GradientPair;
  held: Float64Array;
}

/**
 * `free-late`: the peak bytes of saved values and adjoints during the sweep when each node's are
 * released as the sweep passes it (as PyTorch does) against kept until the sweep ends, with the
 * bytes held at each node of both sweeps. Both sweeps give the same gradient.
 */
export function freeLateBug(params: ChainParams): { correct: FreeLateSide; buggy: FreeLateSide } {
  const { tape, rec } = recorded(params);
  const early = new SavedGraph(tape).backward(rec.loss);
  const late = new SavedGraph(tape).backward(rec.loss, { freeLate: true });
  return {
    correct: { bytes: early.peakBytes, gradient: leafGradient(rec, early.adjoints), held: early.held },
    buggy: { bytes: late.peakBytes, gradient: leafGradient(rec, late.adjoints), held: late.held },
  };
}
