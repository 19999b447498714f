import { parseDecimal } from '../../../engine/number-text.ts';
import { quoteForNotice } from '../../state/url/quoteForNotice.ts';
import type { HashPart } from '../../state/url/part.ts';
import { encodeAt, encodeExpr } from '../../state/url/labLinks.ts';
import { DEFAULT_AT, DEFAULT_SOURCE, MAX_EXPR_LENGTH, MAX_VARIABLES, VALUE_LIMIT, VARIABLE_NAME } from './defaults.ts';

/**
 * The playground in the URL hash: `expr=x*y%20+%20sin(x^2)&at=x:0.5,y:4`.
 *
 * - `expr` is the text of the field, percent-encoded except for the operators a reader wants to
 *   see (`+ ^ / *` and parentheses); a `+` in a link always means plus, never a space.
 * - `at` lists `name:value` pairs, comma-separated, each value the shortest decimal that reads
 *   back as the same double.
 *
 * Both are left out while the playground shows its default, so the chain's links stay as they were.
 */
export const PLAYGROUND_KEYS = ['expr', 'at'] as const;
export type PlaygroundKey = (typeof PLAYGROUND_KEYS)[number];

/** The playground's part of the state, as the hash writes it. */
export interface PlaygroundHashState {
  source: string;
  /** Variables in order of first appearance (the last expression that parsed). */
  variables: readonly string[];
  values: Readonly<Record<string, number>>;
}

/** True when the state is the default: the card's example at (0.5, 4). */
export function isDefaultPlayground(state: PlaygroundHashState): boolean {
  if (state.source !== DEFAULT_SOURCE) return false;
  return Object.keys(DEFAULT_AT).every((name) => Object.hasOwn(state.values, name) && Object.is(state.values[name], DEFAULT_AT[name]));
}

/** The hash's playground part (`expr=…&at=…`, no leading &), or '' at the default. */
export function encodePlayground(state: PlaygroundHashState): string {
  if (isDefaultPlayground(state)) return '';
  const at = encodeAt(state.variables, state.values);
  return `expr=${encodeExpr(state.source)}${at ? `&at=${at}` : ''}`;
}

/** The playground read from a link: what to load, and one sentence per thing corrected. */
export interface DecodedPlayground {
  source: string;
  values: Record<string, number>;
  /** Variables in the order the link listed them. */
  variables: string[];
  /** Whether the link carried an expression of its own (the page then shows the playground). */
  linked: boolean;
  notices: string[];
}


/** Percent-decodes, leaving `+` as plus; null when the escapes are malformed. */
function percentDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Reads the raw (still percent-encoded) `expr` and `at` of a hash. Any input gives a valid
 * state: an unreadable or over-long expression falls back to the card's example, unreadable
 * values are dropped (their variables start at 1), values beyond ±1e6 are clamped, each with a
 * notice. An expression that does not parse is kept: the playground shows its error and column.
 */
export function decodePlayground(raw: Partial<Record<PlaygroundKey, string>>): DecodedPlayground {
  const notices: string[] = [];
  const fallback = (): DecodedPlayground => ({
    source: DEFAULT_SOURCE,
    values: { ...DEFAULT_AT },
    variables: Object.keys(DEFAULT_AT),
    linked: false,
    notices,
  });
  if (raw.expr === undefined) {
    if (raw.at !== undefined) notices.push('Expression: the link gives values (at=…) but no expression, so the starting example is shown.');
    return fallback();
  }
  const source = percentDecode(raw.expr);
  if (source === null) {
    notices.push(`Expression: ${quoteForNotice(raw.expr, 24)} is not valid percent-encoding, so the starting example is shown.`);
    return fallback();
  }
  if (source.trim() === '') {
    notices.push('Expression: the link’s expression is empty, so the starting example is shown.');
    return fallback();
  }
  if (source.length > MAX_EXPR_LENGTH) {
    notices.push(`Expression: the link’s expression is ${source.length} characters, more than ${MAX_EXPR_LENGTH}, so the starting example is shown.`);
    return fallback();
  }
  const { values, variables } = decodeAt(raw.at ?? '', notices);
  return { source, values, variables, linked: true, notices };
}

/** Reads `x:0.5,y:4`, noting every pair it cannot use. */
function decodeAt(raw: string, notices: string[]): { values: Record<string, number>; variables: string[] } {
  const text = percentDecode(raw);
  if (text === null) {
    notices.push(`Values: ${quoteForNotice(raw, 24)} is not valid percent-encoding; every variable starts at 1.`);
    return { values: {}, variables: [] };
  }
  const entries: [string, number][] = [];
  const skipped: string[] = [];
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const colon = pair.indexOf(':');
    const name = (colon < 0 ? pair : pair.slice(0, colon)).trim();
    const value = colon < 0 ? NaN : parseDecimal(pair.slice(colon + 1));
    if (!VARIABLE_NAME.test(name) || name.length > 32) {
      skipped.push(`${quoteForNotice(pair, 24)} (not a variable name)`);
    } else if (entries.some(([n]) => n === name)) {
      skipped.push(`a second value for ${name}`);
    } else if (entries.length >= MAX_VARIABLES) {
      skipped.push(`${name} (more than ${MAX_VARIABLES} variables)`);
    } else if (Number.isNaN(value)) {
      skipped.push(`${name}: ${quoteForNotice(pair.slice(colon + 1), 24)} is not a number`);
    } else {
      const clamped = Math.max(-VALUE_LIMIT, Math.min(VALUE_LIMIT, value));
      if (clamped !== value) notices.push(`Values: ${name} = ${quoteForNotice(pair.slice(colon + 1), 24)} is beyond ±1e6; set to ${clamped}.`);
      entries.push([name, clamped === 0 ? 0 : clamped]);
    }
  }
  if (skipped.length > 0) {
    const more = skipped.length > 3 ? ` and ${skipped.length - 3} more` : '';
    notices.push(`Values: ignored ${skipped.slice(0, 3).join(', ')}${more}; a variable without a value starts at 1.`);
  }
  return { values: Object.fromEntries(entries), variables: entries.map(([n]) => n) };
}

/** The playground's keys in the URL hash (listed in app/state/url/hash.ts); `+` in them stays plus. */
export const playgroundHashPart: HashPart<DecodedPlayground, PlaygroundHashState> = {
  keys: PLAYGROUND_KEYS,
  raw: 'encoded',
  read: (raw) => {
    const decoded = decodePlayground(raw);
    return { value: decoded, notices: decoded.notices };
  },
  write: (state) => encodePlayground(state),
};
