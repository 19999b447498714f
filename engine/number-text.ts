/**
 * Numbers as text, one way for the screen and the command line: one formatter with two styles,
 * and the one reader of a decimal number that links and options share. Imports nothing.
 */

/** How a style writes what the shared rules leave open. */
export interface NumberStyle {
  /** Significant digits at least, for 1e-3 ≤ |x| < 1e5 (the caller's digits when larger). */
  minMidDigits: number;
  /** Whole numbers below this size are written out in full. */
  wholeBelow: number;
  /** Whole numbers grouped by thousands (1,400,000). */
  group: boolean;
  /** The minus sign: U+2212 on screen, '-' where the text is read back by programs. */
  minus: string;
  /** NaN, ±Infinity and a missing value. */
  nan: string;
  infinity: string;
  missing: string;
}

/** The screen: true minus signs, ∞, at most 5-digit whole numbers before exponent form. */
export const SCREEN_STYLE: NumberStyle = { minMidDigits: 3, wholeBelow: 1e5, group: false, minus: '\u2212', nan: '—', infinity: '∞', missing: '—' };

/** The terminal: ASCII minus, grouped counts up to a billion, NaN and Infinity by name. */
export const TERMINAL_STYLE: NumberStyle = { minMidDigits: 1, wholeBelow: 1e9, group: true, minus: '-', nan: 'NaN', infinity: 'Infinity', missing: '—' };

/**
 * 6.1e-12, 0.135, 81, 1.2e6: short, with at most `digits` significant digits in exponent form and
 * exact where the number is a count.
 */
export function formatNumber(x: number | null | undefined, digits: number, style: NumberStyle): string {
  if (x === null || x === undefined) return style.missing;
  if (Number.isNaN(x)) return style.nan;
  if (!Number.isFinite(x)) return x > 0 ? style.infinity : `${style.minus}${style.infinity}`;
  if (x === 0) return '0';
  const ax = Math.abs(x);
  let text: string;
  if (Number.isInteger(x) && ax < style.wholeBelow) text = style.group ? x.toLocaleString('en-US') : String(x);
  else if (ax >= 1e-3 && ax < 1e5) text = String(Number(x.toPrecision(Math.max(digits, style.minMidDigits))));
  else text = trimExponent(x.toExponential(digits - 1));
  return text.replace(/^-/, style.minus);
}

/** "1e-5", "1.8e-7": an epsilon in exponent form with at most two significant digits. */
export function formatEps(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return trimExponent(x.toExponential(1));
}

/** Bytes as "680 B", "27.3 KiB", "1.2 MiB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

/** "1.0e-5" → "1e-5", "1.50e-5" → "1.5e-5", "1.2e+6" → "1.2e6". */
export function trimExponent(text: string): string {
  return text.replace(/\.0+e/, 'e').replace(/(\.\d*?)0+e/, '$1e').replace('e+', 'e');
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a plain decimal number ("0.35", "-1", "1e-5", " 40 "); anything else (hex 0x10, octal
 * 0o7, binary 0b1, "", "Infinity", "1,5") is NaN. A decimal too large for a double is ±Infinity.
 */
export function parseDecimal(text: string): number {
  return DECIMAL.test(text.trim()) ? Number(text.trim()) : NaN;
}

/**
 * A value from outside, safe to quote in a one-line message: control characters (NUL, newline,
 * escape…) and the bidirectional controls that reorder what follows are written as \u{…}
 * escapes, and the whole is cut to `max` characters with an ellipsis.
 */
export function quoteSafely(text: string, max = 80): string {
  const chars = Array.from(text);
  const cut = chars.length > max ? chars.slice(0, max) : chars;
  const safe = cut.map((ch) => (UNSAFE.test(ch) ? `\\u{${ch.codePointAt(0)!.toString(16)}}` : ch)).join('');
  return chars.length > max ? `${safe}…` : safe;
}

/** C0 and C1 controls, DEL, and the bidi embeddings, overrides, isolates and marks. */
const UNSAFE = /^[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]$/;

/** "≈ 40 ms", "≈ 2.5 s", "≈ 9 min", "≈ 3.1 h": an estimated duration in one unit. */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms)) return '≈ ?';
  const round = (x: number) => (x >= 10 ? String(Math.round(x)) : x.toFixed(1).replace(/\.0$/, ''));
  if (ms < 1000) return `≈ ${round(ms)} ms`;
  if (ms < 60_000) return `≈ ${round(ms / 1000)} s`;
  if (ms < 3_600_000) return `≈ ${round(ms / 60_000)} min`;
  return `≈ ${round(ms / 3_600_000)} h`;
}

/**
 * One character (a code point, or a lone surrogate) as the playground shows it: printable ones
 * as they are, controls, format characters (U+202E, U+200B…), line separators and lone
 * surrogates as a \u{…} escape, so none can hide or reorder the text around it.
 */
export function shownChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) || /\p{Cc}|\p{Cf}|\p{Zl}|\p{Zp}|\p{Cs}/u.test(ch)) {
    return `\\u{${cp.toString(16)}}`;
  }
  return ch;
}

/** Source text as the playground echoes it: every character as shownChar shows it. */
export function shownSource(text: string): string {
  return Array.from(text, shownChar).join('');
}
