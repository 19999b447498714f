import { createContext, useContext } from 'react';
import { useLab } from '../../state/store/index.ts';
import type { TapeSlice } from './tapeSlice.ts';
import type { ShownView } from '../../ui/tape/model.ts';

/** What the tape's player, graph and table read and do: one tape and where the player stands on it. */
export type PlayerState = Pick<
  TapeSlice,
  | 'tapeFailure'
  | 'tapeLoading'
  | 'position'
  | 'playing'
  | 'speed'
  | 'overwrite'
  | 'selected'
  | 'seek'
  | 'stepBy'
  | 'setPlaying'
  | 'togglePlay'
  | 'setSpeed'
  | 'setOverwrite'
  | 'select'
> & { tape: ShownView | null };

/** A store the tape components can run on: a selector hook that also has getState(). */
export interface PlayerStore {
  <T>(selector: (state: PlayerState) => T): T;
  getState(): PlayerState;
}

/**
 * The player the tape components inside are bound to. The chain's tape section uses the page's
 * store (the default); the expression playground provides a player of its own.
 */
export const PlayerContext = createContext<PlayerStore>(useLab);

/** The player of the tape being drawn. */
export function usePlayer(): PlayerStore {
  return useContext(PlayerContext);
}

/**
 * What the tape being drawn is of, when the page shows more than one ("the expression"): it
 * names the table's region, so each landmark on the page has a name of its own. Null for the chain.
 */
export const TapeSubjectContext = createContext<string | null>(null);
