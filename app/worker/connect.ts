import * as Comlink from 'comlink';
import type { LabWorkerApi } from '../../workers/lab.worker.ts';
import type { LabRunner } from './client.ts';

/**
 * Starts the engine's worker and wraps it. The worker is created at once, so its script is
 * fetched while the page loads and the lab keeps working offline afterwards.
 */
export function connectLabWorker(): LabRunner {
  const worker = new Worker(new URL('../../workers/lab.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tape-lab-engine',
  });
  const remote = Comlink.wrap<LabWorkerApi>(worker);
  return { run: (settings) => remote.run(settings) };
}
