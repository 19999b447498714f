import { describe, expect, it } from 'vitest';
import { compareTapes } from '../../../engine/tensor/compare.ts';
import { interleavedTimes, measureTapes } from '../../../engine/tensor/measure.ts';

describe('measureTapes', () => {
  it('reports the same network, counts and agreement as compareTapes, with both sides timed', () => {
    const m = measureTapes({ hidden: 8, minMs: 20 });
    const c = compareTapes({ hidden: 8, minMs: 0 });
    expect({ ...m, scalar: { ...m.scalar, msPerStep: null }, tensor: { ...m.tensor, msPerStep: null }, ratios: { ...m.ratios, time: null } }).toEqual(c);
    expect(m.scalar.msPerStep).toBeGreaterThan(0);
    expect(m.tensor.msPerStep).toBeGreaterThan(0);
    expect(m.ratios.time).toBe(m.scalar.msPerStep! / m.tensor.msPerStep!);
  });

  it('interleavedTimes runs every function, at least seven batches each, and orders by cost', () => {
    const calls = [0, 0];
    const spin = (n: number) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.sqrt(i);
      return s;
    };
    const [cheap, dear] = interleavedTimes(
      [() => (calls[0]++, spin(100)), () => (calls[1]++, spin(20_000))],
      20,
    );
    expect(calls[0]).toBeGreaterThanOrEqual(7);
    expect(calls[1]).toBeGreaterThanOrEqual(7);
    expect(dear).toBeGreaterThan(cheap);
  });
});
