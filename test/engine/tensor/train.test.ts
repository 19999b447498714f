import { describe, expect, it } from 'vitest';
import { compareTapes } from '../../../engine/tensor/compare.ts';
import { moons, spirals } from '../../../engine/tensor/data.ts';
import { train } from '../../../engine/tensor/trainer.ts';

describe('training the 2 → 16 → 2 network with SGD', () => {
  const r = train(300);

  it('the training loss goes down and the moons are separated', () => {
    const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(r.losses).toHaveLength(300);
    expect(r.losses[0]).toBeGreaterThan(0.5);
    expect(mean(r.losses.subarray(250))).toBeLessThan(0.25 * mean(r.losses.subarray(0, 50)));
    expect(r.finalLoss).toBeLessThan(0.1);
    expect(r.accuracy).toBeGreaterThanOrEqual(0.97);
  });

  it('is deterministic: the same options give the same numbers', () => {
    const again = train(300);
    expect(again.losses).toEqual(r.losses);
    expect(again.params).toEqual(r.params);
  });

  it('reports the decision region as class probabilities on a grid, both classes present', () => {
    const g = r.grid;
    expect(g.probability).toHaveLength(g.n * g.n);
    expect(g.n).toBe(40);
    expect(Math.min(...g.probability)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...g.probability)).toBeLessThanOrEqual(1);
    expect(g.probability.some((p) => p < 0.05) && g.probability.some((p) => p > 0.95)).toBe(true);
  });

  it('also learns the spirals, and with mini-batches', () => {
    const s = train(300, { dataset: 'spirals', learningRate: 1 });
    expect(s.finalLoss).toBeLessThan(0.5 * s.losses[0]);
    const mb = train(300, { batch: 32 });
    expect(mb.finalLoss).toBeLessThan(0.5 * mb.losses[0]);
  });
});

describe('built-in data sets', () => {
  it('are generated from a seed, with the two classes balanced', () => {
    expect(moons({ seed: 5 })).toEqual(moons({ seed: 5 }));
    expect(moons({ seed: 5 }).x.data).not.toEqual(moons({ seed: 6 }).x.data);
    for (const d of [moons(), spirals({ points: 101 })]) {
      const ones = d.labels.reduce((s, v) => s + v, 0);
      expect(Math.abs(d.labels.length - 2 * ones)).toBeLessThanOrEqual(1);
      expect(d.x.rows).toBe(d.labels.length);
    }
  });
});

describe('compareTapes: the same step on the scalar tape and on the tensor tape', () => {
  it('gives the same loss and gradient, with node counts from the closed form', () => {
    const B = 8;
    const H = 16;
    const c = compareTapes({ batch: B, hidden: H, minMs: 0 });
    expect(c.agreement.agree).toBe(true);
    expect(c.agreement.maxDifference).toBeLessThanOrEqual(1e-12);
    expect(c.parameters).toBe(2 * H + H + 2 * H + 2);
    // Per point: H·(2·2 + 1) for the hidden layer, 2·H·2 for the logits, 3·2 + 2 for the
    // softmax cross-entropy, 1 to add it to the total; then one leaf per parameter.
    expect(c.scalar.nodes).toBe(c.parameters + B * (H * 5 + 4 * H + 8 + 1));
    // 4 parameter leaves and 6 operations; the data X, a leaf on the tensor tape only, is not counted.
    expect(c.tensor.nodes).toBe(10);
    expect(c.scalar.bytes).toBe(c.scalar.nodes * 40);
    expect(c.ratios.nodes).toBeGreaterThan(100);
    expect(c.ratios.bytes).toBeGreaterThan(1);
    expect(c.scalar.msPerStep).toBeNull();
  });
});
