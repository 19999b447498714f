import { describe, expect, it } from 'vitest';
import { timeGradients, TIMING_MAX_STEPS } from '../../engine/index.ts';

describe('timeGradients', () => {
  it('times each method at each length, every figure finite and positive', () => {
    const times = timeGradients([2, 20], 5);
    expect(times.map((t) => [t.steps, t.parameters])).toEqual([
      [2, 4],
      [20, 40],
    ]);
    for (const t of times) {
      for (const ms of [t.reverseMs, t.forwardMs, t.finiteDifferenceMs]) {
        expect(Number.isFinite(ms) && ms > 0).toBe(true);
      }
    }
  });

  it('refuses lengths outside 1 … TIMING_MAX_STEPS', () => {
    expect(() => timeGradients([0])).toThrow(RangeError);
    expect(() => timeGradients([TIMING_MAX_STEPS + 1])).toThrow(RangeError);
    expect(() => timeGradients([2.5])).toThrow(RangeError);
  });
});
