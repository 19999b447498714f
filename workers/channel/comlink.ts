import * as Comlink from 'comlink';
import type { WorkerInstance } from './channel.ts';

/** A started module worker wrapped with Comlink, as the channel needs it. */
export interface ComlinkWorker<Api> extends WorkerInstance {
  remote: Comlink.Remote<Api>;
}

/**
 * Wraps a started worker: its calls go through `remote`, and its faults (an error thrown outside
 * a call, a script that fails to load, a message that cannot be read) are told once.
 */
export function comlinkWorker<Api>(worker: Worker): ComlinkWorker<Api> {
  return {
    remote: Comlink.wrap<Api>(worker),
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
