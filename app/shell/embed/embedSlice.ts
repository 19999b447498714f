import type { StateCreator } from 'zustand';
import type { EmbedView } from './embed.ts';

/** Embed mode (read from the hash): the panels an iframe on a course page shows, or null for the full page. */
export interface EmbedSlice {
  embed: EmbedView | null;
  setEmbed: (embed: EmbedView | null) => void;
}

export const createEmbedSlice: StateCreator<EmbedSlice, [], [], EmbedSlice> = (set) => ({
  embed: null,
  setEmbed: (embed) => set({ embed }),
});
