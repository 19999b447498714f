import type { TapeView } from '../../../engine/tape-view.ts';
import { clampPosition, stepPosition, timelineOf } from '../../ui/tape/timeline.ts';

/** What the player's moves read: the tape and where the player stands on it. */
interface PlayerPosition {
  tape: Pick<TapeView, 'length' | 'sweep'> | null;
  position: number;
  playing: boolean;
}

/** What they write. */
type PlayerUpdate = Partial<{ position: number; playing: boolean; speed: number; overwrite: boolean; selected: number }>;

/**
 * The player's moves over one timeline (record, then sweep), shared by the chain's tape slice and
 * the playground's own player, so both tapes step, seek and play the same way.
 */
export function playerActions(get: () => PlayerPosition, set: (update: PlayerUpdate) => void) {
  return {
    /** Moves to a position (clamped); keeps playing only if asked. */
    seek: (position: number, keepPlaying = false) => {
      const { tape, playing } = get();
      if (!tape) return;
      set({ position: clampPosition(timelineOf(tape), position), playing: keepPlaying && playing });
    },
    /** Steps by `delta` positions and pauses. */
    stepBy: (delta: number) => {
      const { tape, position } = get();
      if (!tape) return;
      set({ position: stepPosition(timelineOf(tape), position, delta), playing: false });
    },
    setPlaying: (playing: boolean) => set({ playing }),
    /** Play or pause; playing from the end starts again from the empty tape. */
    togglePlay: () => {
      const { tape, playing, position } = get();
      if (!tape) return;
      if (playing) return set({ playing: false });
      set({ playing: true, position: position >= timelineOf(tape).end ? 0 : position });
    },
    setSpeed: (speed: number) => set({ speed }),
    setOverwrite: (overwrite: boolean) => set({ overwrite }),
    select: (selected: number) => set({ selected }),
  };
}
