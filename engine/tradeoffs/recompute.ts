import { advance, stepsOf, type ChainParams } from '../chain.ts';
import { StepRecorder, type RecordedStep, type StepAdjoint } from '../checkpoint/step-tape.ts';
import type { GradientPair } from '../report.ts';
import { BYTES_PER_NODE } from '../tape.ts';

/** Bytes of a state x_t kept as a plain float. */
const STATE_BYTES = Float64Array.BYTES_PER_ELEMENT;

/** One side of the save-or-recompute comparison. */
export interface MemoryRun extends GradientPair {
  loss: number;
  /** Peak bytes held for the backward pass: one-step tapes (nodes × 40) and plain states (8 each). */
  bytes: number;
  /** Chain steps evaluated, forward pass and recomputation together (counted). */
  stepEvaluations: number;
  /** Steps evaluated a second time during the sweep. */
  recomputedSteps: number;
  /** Most one-step tapes alive at once. */
  peakTapes: number;
  /**
   * Bytes held at each moment of the run: before it (0), after each forward step, and while each
   * step is swept back (T−1 … 0): 2T + 1 samples.
   */
  bytesTrace: Float64Array;
  /** Step evaluations done by the same moments. */
  evaluationsTrace: Float64Array;
}

/** Live bytes, counted as tapes and states come and go. */
class Held {
  bytes = 0;
  peak = 0;
  tapes = 0;
  peakTapes = 0;
  readonly bytesTrace: number[] = [0];
  readonly evaluationsTrace: number[] = [0];
  /** Notes the bytes held now, and the step evaluations done so far. */
  sample(evaluations: number): void {
    this.bytesTrace.push(this.bytes);
    this.evaluationsTrace.push(evaluations);
  }
  addTape(r: RecordedStep): void {
    this.tapes++;
    this.peakTapes = Math.max(this.peakTapes, this.tapes);
    this.add(r.tape.length * BYTES_PER_NODE);
  }
  dropTape(r: RecordedStep): void {
    this.tapes--;
    this.bytes -= r.tape.length * BYTES_PER_NODE;
  }
  add(n: number): void {
    this.bytes += n;
    this.peak = Math.max(this.peak, this.bytes);
  }
}

function emptyAdjoint(): StepAdjoint {
  return { x: 0, a: 0, b: 0, c: 0, next: 0, loss: NaN };
}

/**
 * Saving: the forward pass tapes every step (x_t, a_t, b_t, c and its twelve primitives, the tanh
 * output among them, with their local partials) and keeps all T tapes until the sweep has used
 * them. T step evaluations; the bytes of every tape at once and the working x_T.
 */
export function savedGradient(params: ChainParams): MemoryRun {
  const T = stepsOf(params);
  const recorder = new StepRecorder(params);
  const held = new Held();
  const tapes: RecordedStep[] = [];
  let x = params.x0;
  let evaluations = 0;
  for (let t = 0; t < T; t++) {
    const r = recorder.record(t, x);
    evaluations++;
    held.addTape(r);
    // The working state x_T, held until the sweep starts: every step recorded and x_T is the
    // executor's stride-T peak (fullTapeBytes), the same number on every screen.
    if (t === T - 1) held.add(STATE_BYTES);
    held.sample(evaluations);
    tapes.push(r);
    x = recorder.output(r);
  }
  const a = new Float64Array(T);
  const b = new Float64Array(T);
  const out = emptyAdjoint();
  let seed = 0;
  let loss = NaN;
  for (let t = T - 1; t >= 0; t--) {
    const r = tapes[t];
    held.sample(evaluations);
    if (t === T - 1) held.add(-STATE_BYTES);
    held.dropTape(r);
    recorder.reverse(r, seed, out);
    if (t === T - 1) loss = out.loss;
    a[t] = out.a;
    b[t] = out.b;
    seed = out.x;
  }
  return {
    loss,
    a,
    b,
    bytes: held.peak,
    stepEvaluations: evaluations,
    recomputedSteps: 0,
    peakTapes: held.peakTapes,
    bytesTrace: Float64Array.from(held.bytesTrace),
    evaluationsTrace: Float64Array.from(held.evaluationsTrace),
  };
}

/**
 * Recomputing: the forward pass runs in plain floats and keeps only the states x_0 … x_{T−1};
 * the sweep re-runs each step from its x_t on a one-step tape, sweeps it and frees it. 2T step
 * evaluations; the bytes of the states and of one tape. The sweep of each step is the same as
 * under saving, so the gradients agree bit for bit.
 */
export function recomputedGradient(params: ChainParams): MemoryRun {
  const T = stepsOf(params);
  const recorder = new StepRecorder(params);
  const held = new Held();
  const states = new Float64Array(T);
  let x = params.x0;
  let evaluations = 0;
  for (let t = 0; t < T; t++) {
    states[t] = x;
    held.add(STATE_BYTES);
    x = advance(params, t, t + 1, x);
    evaluations++;
    held.sample(evaluations);
  }
  const a = new Float64Array(T);
  const b = new Float64Array(T);
  const out = emptyAdjoint();
  let seed = 0;
  let loss = NaN;
  let recomputed = 0;
  for (let t = T - 1; t >= 0; t--) {
    const r = recorder.record(t, states[t]);
    evaluations++;
    recomputed++;
    held.addTape(r);
    held.sample(evaluations);
    held.dropTape(r);
    recorder.reverse(r, seed, out);
    held.add(-STATE_BYTES);
    if (t === T - 1) loss = out.loss;
    a[t] = out.a;
    b[t] = out.b;
    seed = out.x;
  }
  return {
    loss,
    a,
    b,
    bytes: held.peak,
    stepEvaluations: evaluations,
    recomputedSteps: recomputed,
    peakTapes: held.peakTapes,
    bytesTrace: Float64Array.from(held.bytesTrace),
    evaluationsTrace: Float64Array.from(held.evaluationsTrace),
  };
}
