import { TapeOps } from '../generated/arithmetics.ts';
import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../generated/primitives.ts';
import { LAST_BINARY, LAST_SOURCE, Op, type Arith } from '../ops.ts';
import type { Program } from '../program.ts';
import type { NodeId } from '../tape.ts';
import { partialTangents } from './partial-tangents.ts';

/** Scratch for the partials' tangents of the node being recorded. */
const TANGENTS = new Float64Array(2);

/**
 * Bytes a node of the dual tape holds: op and parents 12, value and its tangent 16, two local
 * partials and their tangents 32, and the adjoint with its tangent 16 that the sweep keeps.
 */
export const BYTES_PER_DUAL_NODE = 12 + 16 + 32 + 16;

/**
 * The tape of reverse mode with every number a dual number v + v̇·ε, for forward over reverse.
 *
 * Recording runs forward mode along one direction: each leaf θ_j carries the tangent v_j, each
 * value its derivative along v (valuė = ∂0·u̇ + ∂1·ẇ from the op's partials, as dual.ts's
 * arithmetic computes it: the tests compare the two bit for bit), and each local partial
 * ∂node/∂parent its own derivative along v (`partialTangents`). The reverse sweep is the tape's
 * sweep, `adj[parent] += partial · adj[node]`, with that product taken in dual numbers:
 *
 *   (p + ṗ ε)(g + ġ ε) = p g + (p ġ + ṗ g) ε.
 *
 * So each adjoint comes out as ∂L/∂θ_j + ε·(d/dε ∂L/∂θ_j along v) = (∇L)_j + ε (H v)_j: the
 * gradient and a Hessian-vector product from one recording and one sweep.
 */
export class DualTape extends TapeOps<NodeId> implements Arith<NodeId> {
  /** Nodes recorded. */
  length = 0;
  /** Nodes the last sweep visited (counted in its loop). */
  lastSweepNodes = 0;
  private op: Uint8Array;
  private p0: Int32Array;
  private p1: Int32Array;
  private v: Float64Array;
  private vDot: Float64Array;
  private d0: Float64Array;
  private d0Dot: Float64Array;
  private d1: Float64Array;
  private d1Dot: Float64Array;
  private adj: Float64Array;
  private adjDot: Float64Array;

  constructor(capacity = 256) {
    super();
    const n = Math.max(16, capacity);
    this.op = new Uint8Array(n);
    this.p0 = new Int32Array(n);
    this.p1 = new Int32Array(n);
    this.v = new Float64Array(n);
    this.vDot = new Float64Array(n);
    this.d0 = new Float64Array(n);
    this.d0Dot = new Float64Array(n);
    this.d1 = new Float64Array(n);
    this.d1Dot = new Float64Array(n);
    this.adj = new Float64Array(n);
    this.adjDot = new Float64Array(n);
  }

  private grow(): void {
    const size = this.op.length * 2;
    const more = <A extends Uint8Array | Int32Array | Float64Array>(a: A, b: A): A => (b.set(a), b);
    this.op = more(this.op, new Uint8Array(size));
    this.p0 = more(this.p0, new Int32Array(size));
    this.p1 = more(this.p1, new Int32Array(size));
    this.v = more(this.v, new Float64Array(size));
    this.vDot = more(this.vDot, new Float64Array(size));
    this.d0 = more(this.d0, new Float64Array(size));
    this.d0Dot = more(this.d0Dot, new Float64Array(size));
    this.d1 = more(this.d1, new Float64Array(size));
    this.d1Dot = more(this.d1Dot, new Float64Array(size));
    this.adj = new Float64Array(size);
    this.adjDot = new Float64Array(size);
  }

  private push(op: number, x: number, y: number, value: number, valueDot: number, d0: number, d0Dot: number, d1: number, d1Dot: number): NodeId {
    const i = this.length;
    if (i === this.op.length) this.grow();
    this.op[i] = op;
    this.p0[i] = x;
    this.p1[i] = y;
    this.v[i] = value;
    this.vDot[i] = valueDot;
    this.d0[i] = d0;
    this.d0Dot[i] = d0Dot;
    this.d1[i] = d1;
    this.d1Dot[i] = d1Dot;
    this.length = i + 1;
    return i as NodeId;
  }

