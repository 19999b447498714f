import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dualArith } from '../../../engine/dual.ts';
import { applyOp } from '../../../engine/generated/arithmetics.ts';
import { binaryPrimitive, PARTIALS, unaryPrimitive } from '../../../engine/generated/primitives.ts';
import { ARITY, LAST_BINARY, LAST_SOURCE, OPS } from '../../../engine/ops.ts';
import { DualTape } from '../../../engine/second-order/dual-tape.ts';
import { partialTangents } from '../../../engine/second-order/partial-tangents.ts';

const codes = OPS.map((_, code) => code).filter((code) => code > LAST_SOURCE);
/** Operand values inside every op's domain (log, sqrt and pow need u > 0; div needs w ≠ 0), away from kinks. */
const operand = fc.double({ min: 0.1, max: 3, noNaN: true });
const tangent = fc.double({ min: -1, max: 1, noNaN: true });
const K = 1.7;

/** The tape's partials of op at (u, w). */
function partialsAt(op: number, u: number, w: number): [number, number] {
  if (op > LAST_BINARY) unaryPrimitive(op, u, K);
  else binaryPrimitive(op, u, w);
  return [PARTIALS[0], PARTIALS[1]];
}

describe('partialTangents', () => {
  it("is the derivative of the tape's own partials along (u̇, ẇ), by central differences, for every op", () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), operand, operand, tangent, tangent, (op, u, w, du, dw) => {
        // max and min have a kink at a tie, where their partials jump: no derivative to check there.
        if ((OPS[op].key === 'Max' || OPS[op].key === 'Min') && Math.abs(u - w) < 1e-3) return;
        const unary = op > LAST_BINARY;
        const wDot = unary ? 0 : dw;
        const value = unary ? unaryPrimitive(op, u, K) : binaryPrimitive(op, u, w);
        const [d0, d1] = [PARTIALS[0], PARTIALS[1]];
        const valueDot = unary ? d0 * du : d0 * du + d1 * wDot;
        const out = new Float64Array(2);
        partialTangents(op, u, unary ? u : w, value, K, du, wDot, valueDot, out);
        const h = 1e-6;
        const plus = partialsAt(op, u + h * du, w + h * wDot);
        const minus = partialsAt(op, u - h * du, w - h * wDot);
        for (let j = 0; j < ARITY[op]; j++) {
          const slope = (plus[j] - minus[j]) / (2 * h);
          expect(Math.abs(out[j] - slope)).toBeLessThan(1e-6 * Math.max(1, Math.abs(slope)));
        }
      }),
    );
  });

  it("the dual tape's values and their tangents are dual.ts's, bit for bit, for every op", () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), operand, operand, tangent, tangent, (op, u, w, du, dw) => {
        const tape = new DualTape();
        const x = tape.leaf(u, du);
        const y = tape.leaf(w, dw);
        const node = applyOp(tape, op, x, y, K);
        const expected = applyOp(dualArith, op, { v: u, d: du }, { v: w, d: dw }, K);
        expect(tape.value(node)).toBe(expected.v);
        expect(tape.tangent(node)).toBe(expected.d);
      }),
    );
  });
});
