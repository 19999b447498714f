import { unaryPartials, powPartial, type Arith } from './arith.ts';

/** A dual number v + d·ε with ε² = 0: a value and its derivative along one direction. */
export interface Dual {
  readonly v: number;
  readonly d: number;
}

/** Forward mode along one direction: every primitive maps (v, d) to (f(v), f'(v)·d). */
export class DualArith implements Arith<Dual> {
  constant(c: number): Dual {
    return { v: c, d: 0 };
  }
  add(x: Dual, y: Dual): Dual {
    return { v: x.v + y.v, d: x.d + y.d };
  }
  sub(x: Dual, y: Dual): Dual {
    return { v: x.v - y.v, d: x.d - y.d };
  }
  mul(x: Dual, y: Dual): Dual {
    return { v: x.v * y.v, d: x.d * y.v + x.v * y.d };
  }
  div(x: Dual, y: Dual): Dual {
    const q = x.v / y.v;
    return { v: q, d: (x.d - q * y.d) / y.v };
  }
  neg(x: Dual): Dual {
    return { v: -x.v, d: -x.d };
  }
  mulConst(x: Dual, k: number): Dual {
    return { v: k * x.v, d: k * x.d };
  }
  addConst(x: Dual, k: number): Dual {
    return { v: x.v + k, d: x.d };
  }
  sin(x: Dual): Dual {
    return { v: Math.sin(x.v), d: unaryPartials.sin(x.v) * x.d };
  }
  cos(x: Dual): Dual {
    return { v: Math.cos(x.v), d: unaryPartials.cos(x.v) * x.d };
  }
  tanh(x: Dual): Dual {
    const y = Math.tanh(x.v);
    return { v: y, d: unaryPartials.tanh(x.v, y) * x.d };
  }
  exp(x: Dual): Dual {
    const y = Math.exp(x.v);
    return { v: y, d: y * x.d };
  }
  log(x: Dual): Dual {
    return { v: Math.log(x.v), d: unaryPartials.log(x.v) * x.d };
  }
  sqrt(x: Dual): Dual {
    const y = Math.sqrt(x.v);
    return { v: y, d: unaryPartials.sqrt(x.v, y) * x.d };
  }
  square(x: Dual): Dual {
    return { v: x.v * x.v, d: 2 * x.v * x.d };
  }
  relu(x: Dual): Dual {
    return { v: x.v > 0 ? x.v : 0, d: unaryPartials.relu(x.v) * x.d };
  }
  abs(x: Dual): Dual {
    return { v: Math.abs(x.v), d: unaryPartials.abs(x.v) * x.d };
  }
  powConst(x: Dual, p: number): Dual {
    return { v: Math.pow(x.v, p), d: powPartial(x.v, p) * x.d };
  }
  value(x: Dual): number {
    return x.v;
  }
}

/** The one scalar-dual arithmetic. */
export const dualArith = new DualArith();

/** A value with a tangent along each of n directions at once. */
export interface DualVec {
  v: number;
  /** ∂v/∂θ_j for each direction j. */
  d: Float64Array;
}

/**
 * Forward mode along all n directions in one pass: each primitive updates every tangent lane.
 *
 * Tangent buffers come from a pool. A caller that knows which values are still needed (the chain
 * runner does, after each step) hands the rest back with `recycle`, so a long chain reuses a few
 * dozen buffers instead of allocating one per primitive.
 */
export class DualVecArith implements Arith<DualVec> {
  private pool: Float64Array[] = [];
  private handedOut: DualVec[] = [];

  constructor(readonly lanes: number) {}

  private make(v: number): DualVec {
    const d = this.pool.pop() ?? new Float64Array(this.lanes);
    const r = { v, d };
    this.handedOut.push(r);
    return r;
  }

  /** An input with tangent e_lane (or a constant when lane is negative). */
  variable(v: number, lane: number): DualVec {
    const r = this.make(v);
    r.d.fill(0);
    if (lane >= 0) r.d[lane] = 1;
    return r;
  }

  /** Returns to the pool every buffer handed out since the last call, except those in `keep`. */
  recycle(keep: readonly DualVec[]): void {
    for (const r of this.handedOut) if (!keep.includes(r)) this.pool.push(r.d);
    this.handedOut.length = 0;
    for (const r of keep) this.handedOut.push(r);
  }

  private scaled(x: DualVec, v: number, k: number): DualVec {
    const r = this.make(v);
    const d = r.d;
    const xd = x.d;
    for (let j = 0; j < this.lanes; j++) d[j] = k * xd[j];
    return r;
  }

  private combined(x: DualVec, kx: number, y: DualVec, ky: number, v: number): DualVec {
    const r = this.make(v);
    const d = r.d;
    const xd = x.d;
    const yd = y.d;
    for (let j = 0; j < this.lanes; j++) d[j] = kx * xd[j] + ky * yd[j];
    return r;
  }

  constant(c: number): DualVec {
    return this.variable(c, -1);
  }
  add(x: DualVec, y: DualVec): DualVec {
    return this.combined(x, 1, y, 1, x.v + y.v);
  }
  sub(x: DualVec, y: DualVec): DualVec {
    return this.combined(x, 1, y, -1, x.v - y.v);
  }
  mul(x: DualVec, y: DualVec): DualVec {
    return this.combined(x, y.v, y, x.v, x.v * y.v);
  }
  div(x: DualVec, y: DualVec): DualVec {
    const q = x.v / y.v;
    return this.combined(x, 1 / y.v, y, -q / y.v, q);
  }
  neg(x: DualVec): DualVec {
    return this.scaled(x, -x.v, -1);
  }
  mulConst(x: DualVec, k: number): DualVec {
    return this.scaled(x, k * x.v, k);
  }
  addConst(x: DualVec, k: number): DualVec {
    return this.scaled(x, x.v + k, 1);
  }
  sin(x: DualVec): DualVec {
    return this.scaled(x, Math.sin(x.v), unaryPartials.sin(x.v));
  }
  cos(x: DualVec): DualVec {
    return this.scaled(x, Math.cos(x.v), unaryPartials.cos(x.v));
  }
  tanh(x: DualVec): DualVec {
    const y = Math.tanh(x.v);
    return this.scaled(x, y, unaryPartials.tanh(x.v, y));
  }
  exp(x: DualVec): DualVec {
    const y = Math.exp(x.v);
    return this.scaled(x, y, y);
  }
  log(x: DualVec): DualVec {
    return this.scaled(x, Math.log(x.v), unaryPartials.log(x.v));
  }
  sqrt(x: DualVec): DualVec {
    const y = Math.sqrt(x.v);
    return this.scaled(x, y, unaryPartials.sqrt(x.v, y));
  }
  square(x: DualVec): DualVec {
    return this.scaled(x, x.v * x.v, unaryPartials.square(x.v));
  }
  relu(x: DualVec): DualVec {
    return this.scaled(x, x.v > 0 ? x.v : 0, unaryPartials.relu(x.v));
  }
  abs(x: DualVec): DualVec {
    return this.scaled(x, Math.abs(x.v), unaryPartials.abs(x.v));
  }
  powConst(x: DualVec, p: number): DualVec {
    return this.scaled(x, Math.pow(x.v, p), powPartial(x.v, p));
  }
  value(x: DualVec): number {
    return x.v;
  }
}
