import { quoteForNotice } from './quoteForNotice.ts';
import { settingsHashPart } from '../settings/hashPart.ts';
import { installedFeatures, selectSettings, type LabState } from '../store/index.ts';
import type { HashPartName, HashValues } from '../store/types.ts';
import type { AppSettings } from '../settings/schema.ts';
import type { HashPart } from './part.ts';

/**
 * The URL hash: every key it may hold, owned through one list of parts: the chain settings' (the
 * core's, app/state/settings/hashPart.ts) first, then each registered feature's, in the registry's
 * order (app/shell/features.ts). The order of the list is the order of the hash. Keys no part owns
 * are ignored with a notice.
 *
 * How a feature registers keys, as the lesson does with `lesson=N` and `present=1`: it defines a
 * HashPart beside its code (app/lesson/hashPart.ts: keys, read, write; any text reads to a valid
 * value with one notice per correction), names it in its record (app/lesson/feature.ts: `hash`) with
 * what it reads in its row of `Features`, and is listed once in the registry. Then
 * `readHash(hash).values.lesson` is its value and `hashOf(state)` writes it.
 */

export type { HashPartName, HashValues } from '../store/types.ts';

interface NamedPart {
  name: HashPartName;
  part: HashPart<unknown, unknown>;
  of: (state: LabState) => unknown;
}

let table: { from: readonly unknown[]; parts: NamedPart[]; owner: Map<string, HashPartName> } | null = null;

/** The parts in the hash's order, and which part owns each key (a Map, so a key named `__proto__` is just a key). */
function partsTable(): { parts: NamedPart[]; owner: Map<string, HashPartName> } {
  const features = installedFeatures();
  if (table?.from === features) return table;
  const parts: NamedPart[] = [
    { name: 'settings', part: settingsHashPart as HashPart<unknown, unknown>, of: (state) => selectSettings(state) },
    ...features.flatMap((f) => (f.hash ? [{ name: f.name as HashPartName, part: f.hash.part, of: f.hash.of }] : [])),
  ];
  const owner = new Map<string, HashPartName>(parts.flatMap(({ name, part }) => part.keys.map((key) => [key, name] as const)));
  table = { from: features, parts, owner };
  return table;
}

/** Every part of the hash, in its order: the settings', then each feature's. */
export function hashParts(): readonly HashPart<unknown, unknown>[] {
  return partsTable().parts.map(({ part }) => part);
}

/** A hash split into each part's raw values, plus the keys no part owns. */
export interface SplitHash {
  raw: Record<HashPartName, Partial<Record<string, string>>>;
  unknown: string[];
}

/** Splits a hash (with or without the leading #) by owner; later copies of a key win. */
export function splitHash(hash: string): SplitHash {
  const { parts, owner: OWNER } = partsTable();
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const raw = Object.fromEntries(parts.map(({ name }) => [name, Object.create(null)])) as SplitHash['raw'];
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
    raw[owner][key] = parts.find((p) => p.name === owner)?.part.raw === 'encoded' ? text : safeDecode(text);
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
  const others = partsTable().parts.flatMap(({ name }) => (name === own ? [] : Object.keys(split.raw[name])));
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
  for (const { name, part } of partsTable().parts) {
    const read = part.read(raw[name]);
    values[name] = read.value;
    notices.push(...read.notices);
    if (name === 'settings') {
      const note = unknownNotice(unknown);
      if (note) notices.push(note);
    }
  }
  return { values: values as HashValues, notices };
}

/**
 * The feature whose page a hash names (the lesson for `#lesson=…`, practice for `#practice=…`): the
 * first with a page (its record's `page`) whose part read a value, or null for the lab.
 */
export function pageOf(values: HashValues): HashPartName | null {
  const named = values as Readonly<Record<string, unknown>>;
  const feature = installedFeatures().find(({ name, page }) => page && named[name] !== null && named[name] !== undefined);
  return feature ? (feature.name as HashPartName) : null;
}

/** The page's state as a hash, with the leading #: each part in the hash's order, empty parts left out. */
export function hashOf(state: LabState): string {
  const pieces = partsTable()
    .parts.map(({ part, of }) => part.write(of(state)))
    .filter((p) => p !== '');
  return `#${pieces.join('&')}`;
}

/** The chain settings' part of a hash (no leading #), as the embed bar shows it. */
export function encodeHash(settings: AppSettings): string {
  return settingsHashPart.write(settings);
}

/**
 * A hash's chain settings and their notices (the unknown keys' included), with the other parts'
 * raw values beside them, as `splitHash` gives them.
 */
export function decodeHash(hash: string): { settings: AppSettings; notices: string[] } & Omit<SplitHash['raw'], 'settings'> {
  const { raw, unknown } = splitHash(hash);
  const { value, notices } = settingsHashPart.read(raw.settings);
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
