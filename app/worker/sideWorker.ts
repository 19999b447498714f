import * as Comlink from 'comlink';

/** A worker of a panel of its own (the playground's, the tensor panel's), started on first use. */
export interface SideWorker<Api> {
  /**
   * Calls the worker. The promise rejects if the worker fails, or is restarted, before answering;
   * the next call goes to a fresh worker.
   */
  call<T>(fn: (remote: Comlink.Remote<Api>) => Promise<T>): Promise<T>;
  /** Terminates the worker now (ending every call in flight); the next call starts another. */
  restart(reason?: string): void;
}

/**
 * Starts `spawn()`'s worker on the first call and restarts it after a fault. Panels below the
 * fold use one so their engine is fetched only when they come into view, and a long job of
 * theirs never holds up the lab's own worker.
 */
export function sideWorker<Api>(spawn: () => Worker): SideWorker<Api> {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<Api> | null = null;
  const pending = new Set<(error: Error) => void>();

  function stop(reason: string) {
    worker?.terminate();
    worker = null;
    remote = null;
    const calls = [...pending];
    pending.clear();
    for (const reject of calls) reject(new Error(reason));
  }

  function ensure(): Comlink.Remote<Api> {
    if (remote) return remote;
    const fresh = spawn();
    fresh.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === fresh) stop(event.message || 'the worker failed');
    });
    fresh.addEventListener('messageerror', () => {
      if (worker === fresh) stop('a message from the worker could not be read');
    });
    worker = fresh;
    remote = Comlink.wrap<Api>(fresh);
    return remote;
  }

  return {
    call(fn) {
      const r = ensure();
      return new Promise((resolve, reject) => {
        const mine = (error: Error) => reject(error);
        pending.add(mine);
        fn(r).then(
          (value) => {
            if (pending.delete(mine)) resolve(value);
          },
          (error: unknown) => {
            if (pending.delete(mine)) reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    restart(reason = 'the worker was restarted') {
      stop(reason);
    },
  };
}
