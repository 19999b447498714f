import type { PracticeKind, PracticeLevel } from '../../engine/practice/types.ts';
import type { HashPart } from '../state/url/part.ts';
import { quoteForNotice } from '../state/url/quoteForNotice.ts';

/**
 * The practice page's keys in the URL hash: `practice=KIND` (adjoints, rule or bug; `practice`
 * alone is adjoints), `level=L` (1 … 4, default 1) and `seed=N` (a whole number from 0 to
 * 2³²−1, default 1). The same (kind, level, seed) is the same problem as
 * `tape-lab practice --kind KIND --level L --seed N`.
 */

/** One practice problem. */
export interface PracticePlace {
  kind: PracticeKind;
  level: PracticeLevel;
  seed: number;
}

export const PRACTICE_KIND_NAMES: readonly PracticeKind[] = ['adjoints', 'rule', 'bug'];
export const MAX_SEED = 0xffffffff;


/**
 * The place from the raw hash values, or null when there is no `practice` key. Anything
 * unreadable falls back (adjoints, level 1, seed 1) with one notice each.
 */
export function readPracticePlace(raw: Partial<Record<string, string>>): { value: PracticePlace | null; notices: string[] } {
  const notices: string[] = [];
  if (raw.practice === undefined) return { value: null, notices };
  const place: PracticePlace = { kind: 'adjoints', level: 1, seed: 1 };
  const kind = raw.practice.trim();
  if ((PRACTICE_KIND_NAMES as readonly string[]).includes(kind)) place.kind = kind as PracticeKind;
  else if (kind !== '') notices.push(`Practice: ${quoteForNotice(kind)} is not a kind of problem (adjoints, rule, bug), so adjoints are shown.`);
  if (raw.level !== undefined) {
    const text = raw.level.trim();
    if (/^[1-4]$/.test(text)) place.level = Number(text) as PracticeLevel;
    else notices.push(`Practice: level ${quoteForNotice(text)} is not 1, 2, 3 or 4, so level 1 is shown.`);
  }
  if (raw.seed !== undefined) {
    const text = raw.seed.trim();
    const n = Number(text);
    if (/^\d+$/.test(text) && n <= MAX_SEED) place.seed = n;
    else notices.push(`Practice: seed ${quoteForNotice(text)} is not a whole number from 0 to ${MAX_SEED}, so seed 1 is shown.`);
  }
  return { value: place, notices };
}

/** `practice=rule&level=2&seed=7`, or '' when the page is not practice. */
export function writePracticePlace(place: PracticePlace | null): string {
  if (!place) return '';
  return `practice=${place.kind}&level=${place.level}&seed=${place.seed}`;
}

export const practiceHashPart: HashPart<PracticePlace | null> = {
  keys: ['practice', 'level', 'seed'],
  raw: 'decoded',
  read: readPracticePlace,
  write: writePracticePlace,
};
