import type { TradeoffsFigures, TradeoffsRequest, TradeoffsTimings } from '../../engine/tradeoffs/index.ts';

/** Hears, in words, each part of a call as it starts ("the truncation curve, 1,001 recordings"). */
export type StageListener = (text: string) => void;

/** What the section's worker (tradeoffs.worker.ts) answers. */
export interface TradeoffsWorkerApi {
  /**
   * Every count and gradient the four figures draw (about 20 ms at T = 200, most of a second at
   * T = 1000); typed arrays transferred. With a `serial`, the port given to `listen` hears each
   * part as it starts.
   */
  figures(request: TradeoffsRequest, serial?: number): TradeoffsFigures;
  /**
   * The fusion and Jacobian times, measured in the worker in alternation: `budgetMs` a Jacobian
   * pair, `fusionMs` the fusion pair. With a `serial`, the port given to `listen` hears each stage.
   */
  timings(request: TradeoffsRequest, budgetMs: number, fusionMs: number, serial?: number): TradeoffsTimings;
  /**
   * The one port for every call's stages, given once per worker: each stage arrives as a message
   * `{ serial, text }` (one port for the worker's life, as the lab's worker has for its progress,
   * rather than a new channel with each call).
   */
  listen(port: MessagePort): void;
}

/** The section's engine, as the section calls it: its worker's host, or a fake in tests. */
export interface TradeoffsEngine {
  figures(request: TradeoffsRequest, onStage?: StageListener): Promise<TradeoffsFigures>;
  timings(request: TradeoffsRequest, budgetMs: number, fusionMs: number, onStage?: StageListener): Promise<TradeoffsTimings>;
}

/** One stage of a call, as the worker posts it on the port given to `listen`. */
export interface StageMessage {
  serial: number;
  text: string;
}
