import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_SPEED } from '../tape/tapeSlice.ts';
import type { ShownView } from '../../ui/tape/model.ts';
import type { PlayerState } from '../tape/player.ts';
import { playerActions } from '../tape/playerActions.ts';
import { carryPosition, timelineOf } from '../../ui/tape/timeline.ts';

/** The expression's player: its tape, and where the player stands on it. */
export interface ExprPlayerState extends PlayerState {
  /** Shows a new tape: a first one opens at the end of the sweep, a later one keeps the place it can. */
  showTape: (tape: ShownView) => void;
}

/** The expression player as a hook with getState(), like the page's store; it runs the tape components (a PlayerStore). */
export interface ExprPlayer {
  <T>(selector: (state: ExprPlayerState) => T): T;
  getState(): ExprPlayerState;
  setState(partial: Partial<ExprPlayerState>): void;
}

/**
 * A player of its own for the playground's tape, with the same behaviour as the chain's
 * (app/sections/tape/tapeSlice.ts), so the tape components run on it unchanged.
 */
export function createExprPlayer(): ExprPlayer {
  const store = createStore<ExprPlayerState>()((set, get) => ({
    tape: null,
    tapeFailure: null,
    tapeLoading: false,
    position: 0,
    playing: false,
    speed: DEFAULT_SPEED,
    overwrite: false,
    selected: -1,
    showTape: (tape) => {
      const { tape: old, position, selected } = get();
      const next = timelineOf(tape);
      set({
        tape,
        // The expression's gradient is on screen already, so its first tape shows the finished sweep.
        position: old ? carryPosition(timelineOf(old), position, next) : next.end,
        selected: selected < tape.length ? selected : -1,
      });
    },
    ...playerActions(get, set),
  }));
  const useExprPlayer = <T,>(selector: (state: ExprPlayerState) => T): T => {
    const read = () => selector(store.getState());
    return useSyncExternalStore(store.subscribe, read, read);
  };
  return Object.assign(useExprPlayer, { getState: store.getState, setState: (partial: Partial<ExprPlayerState>) => store.setState(partial) });
}
