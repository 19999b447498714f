import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/chain.ts';
import {
  crossoverOf,
  sampledOutputs,
  tradeoffsFigures,
  tradeoffsTimings,
  type JacobianCostPoint,
} from '../../../engine/tradeoffs/report.ts';

function point(outputs: number, forward: number, reverse: number): JacobianCostPoint {
  return { outputs, forwardWork: 2, reverseWork: 1 + outputs, forwardMicroseconds: forward, reverseMicroseconds: reverse, forwardNoisy: false, reverseNoisy: false };
}

describe('the tradeoffs report', () => {
  it('at the defaults (T = 40, K = 10, M = 5) carries the counted figures', () => {
    const f = tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5 });
    expect(f.parameters).toBe(80);
    expect(f.truncation.tapeNodes).toBe(145);
    expect(f.truncation.tapeBytes).toBe(5800);
    expect(f.truncation.fullTapeNodes).toBe(565);
    expect(f.truncationCurve).toHaveLength(41);
    expect(f.truncationCurve[10].relativeError).toBe(f.truncation.relativeError);
    expect(f.fusion.primitive).toEqual({ nodes: 565, bytes: 22600 });
    expect(f.fusion.fused).toEqual({ nodes: 122, bytes: 6344 });
    expect(f.recompute.saved).toMatchObject({ bytes: 25728, stepEvaluations: 40 });
    expect(f.recompute.recomputed).toMatchObject({ bytes: 1080, stepEvaluations: 80 });
    expect(f.fusion.stepOps).toEqual(['mul', 'add', 'tanh', 'mul', 'square', 'shift', 'div', 'scale', 'sin', 'scale', 'add', 'add']);
    expect(f.recompute.maxDifference).toBe(0);
    expect(f.jacobian.rows.map((r) => r.state)).toEqual([36, 37, 38, 39, 40]);
    // All P + 2 = 82 inputs by default: forward N + 1 = 83 lanes' worth, reverse 1 + M.
    expect(f.jacobian.inputs).toHaveLength(82);
    expect(f.jacobian.inputs.slice(0, 5)).toEqual(['x0', 'c', 'a0', 'b0', 'a1']);
    expect(f.jacobian.inputs.at(-1)).toBe('b39');
    expect(f.jacobian.forward.work).toBe(83);
    expect(f.jacobian.reverse.work).toBe(6);
    expect(f.jacobian.crossover).toBeNull();
    expect(f.jacobian.maxDifference).toBeLessThan(1e-13);
    // Each row's values over the inputs are its a, b entries in the interleaved order.
    const row = f.jacobian.rows[0];
    expect(row.values[2 + 2 * 7]).toBe(row.a[7]);
    expect(row.values[3 + 2 * 7]).toBe(row.b[7]);
  });

  it('N = 1 (x0 alone): forward costs 2 whatever M, reverse 1 + M, so forward wins by count from M = 2', () => {
    const f = tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 1 });
    expect(f.jacobian.inputs).toEqual(['x0']);
    expect([f.jacobian.forward.work, f.jacobian.reverse.work, f.jacobian.crossover]).toEqual([2, 6, 2]);
    expect(f.jacobian.rows.map((r) => r.values.length)).toEqual([1, 1, 1, 1, 1]);
    expect(f.jacobian.maxDifference).toBeLessThan(1e-15);
    // N = 10: equal at M = 10, forward cheaper from 11; N = P + 1 never within M ≤ T.
    expect(tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 10 }).jacobian.crossover).toBe(11);
    expect(tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 40 }).jacobian.crossover).toBeNull();
    expect(tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 39 }).jacobian.crossover).toBe(40);
  });

  it('refuses K > T and M outside 1 … T with one sentence', () => {
    expect(() => tradeoffsFigures(defaultParams(10), { window: 11, outputs: 1 })).toThrow(/window/);
    expect(() => tradeoffsFigures(defaultParams(10), { window: 1, outputs: 0 })).toThrow(/outputs/);
    expect(() => tradeoffsFigures(defaultParams(10), { window: 1, outputs: 1, inputs: 23 })).toThrow(/inputs must be a whole number from 1 to P \+ 2 \(22\)/);
  });

  it('samples every M up to 16 steps, else 16 spread over 1 … T plus the chosen one', () => {
    expect(sampledOutputs(5, 3)).toEqual([1, 2, 3, 4, 5]);
    const s = sampledOutputs(200, 7);
    expect(s[0]).toBe(1);
    expect(s.at(-1)).toBe(200);
    expect(s).toContain(7);
    expect(s).toHaveLength(17);
  });

  it('the crossover is where forward starts to win for good', () => {
    expect(crossoverOf([point(1, 10, 1), point(2, 10, 5), point(3, 10, 20), point(4, 10, 30)]).time).toBe(3);
    // a win that does not last is not a crossover
    expect(crossoverOf([point(1, 10, 11), point(2, 10, 5), point(3, 10, 6)]).time).toBeNull();
    expect(crossoverOf([point(1, 10, 1)]).work).toBeNull();
  });

  it('a time too noisy to tell withholds the crossover and says so, rather than reading as "never"', () => {
    const clear = crossoverOf([point(1, 10, 5), point(2, 10, 6)]);
    expect(clear).toMatchObject({ time: null, timeNoisy: false });
    const noisy = crossoverOf([point(1, 10, 1), { ...point(2, 10, 20), reverseNoisy: true }]);
    expect(noisy).toMatchObject({ time: null, timeNoisy: true });
  });

  it('timings count the work at every sampled M (times are measured, not checked)', () => {
    const t = tradeoffsTimings(defaultParams(8), 3, 1);
    expect(t.jacobian.map((p) => p.outputs)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const p of t.jacobian) {
      expect(p.forwardWork).toBe(19);
      expect(p.reverseWork).toBe(1 + p.outputs);
      expect(Object.keys(p)).toEqual(['outputs', 'forwardWork', 'reverseWork', 'forwardMicroseconds', 'reverseMicroseconds', 'forwardNoisy', 'reverseNoisy']);
      // Each time by the one timing method: a median ratio to the plain run times its µs, and whether its spread is too wide.
      expect(p.forwardMicroseconds).toBeGreaterThan(0);
      expect(typeof p.forwardNoisy).toBe('boolean');
    }
    // N + 1 = P + 3 against 1 + M: with every input, forward mode's count never wins for M ≤ T.
    expect(t.crossover.work).toBeNull();
    expect(Object.keys(t.fusion)).toEqual(['primitiveMicroseconds', 'fusedMicroseconds', 'ratio']);
    expect(Object.keys(t.fusion.ratio)).toEqual(['median', 'low', 'high', 'rounds', 'noisy']);
    expect(t.crossover.timeNoisy).toBe(t.jacobian.some((p) => p.forwardNoisy || p.reverseNoisy));
    // With x0 alone the sampled M include N and N + 1, and forward's count wins from M = 2.
    const one = tradeoffsTimings(defaultParams(30), 3, 1, 4, 1);
    expect(one.jacobian.map((p) => p.outputs)).toEqual(expect.arrayContaining([1, 2]));
    expect(one.crossover.work).toBe(2);
  });
});

