import { openChannel } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import type { PlaygroundOutcome } from '../../engine/expr/playground.ts';
import type { ExpressionPreset } from '../../engine/expr/presets.ts';
import type { ExprSecondOrder } from '../../engine/second-order/expr-check.ts';
import type { ExprEvaluator, ExprWorkerApi, SecondOrderRequest } from './protocol.ts';

/** The playground's worker: started when the playground first asks, shared by every mount after, restarted after a fault. */
const channel = openChannel({
  spawn: () =>
    comlinkWorker<ExprWorkerApi>(new Worker(new URL('./expr.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-expressions' })),
});

export const exprEngine: ExprEvaluator & { presets(): Promise<ExpressionPreset[]>; secondOrder(request: SecondOrderRequest): Promise<ExprSecondOrder> } = {
  evaluate: (request) => channel.call(({ remote }) => remote.evaluate(request) as Promise<PlaygroundOutcome>),
  presets: () => channel.call(({ remote }) => remote.presets()),
  secondOrder: (request) => channel.call(({ remote }) => remote.secondOrder(request)),
};
