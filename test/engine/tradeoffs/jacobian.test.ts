import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, evaluateStates, stepsOf, type ChainParams } from '../../../engine/chain.ts';
import { forwardJacobian, forwardJacobianOver, jacobianDifference, jacobianInputNames, reverseJacobian, reverseJacobianOver } from '../../../engine/tradeoffs/jacobian.ts';
import { tapeNodesFor } from '../../../engine/reverse.ts';
import { Tape } from '../../../engine/tape.ts';
import { constantsArb, nudged } from './reference.ts';

/** Row s of the Jacobian by central differences of the states, h = 1e-6. */
function centralRow(p: ChainParams, s: number): { a: number[]; b: number[] } {
  const T = stepsOf(p);
  const h = 1e-6;
  const row = { a: [] as number[], b: [] as number[] };
  for (let t = 0; t < T; t++) {
    for (const which of ['a', 'b'] as const) {
      row[which].push((evaluateStates(nudged(p, which, t, h))[s] - evaluateStates(nudged(p, which, t, -h))[s]) / (2 * h));
    }
  }
  return row;
}

describe('the Jacobian of the last M states', () => {
  it('forward against reverse against central differences, row by row (1e-12 and 1e-8 of the row’s largest entry)', () => {
    const p = defaultParams(40);
    const fwd = forwardJacobian(p, 6);
    const rev = reverseJacobian(p, 6);
    expect(rev.rows.map((r) => r.state)).toEqual([35, 36, 37, 38, 39, 40]);
    rev.rows.forEach((row, i) => {
      const scale = Math.max(...row.a.map(Math.abs), ...row.b.map(Math.abs));
      const cd = centralRow(p, row.state);
      for (let t = 0; t < 40; t++) {
        expect(Math.abs(fwd.rows[i].a[t] - row.a[t])).toBeLessThanOrEqual(1e-12 * scale);
        expect(Math.abs(fwd.rows[i].b[t] - row.b[t])).toBeLessThanOrEqual(1e-12 * scale);
        expect(Math.abs(cd.a[t] - row.a[t])).toBeLessThan(1e-8 * scale);
        expect(Math.abs(cd.b[t] - row.b[t])).toBeLessThan(1e-8 * scale);
      }
    });
  });

  it('x_s does not depend on a_t, b_t for t ≥ s: both methods give exactly 0 there', () => {
    const p = defaultParams(12);
    for (const run of [forwardJacobian(p, 12), reverseJacobian(p, 12)]) {
      for (const row of run.rows) {
        for (let t = row.state; t < 12; t++) {
          expect(row.a[t]).toBe(0);
          expect(row.b[t]).toBe(0);
        }
        if (row.state > 0) expect(row.b[row.state - 1]).not.toBe(0);
      }
    }
  });

  it('counts forward P + 1 whatever M is, reverse 1 + M', () => {
    for (const T of [1, 5, 40]) {
      const p = defaultParams(T);
      for (let M = 1; M <= T; M++) {
        const f = forwardJacobian(p, M);
        const r = reverseJacobian(p, M);
        expect(f.work).toBe(2 * T + 1);
        expect(f.passes).toBe(2 * T);
        expect(r.work).toBe(1 + M);
        expect(r.passes).toBe(M);
        expect(f.rows).toHaveLength(M);
      }
    }
  });

  it('refuses M outside 1 … T', () => {
    const p = defaultParams(5);
    expect(() => reverseJacobian(p, 0)).toThrow(/outputs must be a whole number from 1 to the steps \(5\)/);
    expect(() => forwardJacobian(p, 6)).toThrow(RangeError);
  });

  it('property: over random c, x₀, y and M, forward and reverse agree to 1e-10 of the largest entry', () => {
    fc.assert(
      fc.property(constantsArb, fc.double({ min: 0, max: 1, noNaN: true }), (p, u) => {
        const T = stepsOf(p);
        const M = 1 + Math.round(u * (T - 1));
        const f = forwardJacobian(p, M);
        const r = reverseJacobian(p, M);
        let scale = 0;
        for (const row of r.rows) for (let t = 0; t < T; t++) scale = Math.max(scale, Math.abs(row.a[t]), Math.abs(row.b[t]));
        expect(jacobianDifference(f.rows, r.rows)).toBeLessThanOrEqual(1e-10 * scale);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the Jacobian over the first N inputs of (x0, c, a0, b0, …)', () => {
  /** ∂x_s/∂(x0 or c) by central differences of the states, h = 1e-6. */
  function centralScalar(p: ChainParams, which: 'x0' | 'c', s: number): number {
    const h = 1e-6;
    return (evaluateStates({ ...p, [which]: p[which] + h })[s] - evaluateStates({ ...p, [which]: p[which] - h })[s]) / (2 * h);
  }

  it('forward (N lanes; N = 1 by scalar duals) and reverse agree to 1e-13, and with central differences for x0 and c to 1e-8', () => {
    const p = defaultParams(30);
    for (const N of [1, 2, 5, 62]) {
      const fwd = forwardJacobianOver(p, N, 4);
      const rev = reverseJacobian(p, 4, undefined, N);
      expect(fwd.work).toBe(N + 1);
      expect(fwd.values).toHaveLength(4 * N);
      rev.rows.forEach((row, i) => {
        expect(row.values).toHaveLength(N);
        for (let j = 0; j < N; j++) expect(Math.abs(fwd.values[i * N + j] - row.values[j]), `N=${N} row ${i} input ${j}`).toBeLessThan(1e-13);
        expect(Math.abs(row.values[0] - centralScalar(p, 'x0', row.state))).toBeLessThan(1e-8);
        if (N > 1) expect(Math.abs(row.values[1] - centralScalar(p, 'c', row.state))).toBeLessThan(1e-8);
      });
    }
  });

  it('reverse mode over N inputs (one array, no rows) gives the rows’ values, into a caller’s array as well; forward mode too', () => {
    const p = defaultParams(30);
    const tape = new Tape(tapeNodesFor(30));
    for (const [N, M] of [[1, 1], [1, 30], [3, 7], [62, 4]]) {
      const rows = reverseJacobian(p, M, undefined, N).rows;
      const into = new Float64Array(M * N).fill(NaN);
      const over = reverseJacobianOver(p, N, M, tape, into);
      expect(over.values).toBe(into);
      expect(over.work).toBe(1 + M);
      expect(over.passes).toBe(M);
      const fwdInto = new Float64Array(M * N).fill(NaN);
      expect(forwardJacobianOver(p, N, M, fwdInto).values).toBe(fwdInto);
      rows.forEach((row, i) => {
        for (let j = 0; j < N; j++) {
          expect(over.values[i * N + j], `N=${N} M=${M} row ${i} input ${j}`).toBe(row.values[j]);
          expect(Math.abs(fwdInto[i * N + j] - row.values[j])).toBeLessThan(1e-13);
        }
      });
    }
    expect(() => reverseJacobianOver(p, 2, 3, tape, new Float64Array(5))).toThrow(/must hold M × N = 6 values; it holds 5/);
    expect(() => forwardJacobianOver(p, 1, 3, new Float64Array(4))).toThrow(RangeError);
  });

  it('names the inputs in order and refuses N outside 1 … P + 2', () => {
    expect(jacobianInputNames(3, 8)).toEqual(['x0', 'c', 'a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(() => forwardJacobianOver(defaultParams(3), 9, 1)).toThrow(/from 1 to P \+ 2 \(8\)/);
    expect(() => forwardJacobianOver(defaultParams(3), 0, 1)).toThrow(RangeError);
  });
});
