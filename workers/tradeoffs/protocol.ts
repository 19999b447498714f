import type { TradeoffsFigures, TradeoffsRequest, TradeoffsTimings } from '../../engine/tradeoffs/index.ts';

/** What the section's worker (tradeoffs.worker.ts) answers. */
export interface TradeoffsWorkerApi {
  /** Every count and gradient the four figures draw (about 20 ms at T = 200); typed arrays transferred. */
  figures(request: TradeoffsRequest): TradeoffsFigures;
  /** The fusion and Jacobian times, measured in the worker in alternation: `budgetMs` a Jacobian pair, `fusionMs` the fusion pair. */
  timings(request: TradeoffsRequest, budgetMs: number, fusionMs: number): TradeoffsTimings;
}

/** The section's engine, as the section calls it: its worker's host, or a fake in tests. */
export interface TradeoffsEngine {
  figures(request: TradeoffsRequest): Promise<TradeoffsFigures>;
  timings(request: TradeoffsRequest, budgetMs: number, fusionMs: number): Promise<TradeoffsTimings>;
}
