import * as Comlink from 'comlink';
import { openChannel } from '../channel/channel.ts';
import { comlinkWorker, type ComlinkWorker } from '../channel/comlink.ts';
import { timingTurn } from '../channel/turns.ts';
import type { StageListener, StageMessage, TradeoffsEngine, TradeoffsWorkerApi } from './protocol.ts';

/** One started worker of the section, with the calls' stage listeners by serial. */
interface TradeoffsInstance extends ComlinkWorker<TradeoffsWorkerApi> {
  /** A serial for one call, whose stages go to `onStage` until `done` is called. */
  stages(onStage: StageListener | undefined): { serial: number | undefined; done: () => void };
}

/** Starts the section's worker and gives it the one port its calls' stages come back on. */
function spawnTradeoffs(): TradeoffsInstance {
  const started = comlinkWorker<TradeoffsWorkerApi>(
    new Worker(new URL('./tradeoffs.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-tradeoffs' }),
  );
  // Each call's stages carry its serial, so a late message from a finished call never reaches the next one's listener.
  const listeners = new Map<number, StageListener>();
  let serial = 0;
  const port = new MessageChannel();
  port.port1.onmessage = (event: MessageEvent<StageMessage>) => listeners.get(event.data.serial)?.(event.data.text);
  void started.remote.listen(Comlink.transfer(port.port2, [port.port2])).catch(() => {});
  return {
    ...started,
    stages(onStage) {
      if (!onStage) return { serial: undefined, done: () => {} };
      const mine = ++serial;
      listeners.set(mine, onStage);
      return { serial: mine, done: () => listeners.delete(mine) };
    },
    terminate: () => {
      // The stage port is this worker's alone: closed with it, not left for the collector.
      port.port1.close();
      started.terminate();
    },
  };
}

/**
 * The worker of "What frameworks hide", apart from the lab's so that its timing runs never hold
 * up the sliders above; started on the section's first call and after a fault on the next one.
 */
const channel = openChannel<TradeoffsInstance>({ spawn: spawnTradeoffs });

export const tradeoffsEngine: TradeoffsEngine = {
  figures: (request, onStage) =>
    channel.call((worker) => {
      const { serial, done } = worker.stages(onStage);
      return worker.remote.figures(request, serial).finally(done);
    }),
  // In turn with the lab's own timing (workers/channel/turns.ts): two timing loops at once would each time the other.
  timings: (request, budgetMs, fusionMs, onStage) =>
    timingTurn(() =>
      channel.call((worker) => {
        const { serial, done } = worker.stages(onStage);
        return worker.remote.timings(request, budgetMs, fusionMs, serial).finally(done);
      }),
    ),
};
