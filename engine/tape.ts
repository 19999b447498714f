import { TapeOps } from './generated/arithmetics.ts';
import { binaryPrimitive, PARTIALS, unaryPrimitive } from './generated/primitives.ts';
import { HAS_CONSTANT, LAST_BINARY, LAST_SOURCE, Op, OP_NAME, type Arith, type OpCode } from './ops.ts';
import type { Program } from './program.ts';

/** Index of a node on a tape. Branded so it cannot be mixed up with a step index or a count. */
export type NodeId = number & { readonly __node: unique symbol };

/** Parent indices live in the low 24 bits of the head word; the op code in the top byte. */
export const INDEX_BITS = 24;
const INDEX_MASK = (1 << INDEX_BITS) - 1;
/** The most nodes one tape holds (2^24 − 1: about 16.7 million, 537 MB of columns). */
export const MAX_TAPE_NODES = INDEX_MASK;

/**
 * Bytes a node costs: head word (op + first parent) 4, second parent 4, two local partials 16,
 * value 8, and the adjoint 8 the reverse sweep keeps per node.
 */
export const BYTES_PER_NODE = 4 + 4 + 8 + 8 + 8 + 8;

/** A tape's columns, as `Tape.bulk` hands them to a recorder written out ahead of time. */
export interface TapeColumns {
  /** (op << INDEX_BITS) | first parent. */
  head: Int32Array;
  parent1: Int32Array;
  d0: Float64Array;
  d1: Float64Array;
  values: Float64Array;
}

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
export class Tape extends TapeOps<NodeId> implements Arith<NodeId> {
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
    super();
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

  /**
   * Appends the node op(x, y) — y is ignored by unary ops, k is the constant of `constant`,
   * `mulConst`, `addConst` and `powConst` — computing its value and local partials by the op's rule
   * (the op table in ops.ts, written out into generated/primitives.ts). The op methods (`sin`,
   * `add`, …, from generated/arithmetics.ts) call it with their op, and `replay` calls it once
   * per instruction of a traced program.
   */
  protected record(op: number, x: number, y: number, k: number): NodeId {
    const vals = this.values;
    let value = k;
    let d0 = 0;
    let d1 = 0;
    let p1 = y;
    if (op > LAST_BINARY) {
      p1 = x;
      value = unaryPrimitive(op, vals[x], k);
      d0 = PARTIALS[0];
      d1 = PARTIALS[1];
    } else if (op > LAST_SOURCE) {
      value = binaryPrimitive(op, vals[x], vals[y]);
      d0 = PARTIALS[0];
      d1 = PARTIALS[1];
    } else {
      // Op.Leaf and Op.Const: no parents; the value is k.
      x = p1 = 0;
    }
    const i = this.length;
    if (i === this.head.length) this.reserve(i + 1);
    this.head[i] = (op << INDEX_BITS) | x;
    this.parent1[i] = p1;
    this.d0[i] = d0;
    this.d1[i] = d1;
    this.values[i] = value;
    this.length = i + 1;
    // v·0 + d·0 is 0 exactly when both are finite: one test instead of several isFinite calls.
    if (value * 0 + d0 * 0 + d1 * 0 !== 0) this.flag(i as NodeId);
    return i as NodeId;
  }

  /**
   * Records a traced program (program.ts) with the node ids of its inputs in regs[0 … inputs−1]:
   * the same nodes, in the same order, as running the function it was traced from on this tape,
   * from one loop with a single call site. Expressions are recorded this way; the chain's step
   * by a recorder of its program written out ahead of time (`recordStep` in chain.ts), which
   * records what this would. `regs` (from `registersFor`) receives every instruction's node id
   * after the inputs.
   */
  replay(p: Program, regs: Int32Array, numbers: readonly number[] = []): NodeId {
    const { op, lhs, rhs, constant, parameter } = p;
    const base = p.inputs;
    if (regs.length < base + op.length) {
      throw new RangeError(`replay needs ${base + op.length} registers (registersFor); ${regs.length} were given`);
    }
    for (let i = 0; i < op.length; i++) {
      const j = parameter ? parameter[i] : -1;
      regs[base + i] = this.record(op[i], regs[lhs[i]], regs[rhs[i]], j >= 0 ? numbers[j] : constant[i]);
    }
    return regs[p.output] as NodeId;
  }

