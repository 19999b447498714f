import type { HashPart } from '../../state/url/part.ts';
import { quoteForNotice } from '../../state/url/quoteForNotice.ts';
import { bugOf, BUGS, type BugKey } from './names.ts';

/** `bug=NAME`: the bug switched on in "Bugs you will meet" (none when absent). */
export const BUGS_KEYS = ['bug'] as const;

/** The bug switched on, from its raw hash value: an unknown name switches none on, with a notice. */
export function readBug(raw: string | undefined): { value: BugKey | null; notices: string[] } {
  if (raw === undefined || raw === '') return { value: null, notices: [] };
  const bug = bugOf(raw.trim());
  if (bug) return { value: bug, notices: [] };
  return { value: null, notices: [`Bug: ${quoteForNotice(raw, 24)} is not one of ${BUGS.map((b) => b.name).join(', ')}, so none is switched on.`] };
}

/** The section's part of the URL hash (app/state/url/hash.ts). */
export const bugsHashPart: HashPart<BugKey | null> = {
  keys: BUGS_KEYS,
  raw: 'decoded',
  read: (raw) => readBug(raw.bug),
  write: (bug) => (bug ? `bug=${bug}` : ''),
};
