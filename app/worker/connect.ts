import * as Comlink from 'comlink';
import type { LabWorkerApi } from '../../workers/lab.worker.ts';
import { createEngineHost, type EngineHost, type EngineInstance } from './engineHost.ts';

/** Starts one engine worker and wraps it with Comlink. */
function spawnEngine(): EngineInstance {
  const worker = new Worker(new URL('../../workers/lab.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tape-lab-engine',
  });
  const remote = Comlink.wrap<LabWorkerApi>(worker);
  return {
    run: (settings, onProgress) => remote.run(settings, Comlink.proxy(onProgress)),
    stop: () => void remote.stop().catch(() => {}),
    tape: (settings) => remote.tape(settings),
    onFault(onFault) {
      let told = false;
      const fault = (reason: string) => {
        if (told) return;
        told = true;
        onFault(reason);
      };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        fault(event.message || 'the worker failed');
      });
      worker.addEventListener('messageerror', () => fault('a message from the worker could not be read'));
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Starts the engine's worker behind a host that restarts it after a fault and can cancel a run.
 * The worker is created at once, so its script is fetched while the page loads and the lab keeps
 * working offline afterwards.
 */
export function connectLabWorker(onRestart?: (reason: string) => void): EngineHost {
  return createEngineHost({ spawn: spawnEngine, onRestart });
}
