/**
 * Number formatting for the screen: short, fixed-width-friendly, and honest about what is not a
 * finite number.
 */

const MINUS = '\u2212';

function minus(text: string): string {
  return text.replace(/^-/, MINUS);
}

/** "1e-5", "1.8e-7": an epsilon in exponent form with at most two significant digits. */
export function formatEps(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return trimExponent(x.toExponential(1));
}

/** 6.1e-12, 0.135, 81, 1.2e+6 → "1.2e6": at most `digits` significant digits. */
export function formatNumber(x: number | null | undefined, digits = 2): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (x === 0) return '0';
  const ax = Math.abs(x);
  if (ax >= 1e-3 && ax < 1e5) {
    if (Number.isInteger(x)) return minus(String(x));
    return minus(String(Number(x.toPrecision(Math.max(digits, 3)))));
  }
  return minus(trimExponent(x.toExponential(digits - 1)));
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

/** "1.0e-5" → "1e-5", "1.2e+6" → "1.2e6". */
function trimExponent(text: string): string {
  return text.replace(/\.0+e/, 'e').replace(/(\.\d*?)0+e/, '$1e').replace('e+', 'e');
}

/** Axis tick labels on a log scale: powers of ten as 10⁻⁵, others left out. */
export function formatPowerOfTen(x: number): string {
  const e = Math.round(Math.log10(x));
  if (e === 0) return '1';
  if (e === 1) return '10';
  return `10${superscript(e)}`;
}

const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

function superscript(n: number): string {
  return String(n)
    .split('')
    .map((ch) => SUPERSCRIPTS[ch] ?? ch)
    .join('');
}

/** Bytes as "680 B", "27.3 KiB", "1.2 MiB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

/** "1 snapshot", "3 snapshots". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
