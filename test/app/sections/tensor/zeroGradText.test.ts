import { describe, expect, it } from 'vitest';
import { trainingBugs } from '../../../../engine/bugs/index.ts';
import { tailMean, zeroGradCaption, zeroGradVerdict } from '../../../../app/sections/tensor/zeroGradText.ts';

describe('the zero_grad figure’s caption, computed from its runs', () => {
  it('tailMean averages the last tenth', () => {
    expect(tailMean([9, 9, 9, 9, 9, 9, 9, 9, 1, 3])).toBe(3);
    expect(tailMean([5])).toBe(5);
  });

  it('says "hurts" or "happens to help" from the runs, whichever way they went', () => {
    const hurt = { correct: [1, 0.5], buggy: [1, 2] };
    const help = { correct: [1, 0.5], buggy: [1, 0.1] };
    expect(zeroGradVerdict(hurt).hurts).toBe(true);
    expect(zeroGradVerdict(help).hurts).toBe(false);
    const text = zeroGradCaption(hurt, help, 32);
    expect(text).toMatch(/mini-batches of 32 points: over the last 1 steps the loss averages 2 without zero_grad\(\) and 0.5 with it, so here the bug hurts/);
    expect(text).toMatch(/every step \(the loss chart’s run\): over the last 1 steps the loss averages 0.1 without zero_grad\(\) and 0.5 with it, so here the bug happens to help/);
    expect(text).toContain('like a step size that grows each step');
    expect(zeroGradCaption(hurt, hurt, 32)).toContain('the loss jumps up again and again');
  });

  it('on the tensor section’s defaults: mini-batches of 32 hurt; the whole data set happens to help', () => {
    const full = trainingBugs(400);
    const mini = trainingBugs(400, { batch: 32 });
    expect(zeroGradVerdict(mini.zeroGradLosses).hurts).toBe(true);
    expect(zeroGradVerdict(full.zeroGradLosses).hurts).toBe(false);
  });
});
