import { unaryPartials, powPartial, type Arith } from './arith.ts';
import { Op, OP_NAME, type OpCode } from './ops.ts';

/** Index of a node on a tape. Branded so it cannot be mixed up with a step index or a count. */
export type NodeId = number & { readonly __node: unique symbol };

/** Parent indices live in the low 24 bits of the head word; the op code in the top byte. */
const INDEX_BITS = 24;
const INDEX_MASK = (1 << INDEX_BITS) - 1;
/** The most nodes one tape holds (2^24 − 1: about 16.7 million, 537 MB of columns). */
export const MAX_TAPE_NODES = INDEX_MASK;

/**
 * Bytes a node costs: head word (op + first parent) 4, second parent 4, two local partials 16,
 * value 8, and the adjoint 8 the reverse sweep keeps per node.
 */
export const BYTES_PER_NODE = 4 + 4 + 8 + 8 + 8 + 8;

/** A numerical hazard met while recording: the value or a local partial is not finite. */
export interface TapeIssue {
  node: number;
  op: string;
  message: string;
}

/** One reverse-sweep event per edge, in sweep order: adj[parent] += partial · adj[node]. */
export interface SweepTrace {
  /** Number of events. */
  count: number;
  /** The node whose adjoint is being passed back. */
  node: Int32Array;
  /** The parent receiving a contribution. */
  parent: Int32Array;
  /** ∂node/∂parent, the local partial recorded on the forward pass. */
  partial: Float64Array;
  /** adj[node] at the time of the event. */
  nodeAdjoint: Float64Array;
  /** partial · adj[node], the amount added to (or, in overwrite mode, written over) adj[parent]. */
  contribution: Float64Array;
  /** adj[parent] after the event. */
  parentAdjoint: Float64Array;
  /** The adjoint of every node after the sweep. */
  adjoint: Float64Array;
}

/**
 * A scalar Wengert list in typed-array columns.
 *
 * Each primitive appends one node holding its parents, its local partials ∂node/∂parent and its
 * value. `backward` visits the nodes newest to oldest and accumulates adjoints with `+=`, so a value
 * used k times collects k contributions. `reset` empties the tape and keeps its buffers, so
 * recording the same program again allocates nothing.
 *
 * For unary ops the second partial column holds the op's constant (k of k·x, x + k, x^p) for
 * display; the sweep never reads it.
 */
export class Tape implements Arith<NodeId> {
  /** Number of nodes recorded. */
  length = 0;
  /** (op << 24) | first parent. */
  private head: Int32Array;
  private parent1: Int32Array;
  private d0: Float64Array;
  private d1: Float64Array;
  private values: Float64Array;
  private adjoints: Float64Array;
  /** Hazards found while recording (non-finite values or partials), oldest first. */
  readonly issues: TapeIssue[] = [];
  /** Nodes the last `backward` visited, newest to oldest (counted in its loop). */
  lastSweepNodes = 0;

  constructor(capacity = 1024) {
    const n = Math.max(16, Math.min(capacity, MAX_TAPE_NODES));
    this.head = new Int32Array(n);
    this.parent1 = new Int32Array(n);
    this.d0 = new Float64Array(n);
    this.d1 = new Float64Array(n);
    this.values = new Float64Array(n);
    this.adjoints = new Float64Array(n);
  }

  /** Nodes the buffers hold before they must grow. */
  get capacity(): number {
    return this.head.length;
  }

  /** Empties the tape, keeping its buffers. */
  reset(): void {
    this.length = 0;
    this.issues.length = 0;
  }

  /** Ensures room for `n` nodes in all, growing every column once if needed. */
  reserve(n: number): void {
    if (n <= this.head.length) return;
    if (n > MAX_TAPE_NODES) {
      throw new RangeError(`a tape holds at most ${MAX_TAPE_NODES} nodes; ${n} were asked for`);
    }
    const size = Math.min(MAX_TAPE_NODES, Math.max(n, this.head.length * 2));
    this.head = grow(this.head, new Int32Array(size), this.length);
    this.parent1 = grow(this.parent1, new Int32Array(size), this.length);
    this.d0 = grow(this.d0, new Float64Array(size), this.length);
    this.d1 = grow(this.d1, new Float64Array(size), this.length);
    this.values = grow(this.values, new Float64Array(size), this.length);
    this.adjoints = new Float64Array(size);
  }

