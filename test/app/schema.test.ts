import { describe, expect, it } from 'vitest';
import { RANGES } from '../../app/state/settings/schema.ts';

// The defaults are checked once, in settings-table.test.ts.
describe('the app settings', () => {
  it('offer the ranges of the issue', () => {
    expect(RANGES).toEqual({
      steps: { min: 1, max: 100_000 },
      eps: { min: 1e-16, max: 1 },
      c: { min: -1, max: 1.5 },
      x0: { min: -2, max: 2 },
      target: { min: -2, max: 2 },
    });
  });
});

describe('the steps control', () => {
  it('slides over 1 … 200 and takes any T up to 100,000 typed', async () => {
    const { sliderRange } = await import('../../app/state/settings/schema.ts');
    const { readSteps } = await import('../../app/lab/StepsField.tsx');
    expect(sliderRange('steps', 40)).toEqual({ min: 1, max: 200 });
    expect(sliderRange('stride', 40)).toEqual({ min: 1, max: 40 });
    expect(readSteps('20000', 1, 100_000)).toBe(20_000);
    expect(readSteps(' 100,000 ', 1, 100_000)).toBe(100_000);
    expect(readSteps('20 000', 1, 100_000)).toBe(20_000);
    expect(readSteps('1', 1, 100_000)).toBe(1);
    expect(readSteps('0', 1, 100_000)).toBe('0 is outside the range: a whole number from 1 to 100,000.');
    expect(readSteps('100001', 1, 100_000)).toBe('100,001 is outside the range: a whole number from 1 to 100,000.');
    expect(readSteps('1e4', 1, 100_000)).toBe('“1e4” is not a whole number from 1 to 100,000.');
    expect(readSteps('0x10', 1, 100_000)).toMatch(/is not a whole number/);
    expect(readSteps('2.5', 1, 100_000)).toMatch(/is not a whole number/);
    expect(readSteps('', 1, 100_000)).toBe('Type the steps: a whole number from 1 to 100,000.');
  });
});
