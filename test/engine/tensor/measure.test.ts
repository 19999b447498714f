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

  it('interleavedTimes never reads a fast function as taking no time, on a coarse clock after a slow start', () => {
    // A clock that moves in whole milliseconds (browsers round performance.now() too), and a
    // function whose first calls are slow (its code not yet compiled), then fast.
    let fake = 0;
    const clock = () => Math.floor(fake);
    let calls = 0;
    const settling = () => {
      calls += 1;
      fake += calls <= 3 ? 6 : 0.002;
    };
    const steady = () => {
      fake += 0.05;
    };
    const [fast, slow] = interleavedTimes([settling, steady], 20, 0, clock);
    // Every batch counted read at least 0.25 ms on a clock of 1 ms steps: no mean is 0.
    expect(fast).toBeGreaterThan(0);
    expect(fast).toBeLessThan(0.01);
    expect(slow).toBeGreaterThan(0.02);
    expect(slow).toBeLessThan(0.1);
  });
});