  private push(op: OpCode, p0: number, d0: number, p1: number, d1: number, value: number): NodeId {
    const i = this.length;
    if (i === this.head.length) this.reserve(i + 1);
    this.head[i] = (op << INDEX_BITS) | p0;
    this.parent1[i] = p1;
    this.d0[i] = d0;
    this.d1[i] = d1;
    this.values[i] = value;
    this.length = i + 1;
    return i as NodeId;
  }

  private unary(op: OpCode, x: NodeId, value: number, partial: number, aux = 0): NodeId {
    const id = this.push(op, x, partial, x, aux, value);
    // v·0 + d·0 is 0 exactly when both are finite: one test instead of two isFinite calls.
    if (value * 0 + partial * 0 !== 0) this.flag(id, value, partial);
    return id;
  }

  private binary(op: OpCode, x: NodeId, y: NodeId, value: number, dx: number, dy: number): NodeId {
    const id = this.push(op, x, dx, y, dy, value);
    if (value * 0 + dx * 0 + dy * 0 !== 0) this.flag(id, value, Number.isFinite(dx) ? dy : dx);
    return id;
  }

  private flag(id: NodeId, value: number, partial: number): void {
    const op = this.opName(id);
    const x = this.values[this.head[id] & INDEX_MASK];
    let message: string;
    if (op === 'log' && x <= 0) message = `log of ${x} is ${value}: the logarithm needs a positive argument`;
    else if (op === 'sqrt' && x === 0) message = "sqrt'(0) is infinite: the slope of √x at 0 is unbounded";
    else if (op === 'sqrt' && x < 0) message = `sqrt of ${x} is not a real number`;
    else if (op === 'div' && this.values[this.parent1[id]] === 0) message = 'division by zero';
    else if (!Number.isFinite(value)) message = `${op} produced ${value}`;
    else message = `${op} has a non-finite local partial (${partial})`;
    this.issues.push({ node: id, op, message });
  }

  /** An input to differentiate with respect to. */
  leaf(value: number): NodeId {
    return this.push(Op.Leaf, 0, 0, 0, 0, value);
  }

  constant(c: number): NodeId {
    return this.push(Op.Const, 0, 0, 0, 0, c);
  }

  add(x: NodeId, y: NodeId): NodeId {
    return this.binary(Op.Add, x, y, this.values[x] + this.values[y], 1, 1);
  }

  sub(x: NodeId, y: NodeId): NodeId {
    return this.binary(Op.Sub, x, y, this.values[x] - this.values[y], 1, -1);
  }

  mul(x: NodeId, y: NodeId): NodeId {
    const a = this.values[x];
    const b = this.values[y];
    return this.binary(Op.Mul, x, y, a * b, b, a);
  }

  div(x: NodeId, y: NodeId): NodeId {
    const a = this.values[x];
    const b = this.values[y];
    const q = a / b;
    return this.binary(Op.Div, x, y, q, 1 / b, -q / b);
  }

  neg(x: NodeId): NodeId {
    return this.unary(Op.Neg, x, -this.values[x], -1);
  }

  mulConst(x: NodeId, k: number): NodeId {
    return this.unary(Op.MulConst, x, k * this.values[x], k, k);
  }

  addConst(x: NodeId, k: number): NodeId {
    return this.unary(Op.AddConst, x, this.values[x] + k, 1, k);
  }

