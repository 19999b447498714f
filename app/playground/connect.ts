import type { ExprWorkerApi } from '../../workers/expr.worker.ts';
import { sideWorker } from '../worker/sideWorker.ts';
import type { ExprEvaluator } from './sync.ts';
import type { PlaygroundOutcome } from '../../engine/expr/playground.ts';
import type { ExpressionPreset } from '../../engine/expr/presets.ts';

/** The playground's worker: started when the playground first loads, shared by every mount after. */
const worker = sideWorker<ExprWorkerApi>(
  () => new Worker(new URL('../../workers/expr.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-expressions' }),
);

export const exprEngine: ExprEvaluator & { presets(): Promise<ExpressionPreset[]> } = {
  evaluate: (request) => worker.call((remote) => remote.evaluate(request) as Promise<PlaygroundOutcome>),
  presets: () => worker.call((remote) => remote.presets()),
};
