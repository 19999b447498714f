import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../generated/primitives.ts';
import { LAST_BINARY, LAST_SOURCE, Op, OPS } from '../ops.ts';
import type { NodeId, Tape } from '../tape.ts';

export { PYTORCH_VERSION } from './pytorch-version.ts';

/**
 * Bytes of one saved value: a 0-d float64 tensor, as PyTorch saves the chain's values. A value
 * several rules save (x_t, read by a_t·x_t, c·x_t and x_t²) is one tensor, counted once; the
 * graph's structure (op codes and parent links) is not counted.
 */
export const SAVED_BYTES_PER_NODE = 8;

/**
 * What PyTorch 1.13's backward node for each op saves: its operands (MulBackward0, DivBackward0,
 * PowBackward0 for x², SinBackward0 …), its own result (TanhBackward0, ExpBackward0,
 * SqrtBackward0, ReluBackward0), no tensor (add, sub, neg, x + k), or, for k·x with a number k,
 * the number k as a 0-d tensor of its own (MulBackward0 saves it; `constant`).
 */
const SAVES: readonly ('operands' | 'result' | 'none' | 'constant')[] = OPS.map((row) => {
  if (['Add', 'Sub', 'Neg', 'AddConst'].includes(row.key)) return 'none';
  if (row.key === 'MulConst') return 'constant';
  if (['Tanh', 'Exp', 'Sqrt', 'Relu'].includes(row.key)) return 'result';
  return 'operands';
});

/** PyTorch 1.13's text when a saved tensor was modified in place (a 0-d float64 tensor; `node` is the in-place op's node). */
export function inPlaceErrorText(version: number, expected: number, node = 'MulBackward0'): string {
  return (
    'one of the variables needed for gradient computation has been modified by an inplace operation: ' +
    `[torch.DoubleTensor []], which is output 0 of ${node}, is at version ${version}; expected version ${expected} instead. ` +
    'Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).'
  );
}

/** PyTorch 1.13's text for a second backward through a freed graph. */
export const SECOND_BACKWARD_TEXT =
  'Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). ' +
  'Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). ' +
  'Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.';
/** The factor the `in-place` bug scales a saved value by after recording (`x.mul_(0.5)`). */
export const IN_PLACE_FACTOR = 0.5;
/** Bytes of one adjoint (a node's gradient buffer). */
export const ADJOINT_BYTES = 8;

/** What `SavedGraph.backward` refuses: the framework's reason, as one line. */
export class AutogradError extends Error {
  override name = 'AutogradError';
}

/** The message of the AutogradError `f` raises (a framework's refusal); an Error if it raises none. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof AutogradError) return err.message;
    throw err;
  }
  throw new Error('internal: the framework check did not refuse');
}

/** A sweep's result: every node's adjoint, and what it held. */
export interface SavedSweep {
  /** ∂output/∂node for nodes 0 … output. */
  adjoints: Float64Array;
  /** The most bytes of saved values and adjoints held at once during the sweep (counted as it ran). */
  peakBytes: number;
  /** Bytes still held when the sweep ended (leaves' values and gradients, and anything retained). */
  bytesAfter: number;
  /**
   * The bytes held as the sweep goes: entry 0 at its start (before any node), entry k the most
   * held while the sweep was at the k-th node from the output (node output − k + 1), and a last
   * entry once the sweep has returned (after a late free, before anything is retained). Its
   * largest entry is `peakBytes`.
   */
  held: Float64Array;
}

/**
/**
 * A recorded tape as PyTorch keeps it for `backward`: each node's op, parents and the values its
 * rule saved (SAVES: PyTorch 1.13's choice for each op), no precomputed partials. The sweep
 * computes each local partial from the values when it reaches the node, as PyTorch's backward
 * functions do from their saved tensors, so whatever happens to a saved value after recording
 * shows in the gradient. Like PyTorch it keeps a version counter per value (bumped by
 * `modifyInPlace`) and checks the saved ones; frees what it saved as the sweep passes unless asked
 * to retain the graph; and refuses a second sweep over a freed graph, with PyTorch's own words.
 */
