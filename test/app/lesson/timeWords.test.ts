import { describe, expect, it } from 'vitest';
import { labCost, type LabCost } from '../../../engine/method-cost.ts';
import type { MethodTimes } from '../../../engine/method-times.ts';
import type { LabReport } from '../../../engine/report.ts';
import { runsCellText, tapeTimeCell, tapeTimeSentence, timeSentences } from '../../../app/lesson/chapters/timeWords.ts';
import type { TapeComparison } from '../../../engine/tensor/compare.ts';

/** Chapter 5's cost at T = 200 (passes 2, 401, 801), with made-up measured ratios: the words must follow them. */
function costWith(ratio: Record<'reverse' | 'forward' | 'finiteDifference' | 'checkpointed', number>, noisy: Partial<Record<string, boolean>> = {}): LabCost {
  const one = (r: number, n = false) => ({ ms: r * 0.002, runs: 9, ratio: r, low: 0.9 * r, high: 1.1 * r, noisy: n, estimated: false, from: 200 });
  const times: MethodTimes = {
    steps: 200,
    times: {
      plain: one(1),
      reverse: one(ratio.reverse, noisy.reverse),
      forward: one(ratio.forward, noisy.forward),
      finiteDifference: one(ratio.finiteDifference, noisy.finiteDifference),
      checkpointed: one(ratio.checkpointed),
    },
  };
  return labCost({ reverse: 2, forward: 401, finiteDifference: 801, checkpointed: 2.9 }, times);
}
const report = (cost: LabCost) => ({ cost }) as LabReport;

describe('chapter 5’s time sentences follow the measured figures', () => {
  it('says the constant is above 2 only when the figure is', () => {
    expect(timeSentences(report(costWith({ reverse: 4.3, forward: 300, finiteDifference: 420, checkpointed: 20 }))).constant).toBe(
      'Reverse mode: 2 passes at every T; in time the constant is ≈ 4.3 runs (3.9–4.7), above its passes: the tape itself costs time.',
    );
    // The figure that once sat beside "above 2": 1.8.
    expect(timeSentences(report(costWith({ reverse: 1.8, forward: 300, finiteDifference: 420, checkpointed: 20 }))).constant).toBe(
      'Reverse mode: 2 passes at every T; in time the constant is ≈ 1.8 runs (1.6–2), no more than its passes: here the tape’s bookkeeping cost little.',
    );
  });

  it('says central differences take less time than their passes only when they did', () => {
    expect(timeSentences(report(costWith({ reverse: 4, forward: 300, finiteDifference: 420, checkpointed: 20 }))).shortcut).toBe(
      'Central differences reuse the unchanged start of the chain, so they take less time than their passes: ≈ 420 runs against 801.',
    );
    expect(timeSentences(report(costWith({ reverse: 4, forward: 300, finiteDifference: 900, checkpointed: 20 }))).shortcut).toBe(
      'Central differences reuse the unchanged start of the chain, yet here they took ≈ 900 runs against their 801 passes.',
    );
  });

  it('withholds a figure too noisy to tell, in the sentences and the table', () => {
    const noisy = report(costWith({ reverse: 4, forward: 300, finiteDifference: 420, checkpointed: 20 }, { reverse: true, finiteDifference: true }));
    expect(timeSentences(noisy)).toEqual({
      constant: 'Reverse mode: 2 passes at every T; in time, the constant is too noisy to tell on this machine just now.',
      shortcut: 'Central differences reuse the unchanged start of the chain; their time is too noisy to tell on this machine just now.',
    });
    expect(runsCellText(noisy.cost.reverse)).toBe('too noisy to tell');
    expect(runsCellText(noisy.cost.forward)).toBe('≈ 300 (270–330)');
  });
});

describe('chapter 9’s time ratio is said as measured', () => {
  const base = { ratios: { nodes: 2800, bytes: 7, time: 1.3 } } as unknown as TapeComparison;
  it('gives the median with its middle half, and words that follow it', () => {
    const c = { ...base, timeSpread: { low: 1.2, high: 1.4, noisy: false } } as TapeComparison;
    expect(tapeTimeCell(c)).toBe('1.3× (1.2–1.4×)');
    expect(tapeTimeSentence(c)).toBe('A step on the scalar tape took ≈ 1.3× the tensor tape’s time (the middle half of the rounds read 1.2× to 1.4×): more nodes, more time.');
    const even = { ...base, ratios: { ...base.ratios, time: 0.95 }, timeSpread: { low: 0.8, high: 1.1, noisy: false } } as TapeComparison;
    expect(tapeTimeSentence(even)).toMatch(/^A step on the two tapes took about the same time, ≈ [\d.]+× \(the middle half of the rounds read 0.8× to 1.1×\)/);
  });
  it('says a ratio too noisy to tell is so, instead of a number', () => {
    const c = { ...base, timeSpread: { low: 0.7, high: 1.9, noisy: true } } as TapeComparison;
    expect(tapeTimeCell(c)).toBe('too noisy to tell');
    expect(tapeTimeSentence(c)).toBe('The time ratio is too noisy to tell on this machine just now.');
  });
});

describe('a timing in which no round counted', () => {
  it('reads as too noisy to tell, not as a dash or a sentence about a missing number', () => {
    const cost = costWith({ reverse: Number.NaN, forward: 300, finiteDifference: 420, checkpointed: 20 });
    expect(cost.reverse.runsOfTime).toBeNull();
    expect(cost.reverse.noisy).toBe(true);
    expect(runsCellText(cost.reverse)).toBe('too noisy to tell');
    expect(timeSentences(report(cost)).constant).toBe('Reverse mode: 2 passes at every T; in time, the constant is too noisy to tell on this machine just now.');
  });
});
