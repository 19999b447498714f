import { describe, expect, it } from 'vitest';
import { timeGradients, TIMING_MAX_STEPS } from '../../engine/index.ts';

describe('timeGradients', () => {
  // The times themselves are measured, not checked: `npm run -s lab -- bench` prints them.
  it('times each method at each length: a row per length with its parameter count and the three times', () => {
    const times = timeGradients([2, 20], 5);
    expect(times.map((t) => [t.steps, t.parameters])).toEqual([
      [2, 4],
      [20, 40],
    ]);
    for (const t of times) expect(Object.keys(t)).toEqual(['steps', 'parameters', 'reverseMs', 'forwardMs', 'finiteDifferenceMs']);
  });

  it('refuses lengths outside 1 … TIMING_MAX_STEPS', () => {
    expect(() => timeGradients([0])).toThrow(RangeError);
    expect(() => timeGradients([TIMING_MAX_STEPS + 1])).toThrow(RangeError);
    expect(() => timeGradients([2.5])).toThrow(RangeError);
  });
});
