import type { TradeoffsWorkerApi } from '../../workers/tradeoffs.worker.ts';
import { sideWorker } from '../worker/sideWorker.ts';
import type { TradeoffsEngine } from './sync.ts';

/** The section's worker, apart from the lab's so that timing runs never hold up the sliders above. */
const worker = sideWorker<TradeoffsWorkerApi>(
  () => new Worker(new URL('../../workers/tradeoffs.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-tradeoffs' }),
);

export const tradeoffsEngine: TradeoffsEngine = {
  figures: (request) => worker.call((remote) => remote.figures(request)),
  timings: (request, budgetMs, fusionMs) => worker.call((remote) => remote.timings(request, budgetMs, fusionMs)),
};
