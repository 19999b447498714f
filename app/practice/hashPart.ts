import type { PracticeKind, PracticeLevel } from '../../engine/practice/types.ts';
import { readFlag } from '../state/url/flag.ts';
import type { HashPart } from '../state/url/part.ts';
import { quoteForNotice } from '../state/url/quoteForNotice.ts';

/**
 * The practice page's keys in the URL hash: `practice=KIND` (adjoints, rule or bug; `practice`
 * alone is adjoints), `level=L` (1 … 4, default 1), `seed=N` (a whole number from 0 to 2³²−1,
 * default 1) and `pose=1`, presentation mode: the problem posed to a room on a 1920 × 1080
 * stage, its answers hidden until revealed. The same (kind, level, seed) is the same problem as
 * `tape-lab practice --kind KIND --level L --seed N`.
 */

/** One practice problem, and whether it is posed to a room. */
export interface PracticePlace {
  kind: PracticeKind;
  level: PracticeLevel;
  seed: number;
  /** Presentation mode (`pose=1`); absent when off. */
  pose?: boolean;
  /**
   * A learner's own program posed as an adjoints problem (`program=…`, "Practice on this"), the
   * same as `tape-lab practice --program "…"`; level and seed then mean nothing.
   */
  program?: string;
}

/** The longest program a link may pose, in characters (the playground's limit). */
export const MAX_PROGRAM_LENGTH = 2000;

export const PRACTICE_KIND_NAMES: readonly PracticeKind[] = ['adjoints', 'rule', 'bug'];
export const MAX_SEED = 0xffffffff;


/**
 * The place from the raw hash values, or null when there is no `practice` key. Anything
 * unreadable falls back (adjoints, level 1, seed 1; `pose` off) with one notice each, every value
 * quoted through quoteForNotice.
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
  if (readFlag('Pose', raw.pose, notices)) place.pose = true;
  if (raw.program !== undefined) readProgram(raw.program, place, notices);
  return { value: place, notices };
}

/** `program=…`: posed as an adjoints problem; an empty or over-long one is dropped with a notice. */
function readProgram(text: string, place: PracticePlace, notices: string[]): void {
  if (text.trim() === '') notices.push('Practice: the link’s program is empty, so a generated problem is shown.');
  else if (text.length > MAX_PROGRAM_LENGTH) notices.push(`Practice: the link’s program is ${text.length} characters, more than ${MAX_PROGRAM_LENGTH}, so a generated problem is shown.`);
  else {
    if (place.kind !== 'adjoints') notices.push('Practice: a program is posed as an adjoints problem.');
    place.kind = 'adjoints';
    place.program = text;
  }
}

/** `practice=rule&level=2&seed=7` (and `&pose=1`), or '' when the page is not practice. */
export function writePracticePlace(place: PracticePlace | null): string {
  if (!place) return '';
  if (place.program !== undefined && place.kind === 'adjoints') return `practice=adjoints&program=${encodeURIComponent(place.program)}${place.pose ? '&pose=1' : ''}`;
  return `practice=${place.kind}&level=${place.level}&seed=${place.seed}${place.pose ? '&pose=1' : ''}`;
}

export const practiceHashPart: HashPart<PracticePlace | null> = {
  keys: ['practice', 'level', 'seed', 'pose', 'program'],
  raw: 'decoded',
  read: readPracticePlace,
  write: writePracticePlace,
};
