import { quoteSafely } from '../../../engine/number-text.ts';

/**
 * A value read from the URL as a notice quotes it: in “ ”, cut to `max` characters, and every
 * control character (NUL, a newline) and bidi control (U+202E, U+2066, …) written as `\u{…}`,
 * so a hand-made link cannot reorder or hide the notice's text. The one quoting function of
 * every hash reader's notices: the lab's settings, the levers, the playground, the embed view,
 * the lesson and the unknown keys.
 */
export function quoteForNotice(value: unknown, max = 16): string {
  return `“${quoteSafely(typeof value === 'string' ? value : String(value), max)}”`;
}
