import type { ChainTapeView } from '../../../engine/tape-view.ts';
import type { LabSettings } from '../../../engine/report.ts';
import { createPump } from '../../../workers/channel/latest.ts';
import { selectSettings, type LabStore } from '../../state/store/index.ts';
import { tapeKeyOf } from './tapeSlice.ts';

/** Anything that records the chain's tape asynchronously: the worker, or a fake in tests. */
export interface TapeSource {
  tape(settings: LabSettings): Promise<ChainTapeView>;
}

/** How long the settings must rest before the tape is recorded again for them. */
export const TAPE_SETTLE_MS = 150;

/**
 * Keeps the tape panel's tape in step with the settings, only while the panel is wanted (it has
 * come on screen). A new tape is asked for once the settings have rested `settleMs`, so while a
 * slider is dragged the worker runs only the other panels' reports; at most one request is in
 * flight (the channel's pump), and when it ends the newest settings are asked for if they differ. Returns a function
 * that undoes the wiring.
 */
export function startTape(store: LabStore, source: TapeSource, settleMs = TAPE_SETTLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failedKey: string | null = null;
  /** Requests for the same settings ended by a restarted worker (asked again up to twice). */
  let restarts = 0;

  const pump = createPump<{ settings: LabSettings; key: string }, ChainTapeView>({
    next() {
      const state = store.getState();
      if (!state.tapeWanted) return null;
      const settings = selectSettings(state);
      const key = tapeKeyOf(settings);
      return key === state.tapeKey || key === failedKey ? null : { settings, key };
    },
    run({ settings }) {
      store.getState().setTapeLoading(true);
      return source.tape(settings);
    },
    answer(tape, { key }) {
      failedKey = null;
      restarts = 0;
      store.getState().receiveTape(tape, key);
    },
    error(error, { key }) {
      // A worker restarted under the request is not the settings' fault: ask again.
      const stopped = error instanceof Error && (error.name === 'EngineStopped' || error.name === 'RunCancelled');
      if (stopped && ++restarts <= 2) return;
      restarts = 0;
      failedKey = key;
      store.getState().setTapeFailure(error instanceof Error ? error.message : String(error));
    },
    settled: () => store.getState().setTapeLoading(false),
  });

  pump.poke();
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.tapeWanted !== previous.tapeWanted) pump.poke();
    else if (tapeKeyOf(state) !== tapeKeyOf(previous)) {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        pump.poke();
      }, settleMs);
    }
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    unsubscribe();
  };
}
