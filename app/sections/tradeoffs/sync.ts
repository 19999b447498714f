import type { TradeoffsRequest } from '../../../engine/tradeoffs/index.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import type { StageListener, TradeoffsEngine } from '../../../workers/tradeoffs/protocol.ts';
import type { LabState, LabStore } from '../../state/store/index.ts';
import { requestLevers } from './levers.ts';

export type { TradeoffsEngine };

/** Milliseconds of timing each Jacobian pair gets in the app (the command line gives 50). */
export const APP_TIMING_BUDGET_MS = 8;
/** Milliseconds for the fusion pair: the fused tape's code needs its warm-up (timed cold it can measure slower). */
export const APP_FUSION_BUDGET_MS = 120;
/** Measure only once the chain settings have rested this long. */
export const TIMING_DELAY_MS = 400;

/**
 * A call's stages reach the store only once it has run this long: a short call (T = 40 takes a
 * few milliseconds) never flashes a word, a long one (T = 1000) says what it is computing.
 */
export const STAGE_DELAY_MS = 200;

/**
 * Runs `call` with a stage listener that shows each stage through `show` once the call has
 * lasted STAGE_DELAY_MS (the latest one at that moment, then each as it comes), and `null` when
 * it ends.
 */
export function withStages<T>(call: (onStage: StageListener) => Promise<T>, show: (stage: string | null) => void): Promise<T> {
  let latest: string | null = null;
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    if (latest !== null) show(latest);
  }, STAGE_DELAY_MS);
  return call((text) => {
    latest = text;
    if (shown) show(text);
  }).finally(() => {
    clearTimeout(timer);
    if (shown) show(null);
  });
}

/** The request for the chain and levers on screen. */
export function requestOf(state: LabState): TradeoffsRequest {
  const { steps, c, x0, target } = state;
  return { steps, c, x0, target, ...requestLevers(state.levers, steps) };
}

/** The chain settings measured times depend on. */
export function timingsKeyOf(s: Pick<TradeoffsRequest, 'steps' | 'c' | 'x0' | 'target' | 'inputs'>): string {
  return `${s.steps}|${s.c}|${s.x0}|${s.target}|${s.inputs ?? 'all'}`;
}

/** Exact equality of two requests, field by field (the chain's settings and the levers the figures need). */
function sameRequest(a: TradeoffsRequest, b: TradeoffsRequest): boolean {
  return (Object.keys(a) as (keyof TradeoffsRequest)[]).every((k) => Object.is(a[k], b[k]));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Keeps the section's figures in step with the chain's settings and the levers (latest wins, so a
 * slider never builds a queue), and measures times once the chain's settings rest. Returns a
 * function that undoes the wiring.
 */
export function startTradeoffs(store: LabStore, engine: TradeoffsEngine): () => void {
  const figures = latestWins(
    (q: TradeoffsRequest) => withStages((onStage) => engine.figures(q, onStage), store.getState().setTradeoffsStage),
    (answer) => store.getState().receiveTradeoffs(answer),
    (error) => store.getState().receiveTradeoffs(null, `The section’s worker could not answer: ${message(error)}`),
  );
  const timings = latestWins(
    (q: TradeoffsRequest) =>
      withStages((onStage) => engine.timings(q, APP_TIMING_BUDGET_MS, APP_FUSION_BUDGET_MS, onStage), store.getState().setTimingsStage).then(
        (t) => ({ t, key: timingsKeyOf(q) }),
      ),
    ({ t, key }) => store.getState().receiveTimings(t, key),
    (_error, q) => store.getState().receiveTimings(null, timingsKeyOf(q)),
  );
  let timer: ReturnType<typeof setTimeout> | null = null;
  const measureSoon = () => {
    if (timer !== null) clearTimeout(timer);
    store.getState().setMeasuring(true);
    timer = setTimeout(() => {
      timer = null;
      timings.request(requestOf(store.getState()));
    }, TIMING_DELAY_MS);
  };
  let last = requestOf(store.getState());
  figures.request(last);
  measureSoon();
  const unsubscribe = store.subscribe((state) => {
    const next = requestOf(state);
    if (sameRequest(next, last)) return;
    const chainMoved = timingsKeyOf(next) !== timingsKeyOf(last);
    last = next;
    figures.request(next);
    if (chainMoved) measureSoon();
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
