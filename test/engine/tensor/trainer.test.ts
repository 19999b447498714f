import { describe, expect, it } from 'vitest';
import { train } from '../../../engine/tensor/trainer.ts';
import { createTrainer } from '../../../engine/tensor/trainer.ts';

describe('createTrainer', () => {
  it('taken in pieces, ends exactly where train() does', () => {
    const whole = train(120, { batch: 32, learningRate: 0.3 });
    const t = createTrainer({ batch: 32, learningRate: 0.3 });
    const parts = [t.advance(50), t.advance(1), t.advance(69)];
    const losses = Float64Array.from(parts.flatMap((p) => Array.from(p)));
    expect(losses).toEqual(whole.losses);
    expect(t.params).toEqual(whole.params);
    const s = t.snapshot();
    expect(s.step).toBe(120);
    expect(s.loss).toBe(whole.finalLoss);
    expect(s.accuracy).toBe(whole.accuracy);
    expect(s.grid).toEqual(whole.grid);
  });

  it('a snapshot before any step is the untrained network', () => {
    const t = createTrainer({ dataset: 'spirals', hidden: 8 });
    const s = t.snapshot();
    expect(s.step).toBe(0);
    expect(s.loss).toBeGreaterThan(0.5);
    expect(t.advance(0)).toHaveLength(0);
  });
});
