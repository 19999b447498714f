import { describe, expect, it } from 'vitest';
import { costSentences, readCost, usText, type CostPoint } from '../../../app/lesson/chapters/hidden/jacobianCost.ts';

/** N = 1: forward mode 2 passes at every M, reverse mode M + 1; times as given. */
const points = (forward: number[], reverse: number[], ms = [1, 2, 4, 5, 40]): CostPoint[] =>
  ms.map((m, i) => ({ outputs: m, forwardWork: 2, reverseWork: 1 + m, forwardMicroseconds: forward[i], reverseMicroseconds: reverse[i] }));

describe('chapter 10’s cost chart, read into words', () => {
  it('counted: forward mode cheaper from M = 2 (equal at M = 1); measured: from where forward is faster at every larger M', () => {
    // Forward mode is faster at M = 4, 5 and 40, slower at M = 2.
    const r = readCost(points([30, 31, 30, 32, 33], [14, 20, 33, 36, 150]));
    expect(r.countFrom).toBe(2);
    expect(r.timeFrom).toBe(4);
    expect(r.forwardTimes).toEqual([30, 33]);
    expect(r.equalTimes).toBe(true);
    const words = costSentences(r);
    expect(words.counted).toBe('Counted: forward mode 2 passes at every M, reverse mode M + 1; forward mode is cheaper from M = 2.');
    expect(words.measured).toBe(
      'Measured in µs (millionths of a second): forward mode 30–33 µs at every M (equal work, equal time); reverse mode 14 µs at M = 1, ' +
        '150 µs at M = 40; forward mode is faster from M = 4. A forward pass takes longer than a reverse one, so by time the lines cross later.',
    );
  });

  it('says when equal work did not read as equal time within 25 %, and when forward mode was never faster', () => {
    const r = readCost(points([20, 40, 20, 20, 200], [14, 20, 33, 31, 150]));
    expect(r.equalTimes).toBe(false);
    expect(r.timeFrom).toBeNull();
    const words = costSentences(r);
    expect(words.measured).toContain('(equal work; a busy machine spread the times)');
    // The crossing by time is withheld when the times did not hold still.
    expect(words.measured).toContain('where the lines cross by time is too noisy to tell on this machine just now.');
    expect(words.measured).not.toContain('cross later');
    // Times that held still, and forward mode never faster: said so.
    const steady = costSentences(readCost(points([30, 31, 30, 32, 33], [14, 20, 25, 28, 31])));
    expect(steady.measured).toContain('forward mode was not faster at the largest M.');
  });

  it('quotes no time, and no crossing, when a point’s time is too noisy to tell', () => {
    const ps = points([30, 31, 30, 32, 33], [14, 20, 33, 36, 150]);
    ps[3] = { ...ps[3], reverseNoisy: true };
    const r = readCost(ps);
    expect(r.noisy).toBe(true);
    const words = costSentences(r);
    expect(words.measured).toBe('Measured in µs (millionths of a second): too noisy to tell on this machine just now, so no time is quoted and where the lines cross by time is not said.');
    expect(words.measured).not.toMatch(/\d/);
    // The counted sentence does not depend on the clock.
    expect(words.counted).toBe('Counted: forward mode 2 passes at every M, reverse mode M + 1; forward mode is cheaper from M = 2.');
    expect(readCost(points([30, 31, 30, 32, 33], [14, 20, 33, 36, 150])).noisy).toBe(false);
  });

  it('writes microseconds as whole numbers from 10, one decimal below', () => {
    expect([usText(134.4), usText(14.6), usText(7.46), usText(7)]).toEqual(['134', '15', '7.5', '7']);
  });
});
