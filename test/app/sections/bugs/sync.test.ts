import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultParams } from '../../../../engine/chain.ts';
import { chainBugFigures, type BugsRequest, type PrecisionBug, type PrecisionOptions, type TrainingBugs } from '../../../../engine/bugs/index.ts';
import { useLab } from '../../../../app/state/store/index.ts';
import { FULL_PRECISION_STEPS, PRECISION_DELAY_MS, precisionOptionsFor, startBugs, type BugsEngine } from '../../../../app/sections/bugs/sync.ts';

/** An engine that runs the chain for real and answers the slow parts with stand-ins, counting every call. */
function fakeEngine() {
  const chain: BugsRequest[] = [];
  const precision: [BugsRequest, PrecisionOptions][] = [];
  const training: number[] = [];
  const engine: BugsEngine = {
    chain: async (q) => {
      chain.push(q);
      return chainBugFigures(defaultParams(q.steps, q), q);
    },
    precision: async (q, options) => {
      precision.push([q, options]);
      return { bug: { name: 'float32' }, sweep: [], lanes: new Int32Array(0) } as unknown as PrecisionBug;
    },
    training: async (steps) => {
      training.push(steps);
      return { steps, bug: { name: 'graph-alive' } } as unknown as TrainingBugs;
    },
  };
  return { engine, chain, precision, training };
}

afterEach(() => {
  useLab.setState(useLab.getInitialState(), true);
  vi.useRealTimers();
});

describe('the bugs section’s wiring', () => {
  it('asks for the chain’s bugs at once and when the chain, the detach step or v change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine, chain, precision, training } = fakeEngine();
    const stop = startBugs(useLab, engine);
    await vi.advanceTimersByTimeAsync(0);
    expect(chain.at(-1)).toMatchObject({ steps: 40, detachStep: 30, direction: 'ones' });
    expect(useLab.getState().bugsChain?.detachStep).toBe(30);
    // The detach step is the truncation lever's window seen from the other end.
    useLab.getState().setLever('window', 15);
    await vi.advanceTimersByTimeAsync(0);
    expect(chain.at(-1)?.detachStep).toBe(25);
    useLab.getState().setHvpDirection('random');
    await vi.advanceTimersByTimeAsync(0);
    expect(chain.at(-1)?.direction).toBe('random');
    // Nothing slow is asked for while no bug needs it.
    await vi.advanceTimersByTimeAsync(PRECISION_DELAY_MS + 10);
    expect(precision).toHaveLength(0);
    expect(training).toHaveLength(0);
    stop();
  });

  it('the float32 sweep only while that bug is on and the chain rests; the training once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine, precision, training } = fakeEngine();
    const stop = startBugs(useLab, engine);
    useLab.getState().setBugOn('float32');
    await vi.advanceTimersByTimeAsync(PRECISION_DELAY_MS / 2);
    expect(precision).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(PRECISION_DELAY_MS);
    expect(precision).toHaveLength(1);
    expect(precision[0][1]).toEqual({});
    useLab.getState().setBugOn('zero-grad');
    useLab.getState().setBugOn('graph-alive');
    await vi.advanceTimersByTimeAsync(0);
    expect(training).toEqual([400]);
    stop();
  });

  it('long chains get a sampled float32 sweep (its cost grows as T²)', () => {
    expect(precisionOptionsFor(FULL_PRECISION_STEPS)).toEqual({});
    const long = precisionOptionsFor(200);
    expect(long.maxParameters).toBe(40);
    expect(long.grid).toHaveLength(12);
  });
});
