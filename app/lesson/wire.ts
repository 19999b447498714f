import type { LabStore } from '../state/store/index.ts';
import { CHAPTER_COUNT } from './chapters/order.ts';
import { formatLessonHash, parseLessonHash, type LessonRoute } from './route.ts';

/** The parts of `window` the wiring touches. */
export interface LessonWindow {
  location: { hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/**
 * Keeps the store's lesson place in step with the hash: `#lesson=…` opens the lesson, any other
 * hash is the lab's. Returns a function that undoes the wiring.
 */
export function startLesson(store: LabStore, host: LessonWindow): () => void {
  const read = () => {
    const parsed = parseLessonHash(host.location.hash, CHAPTER_COUNT);
    const state = store.getState();
    if (!parsed) {
      if (state.lesson) state.setLesson(null, []);
      return;
    }
    if (!state.lesson || formatLessonHash(state.lesson) !== formatLessonHash(parsed.route) || parsed.notices.length > 0) {
      state.setLesson(parsed.route, parsed.notices);
    }
    // A corrected link is written back as what is shown.
    const hash = formatLessonHash(parsed.route);
    if (parsed.notices.length > 0 && host.location.hash !== hash) host.history.replaceState(null, '', hash);
  };
  read();
  host.addEventListener('hashchange', read);
  return () => host.removeEventListener('hashchange', read);
}

/** Goes to a place in the lesson (a new history entry, so Back returns). */
export function goTo(route: LessonRoute): void {
  window.location.hash = formatLessonHash(route);
}