export class SavedGraph {
  readonly length: number;
  private readonly op: Uint8Array;
  private readonly p0: Int32Array;
  private readonly p1: Int32Array;
  private readonly k: Float64Array;
  private readonly values: Float64Array;
  /** Each value's version: how many times it was modified in place. */
  private readonly version: Int32Array;
  /**
   * The values node i's rule saved: node ids (its operands, its own result), or length + i for
   * the number k a `k·x` node saves as a tensor of its own.
   */
  private readonly saved: number[][];
  private freed = false;

  /** The graph of nodes 0 … length−1 of a recorded tape. */
  constructor(tape: Tape, readonly labels: (node: number) => string = (node) => `node ${node}`) {
    const n = tape.length;
    this.length = n;
    this.op = new Uint8Array(n);
    this.p0 = new Int32Array(n);
    this.p1 = new Int32Array(n);
    this.k = new Float64Array(n);
    this.values = tape.valuesCopy();
    this.version = new Int32Array(n);
    this.saved = [];
    // Whether a gradient flows to each node (PyTorch's requires_grad): inputs yes, constants no.
    const grad = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const parents = tape.parents(i);
      const o = tape.op(i);
      this.op[i] = o;
      this.p0[i] = parents[0] ?? 0;
      this.p1[i] = parents[1] ?? parents[0] ?? 0;
      this.k[i] = tape.opConstant(i) ?? 0;
      grad[i] = o === Op.Leaf ? 1 : o === Op.Const ? 0 : parents.some((p) => grad[p]) ? 1 : 0;
      const saves = o > LAST_SOURCE ? SAVES[o] : 'none';
      let list: number[] = [];
      if (saves === 'result') list = [i];
      else if (saves === 'constant') list = [n + i];
      else if (saves === 'operands' && (o === Op.Mul || o === Op.Div)) {
        // Saved only where a rule needs it: x·y keeps y for x's gradient and x for y's; x/y keeps x for y's, y for both.
        const [u, w] = [this.p0[i], this.p1[i]];
        if (grad[w]) list.push(u);
        if (grad[u] || (o === Op.Div && grad[w])) list.push(w);
      } else if (saves === 'operands') list = [...parents];
      this.saved.push([...new Set(list)]);
    }
  }

  /** The nodes whose backward rule reads node j's value (its consumers). */
  consumers(j: number): number[] {
    const out: number[] = [];
    for (let i = j + 1; i < this.length; i++) {
      if (this.op[i] > LAST_SOURCE && (this.p0[i] === j || (this.op[i] <= LAST_BINARY && this.p1[i] === j))) out.push(i);
    }
    return out;
  }

  /** `x.mul_(k)`-style in-place change of node j's value after recording: bumps its version. */
  modifyInPlace(j: number, value: number): void {
    this.values[j] = value;
    this.version[j]++;
  }

  /** The value node j holds now. */
  value(j: number): number {
    return this.values[j];
  }

  /** Whether node j is an input or a constant (the caller's tensor, not the graph's); a saved number k (j ≥ length) is the graph's. */
  private isSource(j: number): boolean {
    return j < this.length && this.op[j] <= LAST_SOURCE;
  }

  /** How many rules saved each intermediate value (inputs and constants are the caller's: 0), then each saved number k. */
  private saveCounts(): Int32Array {
    const count = new Int32Array(2 * this.length);
    for (const list of this.saved) for (const j of list) if (!this.isSource(j)) count[j]++;
    return count;
  }

  /** The oldest intermediate value (not an input or constant) some rule saved, or −1: what an in-place change can break. */
  oldestSaved(): number {
    const count = this.saveCounts();
    for (let j = 0; j < this.length; j++) if (count[j] > 0) return j;
    return -1;
  }

  /**
   * Bytes of the tensors the graph saved for its rules, each counted once, inputs and constants
   * left out (the caller holds them): what a sweep frees, and what `retainGraph` keeps after it.
   * The bug scripts measure the same with PyTorch's saved-tensor hooks.
   */
  savedBytes(): number {
    let n = 0;
    for (const c of this.saveCounts()) if (c > 0) n++;
    return n * SAVED_BYTES_PER_NODE;
  }

  /**
   * The reverse sweep from `output`, each partial computed from the saved values as the sweep
   * reaches its node. Options, each one of PyTorch's behaviours:
   * - `checkVersions` (default true): refuse, as PyTorch does, when a value a rule saved was
   *   modified in place after it was saved; false computes with the modified value (the wrong
   *   gradient a framework without the check would return).
   * - `retainGraph` (default false): keep the saved values for another sweep; otherwise the
   *   graph is freed and a second sweep is refused.
   * - `freeLate` (default false): keep every saved value and adjoint until the sweep ends,
   *   instead of releasing a saved value once the sweep has passed every node that saved it,
   *   and node i's adjoint once it has passed node i.
   * Bytes held: the saved values (savedBytes) and the adjoints, 8 bytes each (the inputs' gradients stay).
   */
  backward(output: NodeId, options: { checkVersions?: boolean; retainGraph?: boolean; freeLate?: boolean } = {}): SavedSweep {
    if (this.freed) throw new AutogradError(SECOND_BACKWARD_TEXT);
    const check = options.checkVersions ?? true;
    const freeLate = options.freeLate ?? false;
    const n = output + 1;
    const { op, p0, p1, k, values } = this;
    const refs = this.saveCounts();
    const adj = new Float64Array(n);
    const hasAdjoint = new Uint8Array(n);
    // Held at the start: the saved values, then the seed's adjoint.
    let held = this.savedBytes() + ADJOINT_BYTES;
    let peak = held;
    // The series: the start, each node's most, and the end.
    const series = new Float64Array(n + 2);
    series[0] = held;
    let here = held;
    adj[output] = 1;
    hasAdjoint[output] = 1;
    const receive = (p: number, c: number) => {
      if (!hasAdjoint[p]) {
        hasAdjoint[p] = 1;
        held += ADJOINT_BYTES;
        if (held > peak) peak = held;
        if (held > here) here = held;
      }
      adj[p] += c;
    };
    for (let i = output; i >= 0; i--) {
      const o = op[i];
      here = held;
      // Leaves and constants belong to the caller: their values and gradients stay.
      if (o <= LAST_SOURCE) {
        series[output - i + 1] = here;
        continue;
      }
      const binary = o <= LAST_BINARY;
      if (check) {
        // Every value saved by this rule was at version 0 when it was recorded.
        for (const p of this.saved[i]) {
          if (p < this.length && this.version[p] !== 0) throw new AutogradError(inPlaceErrorText(this.version[p], 0));
        }
      }
      const g = adj[i];
      if (hasAdjoint[i] && g !== 0) {
        // The rule's partials from the saved values now (as PyTorch's backward functions read them).
        if (binary) binaryPrimitive(o, values[p0[i]], values[p1[i]]);
        else unaryPrimitive(o, values[p0[i]], k[i]);
        const d0 = PARTIALS[0];
        const d1 = PARTIALS[1];
        receive(p0[i], d0 * g);
        if (binary) receive(p1[i], d1 * g);
      }
      if (!freeLate) {
        // Passed: node i's adjoint, and each value only node i still needed, can go.
        for (const p of this.saved[i]) if (!this.isSource(p) && --refs[p] === 0) held -= SAVED_BYTES_PER_NODE;
        if (hasAdjoint[i]) held -= ADJOINT_BYTES;
      }
      series[output - i + 1] = here;
    }
    if (freeLate) {
      held -= this.savedBytes();
      for (let i = 0; i < n; i++) if (op[i] > LAST_SOURCE && hasAdjoint[i]) held -= ADJOINT_BYTES;
    }
    series[n + 1] = held;
    if (options.retainGraph) held += this.savedBytes();
    else this.freed = true;
    return { adjoints: adj, peakBytes: peak, bytesAfter: held, held: series };
  }
}
