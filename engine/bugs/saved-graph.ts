import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../generated/primitives.ts';
import { LAST_BINARY, LAST_SOURCE } from '../ops.ts';
import type { NodeId, Tape } from '../tape.ts';

/**
 * Bytes a framework keeps for one node's backward rule here: the one value (8 bytes) the rule
 * reads — its own output for tanh, exp, sqrt and div, else its operands' outputs, which are
 * other nodes' values. The graph's structure (op codes and parent links) is not counted: it is
 * the same whether or not anything is freed.
 */
export const SAVED_BYTES_PER_NODE = 8;
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
 * A recorded tape as a framework like PyTorch keeps it for `backward`: each node's op, parents and
 * the values its rule reads, no precomputed partials. The sweep computes each local partial from
 * the saved values when it reaches the node, as PyTorch's backward functions do from their saved
 * tensors, so whatever happens to a saved value after recording shows in the gradient. Like
 * PyTorch it keeps a version counter per value (bumped by `modifyInPlace`) and checks it; frees
 * what it saved as the sweep passes unless asked to retain the graph; and refuses a second sweep
 * over a freed graph.
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
  /** The versions of node i's operands when it was recorded (all 0: recording is over). */
  private readonly savedVersion: Int32Array;
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
    this.savedVersion = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const parents = tape.parents(i);
      this.op[i] = tape.op(i);
      this.p0[i] = parents[0] ?? 0;
      this.p1[i] = parents[1] ?? parents[0] ?? 0;
      this.k[i] = tape.opConstant(i) ?? 0;
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

  /**
   * Bytes of the values the graph saved for its ops' rules (every node but leaves and constants,
   * which the caller owns): what a sweep frees, and what `retainGraph` keeps after it.
   */
  savedBytes(): number {
    let n = 0;
    for (let i = 0; i < this.length; i++) if (this.op[i] > LAST_SOURCE) n++;
    return n * SAVED_BYTES_PER_NODE;
  }

  /**
   * The reverse sweep from `output`, each partial computed from the saved values as the sweep
   * reaches its node. Options, each one of PyTorch's behaviours:
   * - `checkVersions` (default true): refuse, as PyTorch does, when a value a rule reads was
   *   modified in place after it was saved; false computes with the modified value (the wrong
   *   gradient a framework without the check would return).
   * - `retainGraph` (default false): keep the saved values for another sweep; otherwise the
   *   graph is freed and a second sweep is refused.
   * - `freeLate` (default false): keep every saved value and adjoint until the sweep ends,
   *   instead of releasing node i's as soon as the sweep has passed it.
   */
  backward(output: NodeId, options: { checkVersions?: boolean; retainGraph?: boolean; freeLate?: boolean } = {}): SavedSweep {
    if (this.freed) {
      throw new AutogradError(
        'Trying to backward through the graph a second time: its saved values were freed by the first backward (specify retain_graph=True to keep them)',
      );
    }
    const check = options.checkVersions ?? true;
    const freeLate = options.freeLate ?? false;
    const n = output + 1;
    const { op, p0, p1, k, values } = this;
    const adj = new Float64Array(n);
    const hasAdjoint = new Uint8Array(n);
    // Held at the start: every node's value (saved, or the caller's); then the seed's adjoint.
    let held = this.length * SAVED_BYTES_PER_NODE + ADJOINT_BYTES;
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
        for (const [slot, p] of binary ? [[0, p0[i]], [1, p1[i]]] : [[0, p0[i]]]) {
          if (this.version[p] !== this.savedVersion[2 * i + slot]) {
            throw new AutogradError(
              `one of the variables needed for gradient computation has been modified by an inplace operation: ${this.labels(p)} is at version ${this.version[p]}; expected version ${this.savedVersion[2 * i + slot]} instead`,
            );
          }
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
        // Passed: node i's saved value and its adjoint are no longer needed.
        held -= SAVED_BYTES_PER_NODE;
        if (hasAdjoint[i]) held -= ADJOINT_BYTES;
      }
      series[output - i + 1] = here;
    }
    if (freeLate) {
      for (let i = 0; i < n; i++) {
        if (op[i] <= LAST_SOURCE) continue;
        held -= SAVED_BYTES_PER_NODE;
        if (hasAdjoint[i]) held -= ADJOINT_BYTES;
      }
    }
    series[n + 1] = held;
    if (options.retainGraph) held += this.savedBytes();
    else this.freed = true;
    return { adjoints: adj, peakBytes: peak, bytesAfter: held, held: series };
  }
}
