import type { PracticePlace } from './hashPart.ts';

/**
 * Practice progress, kept in the browser's localStorage (nothing leaves the machine): the seeds
 * solved for each kind and level and the learner's own programs solved, and the streak of problems solved in a row. Pure functions
 * over a Storage-like object, so the tests pass a stand-in.
 */

/** What is kept. */
export interface Progress {
  /**
   * Solved seeds by "kind:level" ("adjoints:2"), each seed once, oldest first; under "program",
   * the learner's own programs solved, each by its `programSeed`.
   */
  solved: Record<string, number[]>;
  /** Problems solved since the last wrong Check. */
  streak: number;
  /** The longest streak so far. */
  best: number;
}

export const PROGRESS_KEY = 'tape-lab-practice';
export const EMPTY_PROGRESS: Progress = { solved: {}, streak: 0, best: 0 };

/** The notice when what was stored could not be read. */
export const BAD_PROGRESS_NOTICE = 'The practice progress stored in this browser could not be read, so it starts afresh.';

/** The part of Storage used here. */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 1e9;
/** A seed, or a program's number: a 32-bit unsigned integer (more than a count's 1e9). */
const isSeed = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 0xffffffff;
const KEY = /^((adjoints|rule|bug):[1-4]|program)$/;

/** Checks stored data: the whole of it or nothing (null). */
export function parseProgress(text: string): Progress | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const { solved, streak, best } = data as Record<string, unknown>;
  if (!isCount(streak) || !isCount(best) || solved === null || typeof solved !== 'object' || Array.isArray(solved)) return null;
  const out: Record<string, number[]> = {};
  for (const [key, seeds] of Object.entries(solved)) {
    if (!KEY.test(key) || !Array.isArray(seeds) || !seeds.every(isSeed)) return null;
    out[key] = [...new Set(seeds as number[])];
  }
  return { solved: out, streak, best: Math.max(best, streak) };
}

/** The stored progress, and a notice when what was stored could not be read (then it is ignored). */
export function loadProgress(storage: ProgressStorage | null): { progress: Progress; notice: string | null } {
  let text: string | null = null;
  try {
    text = storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    return { progress: EMPTY_PROGRESS, notice: null };
  }
  if (text === null) return { progress: EMPTY_PROGRESS, notice: null };
  const progress = parseProgress(text);
  return progress ? { progress, notice: null } : { progress: EMPTY_PROGRESS, notice: BAD_PROGRESS_NOTICE };
}

/**
 * Two copies of the progress as one (two tabs doing practice at once): every seed solved in
 * either (the stored ones first, in their order), the longer best, and the stored streak (the
 * last Check in any tab wrote it).
 */
export function mergeProgress(stored: Progress, mine: Progress): Progress {
  const solved: Record<string, number[]> = {};
  for (const key of new Set([...Object.keys(stored.solved), ...Object.keys(mine.solved)])) {
    solved[key] = [...new Set([...(stored.solved[key] ?? []), ...(mine.solved[key] ?? [])])];
  }
  return { solved, streak: stored.streak, best: Math.max(stored.best, mine.best, stored.streak) };
}

/** The stored text, or null when there is none or the storage refuses. */
function storedText(storage: ProgressStorage | null): string | null {
  try {
    return storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * A Check recorded against what is stored now, not against the copy this tab read at load: the
 * stored progress merged with this tab's (`mine`), then the Check, saved when that changes what
 * is stored. So another tab's solved problems stay. With nothing readable stored (none yet, or
 * storage refused), this tab's copy is the base.
 */
export function recordCheck(storage: ProgressStorage | null, mine: Progress, place: PracticePlace, right: boolean): Progress {
  const text = storedText(storage);
  const stored = text === null ? null : parseProgress(text);
  const next = afterCheck(stored ? mergeProgress(stored, mine) : mine, place, right);
  const nextText = JSON.stringify(next);
  if (nextText !== text && !(text === null && next === EMPTY_PROGRESS)) saveProgress(storage, next);
  return next;
}

/**
 * This tab's progress after another tab changed the stored copy (a `storage` event's new value):
 * removed (Reset progress there) is empty here too; unreadable changes nothing; else the two merged.
 */
export function followStored(newValue: string | null, mine: Progress): Progress {
  if (newValue === null) return EMPTY_PROGRESS;
  const stored = parseProgress(newValue);
  return stored ? mergeProgress(stored, mine) : mine;
}

export function saveProgress(storage: ProgressStorage | null, progress: Progress): void {
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or refused (private mode): progress lasts as long as the page.
  }
}

export function clearProgress(storage: ProgressStorage | null): Progress {
  try {
    storage?.removeItem(PROGRESS_KEY);
  } catch {
    // Nothing to undo.
  }
  return EMPTY_PROGRESS;
}

/** Where the learner's own programs solved are kept in `Progress.solved`. */
export const PROGRAM_PROGRESS_KEY = 'program';

/** The key of a kind and level, or PROGRAM_PROGRESS_KEY for a learner's own program. */
export const progressKey = (p: Pick<PracticePlace, 'kind' | 'level' | 'program'>): string => (p.program !== undefined ? PROGRAM_PROGRESS_KEY : `${p.kind}:${p.level}`);

/**
 * A program's number in the progress: the 32-bit FNV-1a hash of its text (UTF-16 code units),
 * so a solved program is kept in a few bytes whatever its length. Two programs that share a
 * number (about one chance in four billion a pair) would count as one.
 */
export function programSeed(program: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < program.length; i++) h = Math.imul(h ^ program.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The number a place is kept under in its key's list: its seed, or its program's `programSeed`. */
const seedOf = (place: PracticePlace): number => (place.program !== undefined ? programSeed(place.program) : place.seed);

/**
 * The progress after a Check: a right one adds the seed (once) and lengthens the streak unless
 * the seed was already solved; a wrong one ends the streak. A learner's own program counts the
 * same way, under "program".
 */
export function afterCheck(progress: Progress, place: PracticePlace, right: boolean): Progress {
  if (!right) return progress.streak === 0 ? progress : { ...progress, streak: 0 };
  const key = progressKey(place);
  const seed = seedOf(place);
  const seeds = progress.solved[key] ?? [];
  if (seeds.includes(seed)) return progress;
  const streak = progress.streak + 1;
  return { solved: { ...progress.solved, [key]: [...seeds, seed] }, streak, best: Math.max(progress.best, streak) };
}

/** Whether a problem has been solved. */
export function isSolved(progress: Progress, place: PracticePlace): boolean {
  return (progress.solved[progressKey(place)] ?? []).includes(seedOf(place));
}