  /**
   * For recorders written out ahead of time from a traced program (engine/generated/): makes room
   * for `count` more nodes and hands over the columns to write them into, from index `start` (the
   * current length) on. `commit` ends the write.
   */
  bulk(count: number): TapeColumns & { start: number } {
    const start = this.length;
    this.reserve(start + count);
    return { head: this.head, parent1: this.parent1, d0: this.d0, d1: this.d1, values: this.values, start };
  }

  /**
   * Ends a `bulk` write: nodes start … end−1 are recorded. With `check`, each of them whose value
   * or partials are not finite is flagged, as `record` flags it.
   */
  commit(start: number, end: number, check: boolean): void {
    if (end < start || end > this.head.length) throw new RangeError(`cannot commit nodes ${start} … ${end - 1}`);
    this.length = end;
    if (!check) return;
    for (let i = start; i < end; i++) {
      if (this.values[i] * 0 + this.d0[i] * 0 + this.d1[i] * 0 !== 0) this.flag(i as NodeId);
    }
  }

  private flag(id: NodeId): void {
    const op = this.opName(id);
    const value = this.values[id];
    // A binary op's second partial is d1; a unary op's d1 is its constant, not a partial.
    const partial = this.op(id) <= LAST_BINARY && Number.isFinite(this.d0[id]) ? this.d1[id] : this.d0[id];
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
    return this.source(Op.Leaf, value);
  }

  constant(c: number): NodeId {
    return this.source(Op.Const, c);
  }

  /** A node with no parents (a leaf or a constant): small enough to be inlined where it is recorded. */
  private source(op: OpCode, value: number): NodeId {
    const i = this.length;
    if (i === this.head.length) this.reserve(i + 1);
    this.head[i] = op << INDEX_BITS;
    this.parent1[i] = 0;
    this.d0[i] = 0;
    this.d1[i] = 0;
    this.values[i] = value;
    this.length = i + 1;
    if (value * 0 !== 0) this.flag(i as NodeId);
    return i as NodeId;
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
    if (op <= LAST_SOURCE) return [];
    const p0 = this.head[i] & INDEX_MASK;
    return op <= LAST_BINARY ? [p0, this.parent1[i]] : [p0];
  }

  /** Local partials ∂node/∂parent of node i, aligned with `parents(i)`. */
  partials(i: number): number[] {
    const op = this.op(i);
    if (op <= LAST_SOURCE) return [];
    return op <= LAST_BINARY ? [this.d0[i], this.d1[i]] : [this.d0[i]];
  }

  /** The constant a unary op carries (k of k·x and x + k, p of x^p), or undefined. */
  opConstant(i: number): number | undefined {
    const op = this.op(i);
    return HAS_CONSTANT[op] ? this.d1[i] : undefined;
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
    // Module bindings copied into locals: read inside the loop, each would be reloaded (with a
    // check that it is initialised) on every node.
    const shift = INDEX_BITS;
    const mask = INDEX_MASK;
    const lastLeaf = LAST_SOURCE;
    const lastBinary = LAST_BINARY;
    let swept = 0;
    for (let i = output; i >= 0; i--) {
      swept++;
      const g = adj[i];
      if (g === 0) continue;
      const h = head[i];
      const op = h >>> shift;
      if (op <= lastLeaf) continue;
      adj[h & mask] += d0[i] * g;
      // Binary ops are exactly the codes after the sources up to LAST_BINARY (ops.ts).
      if (op <= lastBinary) adj[p1[i]] += d1[i] * g;
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
      if (op <= LAST_SOURCE) continue;
      const arity = op <= LAST_BINARY ? 2 : 1;
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
