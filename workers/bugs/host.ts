import { openChannel } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import type { BugsEngine, BugsWorkerApi } from './protocol.ts';

/** The worker of "Bugs you will meet": started on the section's first call and after a fault on the next one. */
const channel = openChannel({
  // The float32 sweep at T = 200 and the 400 training steps take seconds on a slow machine.
  stallMs: 30_000,
  spawn: () => comlinkWorker<BugsWorkerApi>(new Worker(new URL('./bugs.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-bugs' })),
});

export const bugsEngine: BugsEngine = {
  chain: (request) => channel.call(({ remote }) => remote.chain(request)),
  precision: (request, options) => channel.call(({ remote }) => remote.precision(request, options)),
  training: (steps, options) => channel.call(({ remote }) => remote.training(steps, options)),
};
