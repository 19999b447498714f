import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../engine/chain.ts';
import type { LabSettings } from '../../engine/report.ts';
import { scaleTime, timeMethods, timeMethodsInSlices, TIMED_METHODS } from '../../engine/method-times.ts';

const settings = (steps: number): LabSettings => ({
  steps,
  eps: 1e-5,
  stride: 4,
  schedule: 'periodic',
  snapshots: 3,
  state: 'scalar',
  c: 0.35,
  x0: 0.4,
  target: 0.25,
});
const now = () => performance.now();

describe('timing each method on the chain', () => {
  it('times every method, with the plain evaluation as the unit and nothing estimated when all fit', () => {
    const t = timeMethods(defaultParams(40), settings(40), { now, repeats: 3 });
    expect(t.steps).toBe(40);
    expect(t.times.plain.ratio).toBe(1);
    for (const m of ['reverse', 'forward', 'finiteDifference', 'checkpointed'] as const) {
      expect(t.times[m].estimated).toBe(false);
      expect(t.times[m].ms).toBeGreaterThan(0);
      expect(t.times[m].runs).toBeGreaterThanOrEqual(1);
    }
    // Central differences evaluate the loss 2P + 1 = 161 times (reusing prefixes, about 80 runs'
    // worth of steps): many plain runs even on a busy machine.
    expect(t.times.finiteDifference.ratio).toBeGreaterThan(5);
  });

  it('in slices: yields after every sample, each slice a few runs, and ends with the same kind of result', () => {
    // A clock that advances 5 ms per reading: every sample is one run, and each run fits the budget.
    let clock = 0;
    const ticking = () => (clock += 5);
    const timing = timeMethodsInSlices(defaultParams(40), settings(40), { now: ticking, repeats: 3 });
    let slices = 0;
    let slice = timing.next();
    while (!slice.done) {
      slices += 1;
      slice = timing.next();
    }
    const t = slice.value;
    // One slice per sample: three per method, and the one-run probe that sizes forward mode's
    // and central differences' trial chain (none is estimated at T = 40).
    expect(slices).toBe(3 * TIMED_METHODS.length + 2);
    expect(TIMED_METHODS.map((m) => t.times[m].runs)).toEqual(TIMED_METHODS.map(() => 3));
    expect(t.times.plain.ratio).toBe(1);
  });

  it('scales a T² method by the square of the length ratio', () => {
    expect(scaleTime('forward', 2, 100, 1000)).toBe(200);
    expect(scaleTime('reverse', 2, 100, 1000)).toBe(20);
  });

  it('estimates forward mode and central differences from a shorter chain within a factor of two of the measured time', () => {
    const T = 1024;
    const params = defaultParams(T);
    // A budget this small forces the T² methods to be timed on a shorter chain and scaled up.
    // Timings on a shared machine swing; the estimate must land within a factor of two of the
    // measured time in at least one of three attempts.
    let estimated = timeMethods(params, settings(T), { now, repeats: 5, budgetMs: 5 });
    const within: Record<string, boolean> = { forward: false, finiteDifference: false };
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3 && !(within.forward && within.finiteDifference); attempt++) {
      estimated = timeMethods(params, settings(T), { now, repeats: 5, budgetMs: 5 });
      const measured = timeMethods(params, settings(T), { now, repeats: 5, budgetMs: 60_000 });
      for (const m of ['forward', 'finiteDifference'] as const) {
        expect(estimated.times[m].estimated).toBe(true);
        expect(estimated.times[m].from).toBeLessThan(T);
        expect(measured.times[m].estimated).toBe(false);
        const ratio = estimated.times[m].ms / measured.times[m].ms;
        seen.push(`${m} ${ratio.toFixed(2)}`);
        if (ratio > 0.5 && ratio < 2) within[m] = true;
      }
    }
    expect(within, seen.join(', ')).toEqual({ forward: true, finiteDifference: true });
    // Reverse mode and the checkpointed sweep always run at full length.
    expect(estimated.times.reverse.estimated).toBe(false);
    expect(estimated.times.checkpointed.estimated).toBe(false);
  });
});
