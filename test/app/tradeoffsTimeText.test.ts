import { describe, expect, it } from 'vitest';
import { crossoverTimeText, fusionTimeSentence } from '../../app/sections/tradeoffs/timeText.ts';

describe("the words for the 'what frameworks hide' section's measured times", () => {
  it('give the fused tape’s time as a ratio with its middle half, or say it is too noisy to tell', () => {
    expect(fusionTimeSentence({ median: 0.42, low: 0.4, high: 0.45, rounds: 20, noisy: false })).toBe(
      'The fused tape took ≈ 0.4× the primitive tape’s time (the middle half of the rounds read 0.4× to 0.5×).',
    );
    const noisy = fusionTimeSentence({ median: 0.42, low: 0.2, high: 0.9, rounds: 20, noisy: true });
    expect(noisy).toContain('too noisy to tell');
    expect(noisy).not.toMatch(/\d/);
  });

  it('never read a withheld crossover as "never"', () => {
    expect(crossoverTimeText({ work: null, time: null, timeNoisy: true })).toBe('too noisy to tell');
    expect(crossoverTimeText({ work: null, time: null, timeNoisy: false })).toBe('never, M ≤ T');
    expect(crossoverTimeText({ work: 5, time: 7, timeNoisy: false })).toBe('from M = 7');
  });
});
