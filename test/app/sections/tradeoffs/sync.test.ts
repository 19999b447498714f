import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultParams } from '../../../../engine/chain.ts';
import { tradeoffsFigures, tradeoffsTimings, type TradeoffsRequest } from '../../../../engine/tradeoffs/index.ts';
import { useLab } from '../../../../app/state/store/index.ts';
import { STAGE_DELAY_MS, startTradeoffs, TIMING_DELAY_MS, type TradeoffsEngine } from '../../../../app/sections/tradeoffs/sync.ts';

function fakeEngine() {
  const asked: TradeoffsRequest[] = [];
  const measured: TradeoffsRequest[] = [];
  const engine: TradeoffsEngine = {
    figures: async (q) => {
      asked.push(q);
      return tradeoffsFigures(defaultParams(q.steps, q), q);
    },
    timings: async (q) => {
      measured.push(q);
      return tradeoffsTimings(defaultParams(q.steps, q), q.outputs, 0.2, 0.2);
    },
  };
  return { engine, asked, measured };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  useLab.setState(useLab.getInitialState(), true);
  vi.useRealTimers();
});

describe('the section’s wiring', () => {
  it('asks for the figures at once and on every lever or chain change, and measures once the chain rests', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine, asked, measured } = fakeEngine();
    const stop = startTradeoffs(useLab, engine);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toMatchObject({ steps: 40, window: 10, outputs: 5 });
    expect(useLab.getState().tradeoffs?.truncation.tapeNodes).toBe(145);
    expect(useLab.getState().measuring).toBe(true);
    await vi.advanceTimersByTimeAsync(TIMING_DELAY_MS + 10);
    expect(measured).toHaveLength(1);
    expect(useLab.getState().timings?.jacobian.length).toBeGreaterThan(0);
    expect(useLab.getState().measuring).toBe(false);

    useLab.getState().setLever('window', 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)?.window).toBe(3);
    expect(useLab.getState().tradeoffs?.window).toBe(3);
    // a lever does not re-measure; the chain does
    await vi.advanceTimersByTimeAsync(TIMING_DELAY_MS + 10);
    expect(measured).toHaveLength(1);
    useLab.getState().setSetting('c', -0.5);
    await vi.advanceTimersByTimeAsync(TIMING_DELAY_MS + 10);
    expect(asked.at(-1)?.c).toBe(-0.5);
    expect(measured).toHaveLength(2);
    // fused and saved are drawn from the same answer: no new request
    const before = asked.length;
    useLab.getState().setLever('fused', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(before);
    // K and M follow the steps down
    useLab.getState().setSetting('steps', 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked.at(-1)).toMatchObject({ steps: 2, window: 2, outputs: 2 });
    stop();
  });

  it('a failing worker leaves one sentence and the last good figures', async () => {
    let fail = false;
    const { engine } = fakeEngine();
    const stop = startTradeoffs(useLab, {
      ...engine,
      figures: (q) => (fail ? Promise.reject(new Error('boom')) : engine.figures(q)),
    });
    await settle();
    await settle();
    const good = useLab.getState().tradeoffs;
    expect(good).not.toBeNull();
    fail = true;
    useLab.getState().setLever('outputs', 9);
    await settle();
    await settle();
    expect(useLab.getState().tradeoffsFailure).toBe('The section’s worker could not answer: boom');
    expect(useLab.getState().tradeoffs).toBe(good);
    stop();
  });

  it('a long answer says which part the worker is on, a quick one never flashes a word', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine } = fakeEngine();
    // The figures as a worker at T = 1000 sends them: stages while it computes, the answer much later.
    let finish: () => void = () => {};
    const slow: TradeoffsEngine = {
      ...engine,
      figures: (q, onStage) =>
        new Promise((resolve) => {
          onStage?.('the gradient, stopped and full');
          setTimeout(() => onStage?.('the truncation curve, 41 recordings'), STAGE_DELAY_MS / 2);
          setTimeout(() => onStage?.('the Jacobian by forward mode, 82 tangents carried at once'), STAGE_DELAY_MS * 2);
          finish = () => resolve(tradeoffsFigures(defaultParams(q.steps, q), q));
        }),
    };
    const seen: (string | null)[] = [];
    const unsubscribe = useLab.subscribe((s, before) => {
      if (s.tradeoffsStage !== before.tradeoffsStage) seen.push(s.tradeoffsStage);
    });
    const stop = startTradeoffs(useLab, slow);
    await vi.advanceTimersByTimeAsync(STAGE_DELAY_MS - 10);
    expect(useLab.getState().tradeoffsStage).toBeNull();
    await vi.advanceTimersByTimeAsync(20);
    expect(useLab.getState().tradeoffsStage).toBe('the truncation curve, 41 recordings');
    await vi.advanceTimersByTimeAsync(STAGE_DELAY_MS);
    expect(useLab.getState().tradeoffsStage).toBe('the Jacobian by forward mode, 82 tangents carried at once');
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(useLab.getState().tradeoffs).not.toBeNull();
    expect(useLab.getState().tradeoffsStage).toBeNull();
    expect(seen).toEqual(['the truncation curve, 41 recordings', 'the Jacobian by forward mode, 82 tangents carried at once', null]);
    stop();
    unsubscribe();

    // The same stages from a quick answer never reach the store.
    seen.length = 0;
    const quick = startTradeoffs(useLab, {
      ...engine,
      figures: (q, onStage) => {
        onStage?.('the gradient, stopped and full');
        return engine.figures(q);
      },
    });
    await vi.advanceTimersByTimeAsync(STAGE_DELAY_MS * 3);
    expect(useLab.getState().tradeoffs).not.toBeNull();
    expect(seen).toEqual([]);
    quick();
  });
});
