/**
 * Number formatting for the screen: the shared formatter (engine/number-text.ts, which the
 * command line uses too) in its screen style — true minus signs, ∞, a dash for what is missing.
 */
import { formatNumber as formatInStyle, SCREEN_STYLE } from '../../engine/number-text.ts';

export { durationText, formatBytes, formatEps } from '../../engine/number-text.ts';

/** 6.1e-12, 0.135, 81, 1.2e+6 → "1.2e6": at most `digits` significant digits. */
export function formatNumber(x: number | null | undefined, digits = 2): string {
  return formatInStyle(x, digits, SCREEN_STYLE);
}

/** Work units: "2", "81", "2.5". */
export function formatWork(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(2)));
}

/** A ratio like "2.0×". */
export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return `${x.toFixed(x >= 10 ? 0 : 1)}×`;
}

/** Axis tick labels on a log scale: powers of ten as 10⁻⁵, others left out. */
export function formatPowerOfTen(x: number): string {
  const e = Math.round(Math.log10(x));
  if (e === 0) return '1';
  if (e === 1) return '10';
  return `10${superscript(e)}`;
}

const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
};

function superscript(n: number): string {
  return String(n)
    .split('')
    .map((ch) => SUPERSCRIPTS[ch] ?? ch)
    .join('');
}

/** "1 snapshot", "3 snapshots". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
