import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../engine/arith.ts';
import { chainLoss, chainStep, defaultParams, recordStep, STEP_PROGRAM, NODES_PER_STEP, wobbleRate } from '../../engine/chain.ts';
import { recordChain } from '../../engine/reverse.ts';
import { dualArith, type Dual } from '../../engine/dual.ts';
import { registersFor, runProgram, trace, TraceError } from '../../engine/program.ts';
import { Tape, type NodeId } from '../../engine/tape.ts';

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

  /** Every column of every node of a tape, and its hazards, for comparing two recordings. */
  const snapshot = (tape: Tape) => ({
    nodes: Array.from({ length: tape.length }, (_, i) => [
      tape.opName(i),
      tape.parents(i),
      tape.partials(i),
      tape.opConstant(i),
      tape.value(i as NodeId),
    ]),
    issues: tape.issues.map((issue) => ({ ...issue })),
  });

  it('recordChain, one bulk write for every step, records what chainStep records step by step, hazards included', () => {
    for (const params of [defaultParams(7), defaultParams(3, { x0: 1e200 }), { ...defaultParams(4), a: Float64Array.of(0.7, NaN, 0.8, 0.9) }]) {
      const T = params.a.length;
      const stepwise = new Tape();
      const c = stepwise.leaf(params.c);
      let x = stepwise.leaf(params.x0);
      for (let t = 0; t < T; t++) {
        const a = stepwise.leaf(params.a[t]);
        const b = stepwise.leaf(params.b[t]);
        x = chainStep(stepwise, t, x, a, b, c);
      }
      chainLoss(stepwise, x, params.target);
      const bulk = new Tape();
      const rec = recordChain(params, bulk);
      expect(snapshot(bulk)).toEqual(snapshot(stepwise));
      expect(rec.loss).toBe(bulk.length - 1);
      expect(Array.from(rec.a, (id) => bulk.value(id as NodeId))).toEqual(Array.from(params.a));
    }
  });

  it('on a tape, recordStep (written out from the traced step), replay and chainStep record the same nodes', () => {
    const leaves = (tape: Tape, values: number[]) => values.map((v) => tape.leaf(v));
    const cases: [number, number[]][] = [
      [0, [0.4, 0.78, 0.2, 0.35]],
      [3, [-1.3, 1.2, -0.4, 0.9]],
      [150, [2.5, -0.3, 0.05, -0.7]],
      // Hazards: x² overflows, and with it the rational term and its partials.
      [7, [1e200, 0.8, 0.1, 0.35]],
    ];
    for (const [t, values] of cases) {
      const direct = new Tape();
      const [x, a, b, c] = leaves(direct, values);
      chainStep(direct, t, x, a, b, c);
      const replayed = new Tape();
      const regs = registersFor(STEP_PROGRAM, leaves(replayed, values));
      replayed.replay(STEP_PROGRAM, regs, [wobbleRate(t)]);
      const written = new Tape();
      const [x3, a3, b3, c3] = leaves(written, values);
      const out = recordStep(written, t, x3, a3, b3, c3);
      expect(direct.length).toBe(4 + NODES_PER_STEP);
      expect(out).toBe(written.length - 1);
      expect(snapshot(replayed)).toEqual(snapshot(direct));
      expect(snapshot(written)).toEqual(snapshot(direct));
    }
    const overflow = new Tape();
    const [x, a, b, c] = leaves(overflow, cases[3][1]);
    recordStep(overflow, 7, x, a, b, c);
    expect(overflow.issues.length).toBeGreaterThan(0);
  });

  it('property: recordStep records what chainStep records at any values and step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (t, values) => {
          const direct = new Tape();
          const [x, a, b, c] = values.map((v) => direct.leaf(v));
          chainStep(direct, t, x, a, b, c);
          const written = new Tape();
          const [x2, a2, b2, c2] = values.map((v) => written.leaf(v));
          recordStep(written, t, x2, a2, b2, c2);
          expect(snapshot(written)).toEqual(snapshot(direct));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('replay passes each instruction its operands, constant and parameter as the methods are passed them, hazards included', () => {
    // Every primitive, with a numeric parameter, a literal constant and two uses of one value.
    const everyOp = trace(
      3,
      (ar, [x, y, z], [k]) => {
        const s = ar.add(ar.sub(x, y), ar.mul(x, ar.div(y, z)));
        const u = ar.add(ar.neg(ar.mulConst(s, k)), ar.addConst(ar.constant(1.5), k));
        const v = ar.add(ar.sin(u), ar.add(ar.cos(u), ar.tanh(x)));
        const w = ar.add(ar.exp(ar.mulConst(v, 0.1)), ar.log(ar.square(y)));
        const r = ar.add(ar.sqrt(ar.abs(w)), ar.relu(ar.sub(w, z)));
        return ar.add(ar.powConst(r, 2.5), ar.add(ar.log(z), ar.sqrt(y)));
      },
      1,
    );
    const run = (x: number, y: number, z: number, k: number) => {
      const viaMethods = new Tape();
      runProgram(viaMethods, everyOp, [x, y, z].map((v) => viaMethods.leaf(v)), [k]);
      const replayed = new Tape();
      const out = replayed.replay(everyOp, registersFor(everyOp, [x, y, z].map((v) => replayed.leaf(v))), [k]);
      expect(out).toBe(replayed.length - 1);
      expect(snapshot(replayed)).toEqual(snapshot(viaMethods));
      return replayed;
    };
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), (x, y, z, k) => {
        run(x, y, z, k);
      }),
      { numRuns: 200 },
    );
    // Hazards: log(0) and sqrt(0) at y = 0, a division by z = 0 and log of a negative z.
    expect(run(0.5, 0, 0, 1).issues.map((i) => i.op)).toEqual(expect.arrayContaining(['div', 'log', 'sqrt']));
    expect(run(0.5, 1, -2, 1).issues.some((i) => i.message.startsWith('log of -2'))).toBe(true);
  });

  it('replay refuses registers that cannot hold the program', () => {
    expect(() => new Tape().replay(STEP_PROGRAM, new Int32Array(4))).toThrow(/registers/);
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
