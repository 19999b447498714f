import { quoteForNotice } from './quoteForNotice.ts';

const ON = new Set(['', '1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);

/**
 * Reads a flag the way a link writes it: absent, 0 or "off" is off; present alone, 1 or "on" is
 * on; anything else is off with a notice naming the flag.
 */
export function readFlag(name: string, value: string | undefined, notices: string[]): boolean {
  if (value === undefined) return false;
  const flag = value.trim().toLowerCase();
  if (ON.has(flag)) return true;
  if (!OFF.has(flag)) notices.push(`${name}: ${quoteForNotice(value)} is not 1 or 0, so it is off.`);
  return false;
}
