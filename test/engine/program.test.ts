import { describe, expect, it } from 'vitest';
import { floatArith } from '../../engine/arith.ts';
import { chainStep, STEP_PROGRAM, NODES_PER_STEP, wobbleRate } from '../../engine/chain.ts';
import { dualArith, type Dual } from '../../engine/dual.ts';
import { runProgram, trace, TraceError } from '../../engine/program.ts';
import { Tape } from '../../engine/tape.ts';

describe('traced programs', () => {
  it('the traced step runs the same primitives as chainStep, bit for bit, in floats and duals', () => {
    for (const [t, x, a, b, c] of [
      [0, 0.4, 0.78, 0.2, 0.35],
      [17, -1.3, 1.2, -0.4, 0.9],
      [199, 2.5, -0.3, 0.05, -0.7],
    ]) {
      expect(runProgram(floatArith, STEP_PROGRAM, [x, a, b, c], [wobbleRate(t)])).toBe(chainStep(floatArith, t, x, a, b, c));
      const d = (v: number, dv: number): Dual => ({ v, d: dv });
      const viaProgram = runProgram(dualArith, STEP_PROGRAM, [d(x, 1), d(a, 0.5), d(b, -2), d(c, 0)], [wobbleRate(t)]);
      const direct = chainStep(dualArith, t, d(x, 1), d(a, 0.5), d(b, -2), d(c, 0));
      expect(viaProgram).toEqual(direct);
    }
  });

  it('on a tape, the traced step records the same nodes as chainStep', () => {
    const direct = new Tape();
    const leaves = (tape: Tape) => [0.4, 0.78, 0.2, 0.35].map((v) => tape.leaf(v));
    const [x, a, b, c] = leaves(direct);
    chainStep(direct, 3, x, a, b, c);
    const traced = new Tape();
    const [x2, a2, b2, c2] = leaves(traced);
    runProgram(traced, STEP_PROGRAM, [x2, a2, b2, c2], [wobbleRate(3)]);
    expect(traced.length).toBe(direct.length);
    expect(direct.length).toBe(4 + NODES_PER_STEP);
    for (let i = 0; i < direct.length; i++) {
      expect([traced.opName(i), traced.parents(i), traced.partials(i), traced.value(i as never)]).toEqual([
        direct.opName(i),
        direct.parents(i),
        direct.partials(i),
        direct.value(i as never),
      ]);
    }
  });

  it('a function that branches on a value cannot be traced', () => {
    expect(() => trace(1, (ar, [x]) => (ar.value(x) > 0 ? x : ar.neg(x)))).toThrow(TraceError);
  });

  it('numeric parameters are read at run time; literal constants stay literal', () => {
    const p = trace(1, (ar, [x], [k]) => ar.addConst(ar.mulConst(x, k), 2), 1);
    expect(runProgram(floatArith, p, [3], [5])).toBe(17);
    expect(runProgram(floatArith, p, [3], [-1])).toBe(-1);
  });
});
