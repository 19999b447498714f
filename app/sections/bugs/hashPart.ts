import type { HashPart } from '../../state/url/part.ts';
import { bugOf, BUGS, type BugKey } from './names.ts';

/** `bug=NAME`: the bug switched on in "Bugs you will meet" (none when absent). */
export const BUGS_KEYS = ['bug'] as const;

function show(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 24 ? `${clean.slice(0, 24)}…` : clean;
}

/** The bug switched on, from its raw hash value: an unknown name switches none on, with a notice. */
export function readBug(raw: string | undefined): { value: BugKey | null; notices: string[] } {
  if (raw === undefined || raw === '') return { value: null, notices: [] };
  const bug = bugOf(raw.trim());
  if (bug) return { value: bug, notices: [] };
  return { value: null, notices: [`Bug: “${show(raw)}” is not one of ${BUGS.map((b) => b.name).join(', ')}, so none is switched on.`] };
}

/** The section's part of the URL hash (app/state/url/hash.ts). */
export const bugsHashPart: HashPart<BugKey | null> = {
  keys: BUGS_KEYS,
  raw: 'decoded',
  read: (raw) => readBug(raw.bug),
  write: (bug) => (bug ? `bug=${bug}` : ''),
};
