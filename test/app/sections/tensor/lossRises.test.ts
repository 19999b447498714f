import { describe, expect, it } from 'vitest';
import { trainingBugs } from '../../../../engine/bugs/index.ts';
import { lossRises } from '../../../../app/sections/tensor/lossRises.ts';

describe('lossRises', () => {
  it('counts the steps whose loss is above the step before', () => {
    expect(lossRises([3, 2, 2, 1])).toBe(0);
    expect(lossRises([1, 2, 1, 3, 0])).toBe(2);
    expect(lossRises([])).toBe(0);
  });

  it('on the tensor section’s default training: never with zero_grad(), many times without it', () => {
    const t = trainingBugs(400);
    expect(lossRises(t.zeroGradLosses.correct)).toBe(0);
    expect(lossRises(t.zeroGradLosses.buggy)).toBeGreaterThan(20);
  });
});
