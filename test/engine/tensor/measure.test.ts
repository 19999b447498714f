import { describe, expect, it } from 'vitest';
import { compareTapes } from '../../../engine/tensor/compare.ts';
import { interleavedTimes, measureTapes } from '../../../engine/tensor/measure.ts';

describe('measureTapes', () => {
  // The times themselves (and the scalar ÷ tensor ratio) are printed by `npm run -s lab -- bench`.
  it('reports the same network, counts and agreement as compareTapes, and the time ratio with its middle half (the one timing method)', () => {
    const m = measureTapes({ hidden: 8, minMs: 20 });
    const c = compareTapes({ hidden: 8, minMs: 0 });
    const { timeSpread, ...rest } = m;
    expect({ ...rest, scalar: { ...m.scalar, msPerStep: null }, tensor: { ...m.tensor, msPerStep: null }, ratios: { ...m.ratios, time: null } }).toEqual(c);
    // The ratio is the median of the rounds' ratios, inside their middle half (its value is the
    // machine's), unless the machine was too busy to tell: then it says so.
    expect(timeSpread).toBeDefined();
    expect(typeof timeSpread!.noisy).toBe('boolean');
    if (!timeSpread!.noisy) {
      expect(timeSpread!.low).toBeLessThanOrEqual(m.ratios.time!);
      expect(timeSpread!.high).toBeGreaterThanOrEqual(m.ratios.time!);
    }
  });

  it('interleavedTimes runs every function, at least seven batches each, and gives each its cost per call', () => {
    // A clock that only the functions move: 0.01 ms a call for one, 2 ms for the other.
    let fake = 0;
    const calls = [0, 0];
    const [cheap, dear] = interleavedTimes(
      [() => (calls[0]++, (fake += 0.01)), () => (calls[1]++, (fake += 2))],
      20,
      0,
      () => fake,
    );
    expect(calls[0]).toBeGreaterThanOrEqual(7);
    expect(calls[1]).toBeGreaterThanOrEqual(7);
    expect(cheap).toBeCloseTo(0.01, 9);
    expect(dear).toBeCloseTo(2, 9);
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

