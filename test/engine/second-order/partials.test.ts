import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../../engine/arith.ts';
import { dualArith } from '../../../engine/dual.ts';
import { applyOp } from '../../../engine/generated/arithmetics.ts';
import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../../../engine/generated/primitives.ts';
import { ARITY, LAST_BINARY, LAST_SOURCE, OPS } from '../../../engine/ops.ts';
import { localPartials } from '../../../engine/second-order/partials.ts';

const codes = OPS.map((_, code) => code).filter((code) => code > LAST_SOURCE);
/** Operand values inside every op's domain (log, sqrt and pow need u > 0; div needs w ≠ 0). */
const positive = fc.double({ min: 0.1, max: 3, noNaN: true });

describe('localPartials', () => {
  it("in plain floats equals the tape's own partials for every op, bit for bit", () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), positive, positive, fc.double({ min: -2, max: 2, noNaN: true }), (op, u, w, k) => {
        const value = op > LAST_BINARY ? unaryPrimitive(op, u, k) : binaryPrimitive(op, u, w);
        const expected = [PARTIALS[0], PARTIALS[1]];
        const [d0, d1] = localPartials(floatArith, op, u, op > LAST_BINARY ? u : w, value, k);
        expect(d0).toBe(expected[0]);
        if (ARITY[op] === 2) expect(d1).toBe(expected[1]);
      }),
    );
  });

  it("on dual numbers gives each partial's derivative, matching a central difference of the partial", () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), positive, positive, fc.double({ min: -1, max: 1, noNaN: true }), (op, u, w, du) => {
        const k = 1.7;
        const partialsAt = (x: number, y: number) => {
          const value = op > LAST_BINARY ? unaryPrimitive(op, x, k) : binaryPrimitive(op, x, y);
          return [PARTIALS[0], PARTIALS[1]];
        };
        const ud = { v: u, d: du };
        const wd = { v: w, d: 0.5 };
        const value = applyOp(dualArith, op, ud, op > LAST_BINARY ? ud : wd, k);
        const [d0, d1] = localPartials(dualArith, op, ud, op > LAST_BINARY ? ud : wd, value, k);
        const h = 1e-6;
        const plus = partialsAt(u + h * du, w + h * 0.5);
        const minus = partialsAt(u - h * du, w - h * 0.5);
        const slope = (j: number) => (plus[j] - minus[j]) / (2 * h);
        expect(Math.abs(d0.d - slope(0))).toBeLessThan(1e-6 * Math.max(1, Math.abs(slope(0))));
        if (ARITY[op] === 2) expect(Math.abs(d1.d - slope(1))).toBeLessThan(1e-6 * Math.max(1, Math.abs(slope(1))));
      }),
    );
  });
});
