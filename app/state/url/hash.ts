import { quoteForNotice } from './quoteForNotice.ts';
import { viewHashPart } from '../../shell/embed/embed.ts';
import { goHashPart } from '../../shell/go/goHashPart.ts';
import { lessonHashPart } from '../../lesson/hashPart.ts';
import { practiceHashPart } from '../../practice/hashPart.ts';
import { playgroundHashPart } from '../../sections/playground/hash.ts';
import { settingsHashPart } from '../settings/hashPart.ts';
import { tradeoffsHashPart } from '../../sections/tradeoffs/hashPart.ts';
import { bugsHashPart } from '../../sections/bugs/hashPart.ts';
import type { AppSettings } from '../settings/schema.ts';
import type { HashPart } from './part.ts';

/**
 * The URL hash: every key it may hold, owned here through one table of parts. Each feature
 * defines its part (keys, read, write) beside its own code and is listed once in HASH_PARTS;
 * the order of the table is the order of the hash. Keys no part owns are ignored with a notice.
 *
 * How a feature registers keys, as the lesson does with `lesson=N` and `present=1`: it defines
 * a HashPart beside its code (app/lesson/hashPart.ts: keys, read, write; any text reads to a
 * valid value with one notice per correction) and adds one row to HASH_PARTS below. Then
 * `readHash(hash).values.lesson` is its value and `hashOf({ …, lesson })` writes it. The "what
 * frameworks hide" section registers `window`, `fused`, `saved` and `outputs` the same way
 * (app/sections/tradeoffs/hashPart.ts).
 */
export const HASH_PARTS = {
  settings: settingsHashPart,
  tradeoffs: tradeoffsHashPart,
  bugs: bugsHashPart,
  playground: playgroundHashPart,
  lesson: lessonHashPart,
  practice: practiceHashPart,
  view: viewHashPart,
  go: goHashPart,
} as const;

type Parts = typeof HASH_PARTS;
export type HashPartName = keyof Parts;

/** What each part reads from a hash. */
export type HashValues = { [N in HashPartName]: Parts[N] extends HashPart<infer R, unknown> ? R : never };

/** What each part writes into a hash. */
export type HashState = { [N in HashPartName]: Parts[N] extends HashPart<unknown, infer W> ? W : never };

const PART_NAMES = Object.keys(HASH_PARTS) as HashPartName[];

/** Which part owns each key (a Map, so a key named `__proto__` is just a key). */
const OWNER = new Map<string, HashPartName>(PART_NAMES.flatMap((name) => HASH_PARTS[name].keys.map((key) => [key, name] as const)));

/** A hash split into each part's raw values, plus the keys no part owns. */
export interface SplitHash {
  raw: Record<HashPartName, Partial<Record<string, string>>>;
  unknown: string[];
}

/** Splits a hash (with or without the leading #) by owner; later copies of a key win. */
export function splitHash(hash: string): SplitHash {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const raw = Object.fromEntries(PART_NAMES.map((name) => [name, Object.create(null)])) as SplitHash['raw'];
  const unknown: string[] = [];
  for (const piece of body.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const key = safeDecode(eq < 0 ? piece : piece.slice(0, eq));
    const owner = OWNER.get(key);
    if (owner === undefined) {
      unknown.push(key);
      continue;
    }
    const text = eq < 0 ? '' : piece.slice(eq + 1);
    raw[owner][key] = HASH_PARTS[owner].raw === 'encoded' ? text : safeDecode(text);
  }
  return { raw, unknown };
}

/** The notice for keys no part owns, or null. */
function unknownNotice(unknown: string[]): string | null {
  if (unknown.length === 0) return null;
  const names = unknown.slice(0, 3).map((k) => quoteForNotice(k));
  const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : '';
  return `Ignored ${unknown.length === 1 ? 'an unknown setting' : 'unknown settings'} ${names.join(', ')}${more}.`;
}

/**
 * The keys of a hash that a page showing one part alone reads nothing from: every other part's
 * keys but `keep`, then the keys no part owns (the lesson and practice each show one part).
 */
export function keysBeside(split: SplitHash, own: HashPartName, keep: readonly string[] = []): string[] {
  const others = PART_NAMES.flatMap((name) => (name === own ? [] : Object.keys(split.raw[name])));
  return [...others.filter((key) => !keep.includes(key)), ...split.unknown];
}

/** "The lesson ignored a setting it does not use: “zz”." for the keys `keysBeside` found, or null. */
export function ignoredNotice(page: string, keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const names = keys.slice(0, 3).map((key) => quoteForNotice(key)).join(', ');
  const more = keys.length > 3 ? ` and ${keys.length - 3} more` : '';
  return `${page} ignored ${keys.length === 1 ? 'a setting it does not use' : 'settings it does not use'}: ${names}${more}.`;
}

/**
 * Reads a whole hash: every part's value, and the notices in the table's order (the settings',
 * the unknown keys', then the other parts'). Any string reads to valid values.
 */
export function readHash(hash: string): { values: HashValues; notices: string[] } {
  const { raw, unknown } = splitHash(hash);
  const notices: string[] = [];
  const values = {} as Record<HashPartName, unknown>;
  for (const name of PART_NAMES) {
    const read = (HASH_PARTS[name] as HashPart<unknown, unknown>).read(raw[name]);
    values[name] = read.value;
    notices.push(...read.notices);
    if (name === 'settings') {
      const note = unknownNotice(unknown);
      if (note) notices.push(note);
    }
  }
  return { values: values as HashValues, notices };
}

/** The whole state as a hash, with the leading #: each part in the table's order, empty parts left out. */
export function hashOf(state: HashState): string {
  const pieces = PART_NAMES.map((name) => (HASH_PARTS[name] as HashPart<unknown, unknown>).write(state[name])).filter((p) => p !== '');
  return `#${pieces.join('&')}`;
}

/** The chain settings' part of a hash (no leading #), as the embed bar shows it. */
export function encodeHash(settings: AppSettings): string {
  return HASH_PARTS.settings.write(settings);
}

/**
 * A hash's chain settings and their notices (the unknown keys' included), with the other parts'
 * raw values beside them, as `splitHash` gives them.
 */
export function decodeHash(hash: string): { settings: AppSettings; notices: string[] } & Omit<SplitHash['raw'], 'settings'> {
  const { raw, unknown } = splitHash(hash);
  const { value, notices } = HASH_PARTS.settings.read(raw.settings);
  const note = unknownNotice(unknown);
  if (note) notices.push(note);
  const { settings: _own, ...others } = raw;
  return { ...others, settings: value, notices };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
