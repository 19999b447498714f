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
  return { outputs, forwardWork: 2, reverseWork: 1 + outputs, forwardMicroseconds: forward, reverseMicroseconds: reverse };
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
    expect(f.recompute.saved).toMatchObject({ bytes: 25720, stepEvaluations: 40 });
    expect(f.recompute.recomputed).toMatchObject({ bytes: 1080, stepEvaluations: 80 });
    expect(f.fusion.stepOps).toEqual(['mul', 'add', 'tanh', 'mul', 'square', 'shift', 'div', 'scale', 'sin', 'scale', 'add', 'add']);
    expect(f.recompute.maxDifference).toBe(0);
    expect(f.jacobian.rows.map((r) => r.state)).toEqual([36, 37, 38, 39, 40]);
    expect(f.jacobian.forward.work).toBe(81);
    expect(f.jacobian.reverse.work).toBe(6);
    expect(f.jacobian.maxDifference).toBeLessThan(1e-13);
  });

  it('refuses K > T and M outside 1 … T with one sentence', () => {
    expect(() => tradeoffsFigures(defaultParams(10), { window: 11, outputs: 1 })).toThrow(/window/);
    expect(() => tradeoffsFigures(defaultParams(10), { window: 1, outputs: 0 })).toThrow(/outputs/);
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

  it('timings count the work at every sampled M (times are measured, not checked)', () => {
    const t = tradeoffsTimings(defaultParams(8), 3, 1);
    expect(t.jacobian.map((p) => p.outputs)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const p of t.jacobian) {
      expect(p.forwardWork).toBe(17);
      expect(p.reverseWork).toBe(1 + p.outputs);
      expect(Object.keys(p)).toEqual(['outputs', 'forwardWork', 'reverseWork', 'forwardMicroseconds', 'reverseMicroseconds']);
    }
    // P + 1 against 1 + M: forward mode's count wins only past M = P, which this chain never reaches.
    expect(t.crossover.work).toBeNull();
    expect(Object.keys(t.fusion)).toEqual(['primitiveMicroseconds', 'fusedMicroseconds']);
  });
});

describe('timing', () => {
  it('ends even when the clock stands still', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { fastestMicroseconds } = await import('../../../engine/tradeoffs/timing.ts');
      let calls = 0;
      const [us] = fastestMicroseconds([() => calls++], 5);
      expect(calls).toBeGreaterThan(0);
      expect(us).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
