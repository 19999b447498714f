import { formatLessonHash } from '../route.ts';

/** The speaker-notes window's name: N again reuses the window already open. */
export const NOTES_WINDOW = 'tape-lab-notes';

/** Opens (or brings forward) the speaker-notes window at a chapter: `#lesson=<slug>&notes=1`. */
export function openNotes(chapter: number): void {
  const hash = formatLessonHash({ chapter, present: false, notes: true, embed: false });
  const opened = window.open(`${window.location.pathname}${window.location.search}${hash}`, NOTES_WINDOW, 'popup,width=960,height=760');
  opened?.focus();
}