  /** An input θ_j = value moving along the direction with speed `tangent` (v_j). */
  leaf(value: number, tangent = 0): NodeId {
    return this.push(Op.Leaf, 0, 0, value, tangent, 0, 0, 0, 0);
  }

  constant(c: number): NodeId {
    return this.push(Op.Const, 0, 0, c, 0, 0, 0, 0, 0);
  }

  value(x: NodeId): number {
    return this.v[x];
  }

  /** The derivative of node x's value along the direction v. */
  tangent(x: NodeId): number {
    return this.vDot[x];
  }

  /**
   * Appends op(x, y): its value and local partials by the op's rule (the tape's primitives), the
   * value's tangent as dual numbers carry it, and the partials' tangents.
   */
  protected record(op: number, x: NodeId, y: NodeId, k: number): NodeId {
    const u = this.v[x];
    const uDot = this.vDot[x];
    const unary = op > LAST_BINARY;
    const w = unary ? u : this.v[y];
    const wDot = unary ? 0 : this.vDot[y];
    const value = unary ? unaryPrimitive(op, u, k) : binaryPrimitive(op, u, w);
    const d0 = PARTIALS[0];
    // A unary op's second slot holds its constant, not a partial.
    const d1 = unary ? 0 : PARTIALS[1];
    const valueDot = unary ? d0 * uDot : d0 * uDot + d1 * wDot;
    partialTangents(op, u, w, value, k, uDot, wDot, valueDot, TANGENTS);
    return this.push(op, x, unary ? x : y, value, valueDot, d0, TANGENTS[0], d1, TANGENTS[1]);
  }

  /** Records a traced program with its inputs' node ids in regs[0 … inputs−1] (as `Tape.replay`). */
  replay(p: Program, regs: Int32Array, numbers: readonly number[] = []): NodeId {
    const { op, lhs, rhs, constant, parameter } = p;
    const base = p.inputs;
    for (let i = 0; i < op.length; i++) {
      const j = parameter ? parameter[i] : -1;
      const k = j >= 0 ? numbers[j] : constant[i];
      regs[base + i] = op[i] === Op.Const ? this.constant(k) : this.record(op[i], regs[lhs[i]] as NodeId, regs[rhs[i]] as NodeId, k);
    }
    return regs[p.output] as NodeId;
  }

  /**
   * The reverse sweep in dual numbers from adj[output] = 1: afterwards `adjoint(i)` is ∂out/∂node
   * and `adjointTangent(i)` its derivative along v — for a leaf θ_j, (∇f)_j and (H v)_j.
   */
  backward(output: NodeId): void {
    const n = output + 1;
    const { adj, adjDot, op, p0, p1, d0, d0Dot, d1, d1Dot } = this;
    adj.fill(0, 0, n);
    adjDot.fill(0, 0, n);
    adj[output] = 1;
    const lastSource = LAST_SOURCE;
    const lastBinary = LAST_BINARY;
    let swept = 0;
    for (let i = output; i >= 0; i--) {
      swept++;
      const g = adj[i];
      const gDot = adjDot[i];
      if (op[i] <= lastSource || (g === 0 && gDot === 0)) continue;
      // adj[parent] += partial · adj[node], the product of two dual numbers.
      const a = p0[i];
      adj[a] += d0[i] * g;
      adjDot[a] += d0[i] * gDot + d0Dot[i] * g;
      if (op[i] <= lastBinary) {
        const b = p1[i];
        adj[b] += d1[i] * g;
        adjDot[b] += d1[i] * gDot + d1Dot[i] * g;
      }
    }
    this.lastSweepNodes = swept;
  }

  /** ∂out/∂node after `backward`. */
  adjoint(i: number): number {
    return this.adj[i];
  }

  /** The derivative of ∂out/∂node along v after `backward`: (H v) at a leaf. */
  adjointTangent(i: number): number {
    return this.adjDot[i];
  }
}
