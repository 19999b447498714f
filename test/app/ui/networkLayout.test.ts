import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../../engine/tensor/trainer.ts';
import { MAX_DRAWN_HIDDEN, MAX_WIDTH, MIN_WIDTH, networkDescription, networkLayout } from '../../../app/ui/charts/networkLayout.ts';
import type { NetworkWeights } from '../../../workers/tensor/protocol.ts';

function weightsOf(hidden: number, steps = 0): NetworkWeights {
  const t = createTrainer({ hidden });
  t.advance(steps);
  const p = t.params;
  return { hidden, w1: p.w1.data.slice(), b1: p.b1.data.slice(), w2: p.w2.data.slice(), b2: p.b2.data.slice() };
}

describe('the network diagram’s layout', () => {
  it('draws every weight of a 2 → 4 → 2 network as one line, from the right node, its width by |weight|', () => {
    const w: NetworkWeights = {
      hidden: 4,
      w1: Float64Array.from([1, -2, 0.5, 0, 3, -1, 0.25, 4]),
      b1: new Float64Array(4),
      w2: Float64Array.from([-4, 2, 1, 1, 0.5, -0.5, 2, -3]),
      b2: new Float64Array(2),
    };
    const l = networkLayout(w, 300, 200);
    expect(l.edges).toHaveLength(16);
    expect(l.nodes.map((n) => n.layer)).toEqual(['input', 'input', 'hidden', 'hidden', 'hidden', 'hidden', 'output', 'output']);
    expect(l.maxAbs).toBe(4);
    // W1[1, 0] = 3: from x₂ to hidden unit 0.
    const e = l.edges.find((x) => x.key === 'w1-1-0')!;
    const x2 = l.nodes.find((n) => n.key === 'in1')!;
    const h0 = l.nodes.find((n) => n.key === 'h0')!;
    expect([e.x1, e.y1, e.x2, e.y2]).toEqual([x2.x, x2.y, h0.x, h0.y]);
    expect(e.weight).toBe(3);
    expect(e.width).toBeCloseTo(MIN_WIDTH + ((MAX_WIDTH - MIN_WIDTH) * 3) / 4, 12);
    expect(l.edges.find((x) => x.key === 'w2-0-0')!.width).toBe(MAX_WIDTH);
    expect(l.edges.find((x) => x.key === 'w1-0-3')!.weight).toBe(0);
    expect(l.edges.find((x) => x.key === 'w1-0-3')!.width).toBe(MIN_WIDTH);
    // 10 positive of the 16 (the zero counts as not positive); of the two of size 4, the first met (unit by unit) is named.
    expect(l.positive).toBe(10);
    expect(l.largest).toEqual({ from: 'hidden unit 1', to: 'class 0', weight: -4 });
    expect(networkDescription(l)).toBe(
      'Network: 2 inputs, 4 hidden units, 2 outputs; 16 weights, 10 positive and 6 negative or zero. The largest is -4.00, from hidden unit 1 to class 0.',
    );
  });

  it('keeps every node inside the picture', () => {
    for (const h of [4, 8, 16]) {
      const l = networkLayout(weightsOf(h), 260, 250);
      for (const n of l.nodes) {
        expect(n.x).toBeGreaterThan(0);
        expect(n.x).toBeLessThan(260);
        expect(n.y).toBeGreaterThan(0);
        expect(n.y).toBeLessThan(250);
      }
      expect(l.edges).toHaveLength(4 * h);
    }
  });

  it('past 16 hidden units, draws the 16 with the largest weights and says how many there are', () => {
    const w = weightsOf(32, 50);
    const l = networkLayout(w, 300, 250);
    expect(l.shown).toHaveLength(MAX_DRAWN_HIDDEN);
    expect(l.edges).toHaveLength(4 * MAX_DRAWN_HIDDEN);
    expect(l.weightCount).toBe(128);
    const strength = (j: number) => Math.abs(w.w1[j]) + Math.abs(w.w1[32 + j]) + Math.abs(w.w2[2 * j]) + Math.abs(w.w2[2 * j + 1]);
    const weakestShown = Math.min(...l.shown.map(strength));
    for (let j = 0; j < 32; j++) if (!l.shown.includes(j)) expect(strength(j)).toBeLessThanOrEqual(weakestShown);
    expect(networkDescription(l)).toMatch(/^Network: 2 inputs, 32 hidden units \(16 of them drawn\), 2 outputs; 128 weights/);
  });
});
