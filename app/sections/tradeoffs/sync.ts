import type { TradeoffsRequest } from '../../../engine/tradeoffs/index.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import type { TradeoffsEngine } from '../../../workers/tradeoffs/protocol.ts';
import type { LabState, LabStore } from '../../state/store/index.ts';
import { requestLevers } from './levers.ts';

export type { TradeoffsEngine };

/** Milliseconds of timing each Jacobian pair gets in the app (the command line gives 50). */
export const APP_TIMING_BUDGET_MS = 8;
/** Milliseconds for the fusion pair: the fused tape's code needs its warm-up (timed cold it can measure slower). */
export const APP_FUSION_BUDGET_MS = 120;
/** Measure only once the chain settings have rested this long. */
export const TIMING_DELAY_MS = 400;

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
    (q: TradeoffsRequest) => engine.figures(q),
    (answer) => store.getState().receiveTradeoffs(answer),
    (error) => store.getState().receiveTradeoffs(null, `The section’s worker could not answer: ${message(error)}`),
  );
  const timings = latestWins(
    (q: TradeoffsRequest) => engine.timings(q, APP_TIMING_BUDGET_MS, APP_FUSION_BUDGET_MS).then((t) => ({ t, key: timingsKeyOf(q) })),
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
