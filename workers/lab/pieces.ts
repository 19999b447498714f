import { runSliced } from '../../engine/slicing.ts';

/** A timing given up because a lab run came in while it ran (the worker's `time`). */
export class TimingAbandoned extends Error {
  override name = 'TimingAbandoned';
  constructor() {
    super('the timing was given up: the settings changed while it ran');
  }
}

/**
 * Runs a sliced piece of background work (a generator that yields after each piece) to its end,
 * awaiting `between()` after every piece: the worker's own next task, or the page's word that
 * its main thread is idle. Gives up with TimingAbandoned when `disturbed()` says, before the first
 * piece or after any wait, that the work no longer answers what was asked.
 */
export async function runInPieces<T>(work: Iterator<unknown, T, void>, between: () => Promise<void>, disturbed: () => boolean): Promise<T> {
  const check = () => {
    if (disturbed()) throw new TimingAbandoned();
  };
  check();
  // sliceMs 0: a pause after every piece (each is a timed sample, a few milliseconds or more).
  return runSliced(work, { pause: between, sliceMs: 0, check });
}
