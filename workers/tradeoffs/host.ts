import { openChannel } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import type { TradeoffsEngine, TradeoffsWorkerApi } from './protocol.ts';

/**
 * The worker of "What frameworks hide", apart from the lab's so that its timing runs never hold
 * up the sliders above; started on the section's first call and after a fault on the next one.
 */
const channel = openChannel({
  spawn: () =>
    comlinkWorker<TradeoffsWorkerApi>(
      new Worker(new URL('./tradeoffs.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-tradeoffs' }),
    ),
});

export const tradeoffsEngine: TradeoffsEngine = {
  figures: (request) => channel.call(({ remote }) => remote.figures(request)),
  timings: (request, budgetMs, fusionMs) => channel.call(({ remote }) => remote.timings(request, budgetMs, fusionMs)),
};
