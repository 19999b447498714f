import { describe, expect, it } from 'vitest';
import { train } from '../../../engine/tensor/trainer.ts';
import { trainingBugs, trainWithBugs } from '../../../engine/bugs/index.ts';

describe('the tensor training loop with its bugs', () => {
  it('with zero_grad it is the tensor section training, loss for loss', () => {
    const r = trainWithBugs(30, { batch: 32 });
    expect([...r.losses]).toEqual([...train(30, { batch: 32 }).losses]);
  });

  it('without zero_grad the second step already moves by the sum of two gradients: its losses differ from step 3 on', () => {
    const right = trainWithBugs(10);
    const wrong = trainWithBugs(10, {}, { zeroGrad: false });
    expect(wrong.losses[0]).toBe(right.losses[0]);
    // The first update is the same (one gradient in the buffer either way).
    expect(wrong.losses[1]).toBe(right.losses[1]);
    expect(wrong.losses[2]).not.toBe(right.losses[2]);
  });

  it('a total kept as a tensor keeps PyTorch\'s nodes of every step (8 a step, 4 shared) and, without backward, every forward\'s saved tensors', () => {
    const r = trainWithBugs(20);
    // relu's 200×16 result, log_softmax's 200×2 result and nll_loss's 0-d total weight, in float64.
    expect(r.forwardSavedBytes).toBe((200 * 16 + 200 * 2 + 1) * 8);
    for (let s = 0; s < 20; s++) {
      // MmBackward0, AddBackward0, ReluBackward0, MmBackward0, AddBackward0, LogSoftmaxBackward0,
      // NllLossBackward0 and the sum's AddBackward: 8 a step; AccumulateGrad for w1, b1, w2, b2 once.
      expect(r.aliveNodes[s]).toBe(8 * (s + 1) + 4);
      expect(r.evaluationBytes[s]).toBe((s + 1) * r.forwardSavedBytes);
    }
  });
});

describe('trainingBugs with the tensor section’s settings', () => {
  it('follows them: with zero_grad its losses are train()’s for the same settings, bit for bit; without, they part from step 3', () => {
    const options = { dataset: 'spirals' as const, hidden: 8, learningRate: 0.2 };
    const r = trainingBugs(25, options);
    expect([...r.zeroGradLosses.correct]).toEqual([...train(25, options).losses]);
    expect(r.zeroGradLosses.buggy[1]).toBe(r.zeroGradLosses.correct[1]);
    expect(r.zeroGradLosses.buggy[2]).not.toBe(r.zeroGradLosses.correct[2]);
    // Other settings, other losses.
    expect(r.zeroGradLosses.correct[5]).not.toBe(trainingBugs(25).zeroGradLosses.correct[5]);
  });
});
