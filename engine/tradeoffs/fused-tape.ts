/**
 * A Wengert list whose nodes may have up to three parents, so that a whole chain step can be one
 * node: its value and the three local partials ∂x_{t+1}/∂x_t, ∂x_{t+1}/∂a_t, ∂x_{t+1}/∂b_t. This is
 * what a framework's fused kernel records: one entry per kernel instead of one per primitive.
 * Columns of typed arrays like the scalar tape (engine/tape.ts); the sweep is the same `+=` loop.
 */

/** Index of a node on a fused tape. */
export type FusedId = number & { readonly __fused: unique symbol };

/** The most parents one fused node has. */
export const FUSED_ARITY = 3;

const ARITY_SHIFT = 24;
const INDEX_MASK = (1 << ARITY_SHIFT) - 1;

/**
 * Bytes a fused node costs: head word (arity + first parent) 4, two more parents 8, three local
 * partials 24, value 8, and the adjoint 8 the sweep keeps per node.
 */
export const BYTES_PER_FUSED_NODE =
  Int32Array.BYTES_PER_ELEMENT * FUSED_ARITY + Float64Array.BYTES_PER_ELEMENT * (FUSED_ARITY + 2);

export class FusedTape {
  /** Nodes recorded. */
  length = 0;
  private head: Int32Array;
  private parent1: Int32Array;
  private parent2: Int32Array;
  private d0: Float64Array;
  private d1: Float64Array;
  private d2: Float64Array;
  private values: Float64Array;
  private adjoints: Float64Array;

  constructor(capacity = 256) {
    const n = Math.max(16, capacity);
    this.head = new Int32Array(n);
    this.parent1 = new Int32Array(n);
    this.parent2 = new Int32Array(n);
    this.d0 = new Float64Array(n);
    this.d1 = new Float64Array(n);
    this.d2 = new Float64Array(n);
    this.values = new Float64Array(n);
    this.adjoints = new Float64Array(n);
  }

  /** Empties the tape, keeping its buffers. */
  reset(): void {
    this.length = 0;
  }

  /** Bytes the recorded nodes hold: length × BYTES_PER_FUSED_NODE. */
  get bytes(): number {
    return this.length * BYTES_PER_FUSED_NODE;
  }

  private next(): number {
    const i = this.length;
    if (i === this.head.length) this.grow(2 * i);
    this.length = i + 1;
    return i;
  }

  private grow(size: number): void {
    const copy = <A extends Int32Array | Float64Array>(from: A, to: A): A => {
      to.set(from.subarray(0, this.length));
      return to;
    };
    this.head = copy(this.head, new Int32Array(size));
    this.parent1 = copy(this.parent1, new Int32Array(size));
    this.parent2 = copy(this.parent2, new Int32Array(size));
    this.d0 = copy(this.d0, new Float64Array(size));
    this.d1 = copy(this.d1, new Float64Array(size));
    this.d2 = copy(this.d2, new Float64Array(size));
    this.values = copy(this.values, new Float64Array(size));
    this.adjoints = new Float64Array(size);
  }

  /** A node with no parents: an input to differentiate with respect to, or a constant. */
  leaf(value: number): FusedId {
    const i = this.next();
    this.head[i] = 0;
    this.values[i] = value;
    return i as FusedId;
  }

  /** A node of one parent p with local partial dp. */
  unary(value: number, p: FusedId, dp: number): FusedId {
    const i = this.next();
    this.head[i] = (1 << ARITY_SHIFT) | p;
    this.d0[i] = dp;
    this.values[i] = value;
    return i as FusedId;
  }

  /** A node of three parents with their local partials. */
  ternary(value: number, p: FusedId, dp: number, q: FusedId, dq: number, r: FusedId, dr: number): FusedId {
    const i = this.next();
    this.head[i] = (3 << ARITY_SHIFT) | p;
    this.parent1[i] = q;
    this.parent2[i] = r;
    this.d0[i] = dp;
    this.d1[i] = dq;
    this.d2[i] = dr;
    this.values[i] = value;
    return i as FusedId;
  }

  value(i: FusedId): number {
    return this.values[i];
  }

  /** Parents of node i. */
  parents(i: number): number[] {
    const arity = this.head[i] >>> ARITY_SHIFT;
    return [this.head[i] & INDEX_MASK, this.parent1[i], this.parent2[i]].slice(0, arity);
  }

  /**
   * The reverse sweep from `output` (seeded with 1): newest to oldest, adj[parent] += partial ·
   * adj[node]. Returns a view of the adjoints of nodes 0 … output, reused by the next sweep.
   */
  backward(output: FusedId): Float64Array {
    const n = output + 1;
    const adj = this.adjoints;
    adj.fill(0, 0, n);
    adj[output] = 1;
    const { head, parent1, parent2, d0, d1, d2 } = this;
    for (let i = output; i >= 0; i--) {
      const g = adj[i];
      if (g === 0) continue;
      const h = head[i];
      const arity = h >>> ARITY_SHIFT;
      if (arity === 0) continue;
      adj[h & INDEX_MASK] += d0[i] * g;
      if (arity === 3) {
        adj[parent1[i]] += d1[i] * g;
        adj[parent2[i]] += d2[i] * g;
      }
    }
    return adj.subarray(0, n);
  }
}
