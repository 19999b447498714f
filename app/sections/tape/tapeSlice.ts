import type { StateCreator } from 'zustand';
import type { ChainTapeView } from '../../../engine/tape-view.ts';
import { playerActions } from './playerActions.ts';
import { carryPosition, timelineOf } from '../../ui/tape/timeline.ts';

/** Speeds of the player, in timeline steps (nodes recorded or sweep events) a second. */
export const SPEEDS = [1, 2, 5, 10, 25, 50, 100] as const;
export const DEFAULT_SPEED = 10;

/** The tape panel: the recorded tape the worker sent, and where the player stands on it. */
export interface TapeSlice {
  /** The chain's tape with its sweeps, or null before the panel first asks for it. */
  tape: ChainTapeView | null;
  /** The settings `tape` was recorded for (steps, c, x₀, target). */
  tapeKey: string | null;
  /** True once the panel has come on screen: only then is a tape recorded. */
  tapeWanted: boolean;
  tapeLoading: boolean;
  tapeFailure: string | null;
  /** The position on the timeline (see app/ui/tape/timeline.ts). */
  position: number;
  playing: boolean;
  /** Timeline steps a second while playing. */
  speed: number;
  /** The pitfall: show the sweep that overwrites adjoints (adj = …) beside the right one. */
  overwrite: boolean;
  /** The node picked in the graph or the table, −1 for none. */
  selected: number;
  receiveTape: (tape: ChainTapeView, key: string) => void;
  setTapeWanted: (wanted: boolean) => void;
  setTapeLoading: (loading: boolean) => void;
  setTapeFailure: (message: string | null) => void;
  /** Moves to a position (clamped); keeps playing only if asked. */
  seek: (position: number, keepPlaying?: boolean) => void;
  /** Steps by `delta` positions and pauses. */
  stepBy: (delta: number) => void;
  setPlaying: (playing: boolean) => void;
  /** Play or pause; playing from the end starts again from the empty tape. */
  togglePlay: () => void;
  setSpeed: (speed: number) => void;
  setOverwrite: (overwrite: boolean) => void;
  select: (node: number) => void;
}

/** The settings a tape depends on, as a key. */
export function tapeKeyOf(s: { steps: number; c: number; x0: number; target: number }): string {
  return `${s.steps}|${s.c}|${s.x0}|${s.target}`;
}

export const createTapeSlice: StateCreator<TapeSlice, [], [], TapeSlice> = (set, get) => ({
  tape: null,
  tapeKey: null,
  tapeWanted: false,
  tapeLoading: false,
  tapeFailure: null,
  position: 0,
  playing: false,
  speed: DEFAULT_SPEED,
  overwrite: false,
  selected: -1,
  receiveTape: (tape, key) => {
    const { tape: old, position, selected } = get();
    const next = timelineOf(tape);
    set({
      tape,
      tapeKey: key,
      tapeFailure: null,
      // A first tape opens at the seed: recorded, ready to sweep.
      position: old ? carryPosition(timelineOf(old), position, next) : next.seed,
      selected: selected < tape.length ? selected : -1,
    });
  },
  setTapeWanted: (tapeWanted) => set({ tapeWanted }),
  setTapeLoading: (tapeLoading) => set({ tapeLoading }),
  setTapeFailure: (tapeFailure) => set({ tapeFailure }),
  ...playerActions(get, set),
});
