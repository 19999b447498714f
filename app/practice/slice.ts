import type { StateCreator } from 'zustand';
import type { PracticePlace } from './hashPart.ts';

/** The practice problem on screen, read from the hash: null while the page is not practice. */
export interface PracticeSlice {
  practice: PracticePlace | null;
  /** Sentences about a practice link that was corrected on load. */
  practiceNotices: string[];
  setPractice: (place: PracticePlace | null, notices?: string[]) => void;
}

export const createPracticeSlice: StateCreator<PracticeSlice, [], [], PracticeSlice> = (set) => ({
  practice: null,
  practiceNotices: [],
  setPractice: (practice, notices) => set(notices === undefined ? { practice } : { practice, practiceNotices: notices }),
});
