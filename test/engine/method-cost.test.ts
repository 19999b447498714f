import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, runLab } from '../../engine/index.ts';
import { costSentence, labCost } from '../../engine/method-cost.ts';
import type { MethodTimes } from '../../engine/method-times.ts';

describe('cost as counted passes beside measured time', () => {
  it('runLab counts 2 passes for reverse mode at every T, P + 1 for forward mode and 2P + 1 for central differences', () => {
    for (const steps of [2, 5, 40]) {
      const P = 2 * steps;
      const r = runLab({ ...DEFAULT_SETTINGS, steps, stride: 1, include: { sweep: false, frontier: false, workCurve: false, tangents: false } });
      expect([r.cost.reverse.passes, r.cost.forward.passes, r.cost.finiteDifference.passes]).toEqual([2, P + 1, 2 * P + 1]);
      expect([r.cost.reverse.growth, r.cost.forward.growth, r.cost.finiteDifference.growth]).toEqual(['constant', 'P', 'P']);
      // Times are measured only when asked for.
      expect(r.cost.reverse.runsOfTime).toBeNull();
      expect(r.cost.plainMs).toBeNull();
    }
  });

  it('with include.times, each method gets a measured time in runs of the plain chain', () => {
    const r = runLab({ ...DEFAULT_SETTINGS, steps: 10, include: { sweep: false, frontier: false, workCurve: false, times: true } });
    for (const m of ['reverse', 'forward', 'finiteDifference', 'checkpointed'] as const) {
      // A figure, or the word that the machine was too busy to tell (its value is the machine's).
      if (!r.cost[m].noisy) expect(r.cost[m].runsOfTime, m).toBeGreaterThan(0);
      else expect(r.cost[m].runsOfTime === null || r.cost[m].runsOfTime! > 0, m).toBe(true);
      expect(r.cost[m].timedAt, m).toBe(10);
    }
  });

  it('divides each time by the plain run\'s and writes one sentence a method', () => {
    const time = (ms: number, noisy = false) => ({ ms, runs: 9, ratio: ms / 0.01, low: (0.9 * ms) / 0.01, high: (1.1 * ms) / 0.01, noisy, estimated: false, from: 40 });
    const times: MethodTimes = {
      steps: 40,
      times: { plain: time(0.01), reverse: time(0.14), forward: time(0.52), finiteDifference: time(0.9, true), checkpointed: time(0.2) },
    };
    const cost = labCost({ reverse: 2, forward: 81, finiteDifference: 161, checkpointed: 2.9 }, times);
    expect(cost.plainMs).toBe(0.01);
    expect(cost.reverse.runsOfTime).toBeCloseTo(14, 12);
    expect(cost.reverse.runsOfTimeSpread?.[0]).toBeCloseTo(12.6, 12);
    expect(costSentence('reverse', cost.reverse)).toBe('reverse mode: 2 passes, ≈ 14 runs of time (middle half 13–15), the same at every T');
    expect(costSentence('forward', cost.forward)).toBe('forward mode: 81 passes (P + 1), ≈ 52 runs of time (middle half 47–57), growing with P');
    expect(costSentence('checkpointed', cost.checkpointed)).toBe('checkpointed reverse mode: 2.9 passes, ≈ 20 runs of time (middle half 18–22), under 3 at every T');
    // A time whose middle half is too wide is not given as a number.
    expect(cost.finiteDifference.noisy).toBe(true);
    expect(costSentence('finiteDifference', cost.finiteDifference)).toBe('central differences: 161 passes (2P + 1), time too noisy to tell on this machine just now, growing with P');
    // The binomial schedule's passes grow with T (one snapshot at T = 100,000: 50,002 passes).
    const binomial = labCost({ reverse: 2, forward: NaN, finiteDifference: NaN, checkpointed: 50_002 }, null, 'revolve');
    expect(costSentence('checkpointed', binomial.checkpointed)).toBe(
      'checkpointed reverse mode: 50002 passes, time not measured, growing with T at a fixed snapshot count',
    );
    expect(costSentence('reverse', labCost({ reverse: 2, forward: 3, finiteDifference: 5, checkpointed: 2 }, null).reverse)).toBe(
      'reverse mode: 2 passes, time not measured, the same at every T',
    );
  });
});