  sin(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Sin, x, Math.sin(v), unaryPartials.sin(v));
  }

  cos(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Cos, x, Math.cos(v), unaryPartials.cos(v));
  }

  tanh(x: NodeId): NodeId {
    const v = this.values[x];
    const y = Math.tanh(v);
    return this.unary(Op.Tanh, x, y, unaryPartials.tanh(v, y));
  }

  exp(x: NodeId): NodeId {
    const v = this.values[x];
    const y = Math.exp(v);
    return this.unary(Op.Exp, x, y, unaryPartials.exp(v, y));
  }

  log(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Log, x, Math.log(v), unaryPartials.log(v));
  }

  sqrt(x: NodeId): NodeId {
    const v = this.values[x];
    const y = Math.sqrt(v);
    return this.unary(Op.Sqrt, x, y, unaryPartials.sqrt(v, y));
  }

  square(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Square, x, v * v, unaryPartials.square(v));
  }

  relu(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Relu, x, v > 0 ? v : 0, unaryPartials.relu(v));
  }

  abs(x: NodeId): NodeId {
    const v = this.values[x];
    return this.unary(Op.Abs, x, Math.abs(v), unaryPartials.abs(v));
  }

  powConst(x: NodeId, p: number): NodeId {
    const v = this.values[x];
    return this.unary(Op.PowConst, x, Math.pow(v, p), powPartial(v, p), p);
  }

  value(x: NodeId): number {
    return this.values[x];
  }

  /** The op code of node i. */
  op(i: number): OpCode {
    return (this.head[i] >>> INDEX_BITS) as OpCode;
  }

  /** The display name of node i's op. */
  opName(i: number): string {
    return OP_NAME[this.op(i)];
  }

  /** Parents of node i: none for leaves and constants, one for unary ops, two for binary ones. */
  parents(i: number): number[] {
    const op = this.op(i);
    if (op <= Op.Const) return [];
    const p0 = this.head[i] & INDEX_MASK;
    return op <= Op.Div ? [p0, this.parent1[i]] : [p0];
  }

  /** Local partials ∂node/∂parent of node i, aligned with `parents(i)`. */
  partials(i: number): number[] {
    const op = this.op(i);
    if (op <= Op.Const) return [];
    return op <= Op.Div ? [this.d0[i], this.d1[i]] : [this.d0[i]];
  }

  /** The constant a unary op carries (k of k·x and x + k, p of x^p), or undefined. */
  opConstant(i: number): number | undefined {
    const op = this.op(i);
    return op === Op.MulConst || op === Op.AddConst || op === Op.PowConst ? this.d1[i] : undefined;
  }

  /**
   * The reverse sweep: seeds adj[output] = seed and visits nodes newest to oldest, adding
   * ∂node/∂parent · adj[node] into each parent's adjoint. Returns the adjoints of nodes
   * 0 … output as a view into a buffer the tape reuses: copy it to keep it past the next sweep.
   */
  backward(output: NodeId, seed = 1): Float64Array {
    const n = output + 1;
    const adj = this.adjoints;
    adj.fill(0, 0, n);
    adj[output] = seed;
    const head = this.head;
    const p1 = this.parent1;
    const d0 = this.d0;
    const d1 = this.d1;
    let swept = 0;
    for (let i = output; i >= 0; i--) {
      swept++;
      const g = adj[i];
      if (g === 0) continue;
      const h = head[i];
      const op = h >>> INDEX_BITS;
      if (op <= Op.Const) continue;
      adj[h & INDEX_MASK] += d0[i] * g;
      // Binary ops are exactly the codes Add … Div.
      if (op <= Op.Div) adj[p1[i]] += d1[i] * g;
    }
    this.lastSweepNodes = swept;
    return adj.subarray(0, n);
  }

  /**
   * The same sweep as `backward`, recorded as one event per edge for display. With
   * `overwrite`, each contribution replaces the parent's adjoint instead of adding to it: the
   * classic bug that loses all but one contribution at a node with fan-out.
   */
  trace(output: NodeId, options: { seed?: number; overwrite?: boolean } = {}): SweepTrace {
    const seed = options.seed ?? 1;
    const overwrite = options.overwrite ?? false;
    const n = output + 1;
    const adj = new Float64Array(n);
    adj[output] = seed;
    let edges = 0;
    for (let i = 0; i < n; i++) edges += this.parents(i).length;
    const t: SweepTrace = {
      count: 0,
      node: new Int32Array(edges),
      parent: new Int32Array(edges),
      partial: new Float64Array(edges),
      nodeAdjoint: new Float64Array(edges),
      contribution: new Float64Array(edges),
      parentAdjoint: new Float64Array(edges),
      adjoint: adj,
    };
    let k = 0;
    for (let i = output; i >= 0; i--) {
      const g = adj[i];
      if (g === 0) continue;
      const op = this.op(i);
      if (op <= Op.Const) continue;
      const arity = op <= Op.Div ? 2 : 1;
      for (let j = 0; j < arity; j++) {
        const p = j === 0 ? this.head[i] & INDEX_MASK : this.parent1[i];
        const d = j === 0 ? this.d0[i] : this.d1[i];
        const c = d * g;
        adj[p] = overwrite ? c : adj[p] + c;
        t.node[k] = i;
        t.parent[k] = p;
        t.partial[k] = d;
        t.nodeAdjoint[k] = g;
        t.contribution[k] = c;
        t.parentAdjoint[k] = adj[p];
        k++;
      }
    }
    t.count = k;
    return t;
  }

  /** A copy of the values of nodes 0 … length−1. */
  valuesCopy(): Float64Array {
    return this.values.slice(0, this.length);
  }
}

function grow<A extends Int32Array | Float64Array>(from: A, to: A, used: number): A {
  to.set(from.subarray(0, used));
  return to;
}
