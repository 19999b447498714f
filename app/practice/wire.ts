import { ignoredNotice, keysBeside, splitHash } from '../state/url/hash.ts';
import type { LabStore } from '../state/store/index.ts';
import { readPracticePlace, writePracticePlace, type PracticePlace } from './hashPart.ts';

/** The parts of `window` the wiring touches. */
export interface PracticeWindow {
  location: { hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/**
 * The practice place a hash asks for, with its notices; null when the hash is not practice's.
 * Keys practice does not read (another part's, or no part's) get one notice, and the link written
 * back leaves them out.
 */
export function parsePracticeHash(hash: string): { place: PracticePlace; notices: string[] } | null {
  const split = splitHash(hash);
  const { value, notices } = readPracticePlace(split.raw.practice);
  if (!value) return null;
  const ignored = ignoredNotice('Practice', keysBeside(split, 'practice'));
  return { place: value, notices: ignored ? [...notices, ignored] : notices };
}

/** The hash of a practice problem, with the #: `#practice=adjoints&level=2&seed=265` (and `&pose=1`). */
export function practiceHash(place: PracticePlace): string {
  return `#${writePracticePlace(place)}`;
}

/** Which problem a place shows, whether posed or not: `practice=adjoints&level=2&seed=265`. */
export function problemKey(place: PracticePlace): string {
  return writePracticePlace({ kind: place.kind, level: place.level, seed: place.seed, ...(place.program !== undefined ? { program: place.program } : {}) });
}

/**
 * Keeps the store's practice place in step with the hash: `#practice=…` opens the practice page;
 * a corrected link is written back as what is shown. Returns a function that undoes the wiring.
 */
export function startPractice(store: LabStore, host: PracticeWindow): () => void {
  const read = () => {
    const parsed = parsePracticeHash(host.location.hash);
    const state = store.getState();
    if (!parsed) {
      if (state.practice) state.setPractice(null, []);
      return;
    }
    const now = state.practice;
    const same = now && practiceHash(now) === practiceHash(parsed.place);
    if (!same || parsed.notices.length > 0) state.setPractice(parsed.place, parsed.notices);
    const hash = practiceHash(parsed.place);
    if (parsed.notices.length > 0 && host.location.hash !== hash) host.history.replaceState(null, '', hash);
  };
  read();
  host.addEventListener('hashchange', read);
  return () => host.removeEventListener('hashchange', read);
}