describe('stages, for the page and the command line to say what is computed', () => {
  it('the figures name each part as it starts, with its size', () => {
    const stages: string[] = [];
    tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5 }, (text) => stages.push(text));
    expect(stages).toEqual([
      'the gradient, stopped and full',
      'the truncation curve, 41 recordings',
      'the fused tape, and the saved and recomputed sweeps',
      'the Jacobian by reverse mode, one recording and 5 sweeps',
      'the Jacobian by forward mode, 82 tangents carried at once',
    ]);
    const one: string[] = [];
    tradeoffsFigures(defaultParams(1000), { window: 10, outputs: 1, inputs: 1 }, (text) => one.push(text));
    expect(one).toContain('the truncation curve, 1,001 recordings');
    expect(one).toContain('the Jacobian by reverse mode, one recording and 1 sweep');
    expect(one).toContain('the Jacobian by forward mode, 1 tangent carried at once');
  });

  it('the timings name each stage', () => {
    const stages: string[] = [];
    tradeoffsTimings(defaultParams(8), 3, 1, 1, undefined, (text) => stages.push(text));
    expect(stages).toEqual([
      'timing the fused tape against the primitive one',
      'estimating the Jacobian curve',
      'timing the Jacobian at 8 values of M',
    ]);
  });
});

describe('timing', () => {
  it('ends even when the clock stands still', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { alternatedMicroseconds, fastestMicroseconds } = await import('../../../engine/tradeoffs/timing.ts');
      let calls = 0;
      const [us] = fastestMicroseconds([() => calls++], 5);
      expect(calls).toBeGreaterThan(0);
      expect(us).toBe(0);
      // The time at the typical speed too: 0, not the NaN that logarithms of 0 would give.
      expect(alternatedMicroseconds([() => calls++, () => calls++], { budgetMs: 5 })).toEqual({ fastest: [0, 0], typical: [0, 0] });
    } finally {
      vi.useRealTimers();
    }
  });
});
