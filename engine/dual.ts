import { DualArith, DualVecOps, type Dual } from './generated/arithmetics.ts';
import type { Arith } from './ops.ts';

export { DualArith, type Dual };

/** The one scalar-dual arithmetic (written out from the op table: engine/generated/arithmetics.ts). */
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
export class DualVecArith extends DualVecOps<DualVec> implements Arith<DualVec> {
  private pool: Float64Array[] = [];
  private handedOut: DualVec[] = [];

  constructor(readonly lanes: number) {
    super();
  }

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

  protected scaled(x: DualVec, v: number, k: number): DualVec {
    const r = this.make(v);
    const d = r.d;
    const xd = x.d;
    for (let j = 0; j < this.lanes; j++) d[j] = k * xd[j];
    return r;
  }

  protected combined(x: DualVec, kx: number, y: DualVec, ky: number, v: number): DualVec {
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
  value(x: DualVec): number {
    return x.v;
  }
}
