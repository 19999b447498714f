/**
 * Independent references for the checkpoint tests: the whole chain recorded on one Tape and swept
 * back once, the textbook optimal-split recursion of binomial checkpointing, seeded random chain
 * parameters, and a bitwise comparison of gradients.
 */
import { chainLoss, chainStep, type ChainParams } from '../../../engine/chain.ts';
import { Tape, type NodeId } from '../../../engine/tape.ts';

export interface FullTapeGradient {
  loss: number;
  a: Float64Array;
  b: Float64Array;
  c: number;
  adjoint: Float64Array;
}

/** The full tape: every step recorded on one tape (leaves c, x_0, then a_t, b_t per step), one sweep. */
export function fullTapeGradient(params: ChainParams): FullTapeGradient {
  const T = params.a.length;
  const tape = new Tape(2 + 14 * T + 3);
  const c = tape.leaf(params.c);
  let x = tape.leaf(params.x0);
  const xs: NodeId[] = [x];
  const as: NodeId[] = [];
  const bs: NodeId[] = [];
  for (let t = 0; t < T; t++) {
    const a = tape.leaf(params.a[t]);
    const b = tape.leaf(params.b[t]);
    as.push(a);
    bs.push(b);
    x = chainStep(tape, t, x, a, b, c);
    xs.push(x);
  }
  const loss = chainLoss(tape, x, params.target);
  const adj = tape.backward(loss);
  return {
    loss: tape.value(loss),
    a: Float64Array.from(as, (id) => adj[id]),
    b: Float64Array.from(bs, (id) => adj[id]),
    c: adj[c],
    adjoint: Float64Array.from(xs, (id) => adj[id]),
  };
}

/** t(l, s) by the recursion min_m [m + t(l−m, s−1) + t(m, s)], t(1, s) = 0, t(l, 0) = ∞ for l > 1. */
export function revolveAdvancesByRecursion(maxSteps: number, maxSnapshots: number): number[][] {
  const t: number[][] = [];
  for (let s = 0; s <= maxSnapshots; s++) {
    t.push(new Array<number>(maxSteps + 1).fill(Infinity));
    t[s][1] = 0;
    for (let l = 2; l <= maxSteps; l++) {
      if (s === 0) continue;
      let best = Infinity;
      for (let m = 1; m < l; m++) best = Math.min(best, m + t[s - 1][l - m] + t[s][m]);
      t[s][l] = best;
    }
  }
  return t;
}

/** A small deterministic generator (mulberry32), so "random" parameters are the same every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** Chain parameters drawn from ranges where the chain stays well conditioned. */
export function randomParams(steps: number, random: () => number): ChainParams {
  const u = (lo: number, hi: number) => lo + (hi - lo) * random();
  return {
    a: Float64Array.from({ length: steps }, () => u(0.3, 1.2)),
    b: Float64Array.from({ length: steps }, () => u(-0.5, 0.5)),
    c: u(-0.5, 0.8),
    x0: u(-1, 1),
    target: u(-1, 1),
  };
}

/** Index of the first entry whose 64 bits differ (so +0 and −0 differ), or −1 if none does. */
export function firstBitDifference(x: Float64Array, y: Float64Array): number {
  if (x.length !== y.length) return Math.min(x.length, y.length);
  const bx = new BigUint64Array(x.buffer, x.byteOffset, x.length);
  const by = new BigUint64Array(y.buffer, y.byteOffset, y.length);
  for (let i = 0; i < x.length; i++) if (bx[i] !== by[i]) return i;
  return -1;
}

/** Whether two numbers have the same 64 bits. */
export function sameBits(x: number, y: number): boolean {
  return firstBitDifference(Float64Array.of(x), Float64Array.of(y)) === -1;
}
