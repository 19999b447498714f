import { formatNumber, TERMINAL_STYLE } from '../engine/number-text.ts';

/** The command line's text: numbers in the shared formatter's terminal style, and plain tables. */

/** 6.1e-12, 0.1234, 2, 161, 1,400,000: the shared formatter (engine/number-text.ts) for a terminal. */
export function fmt(x: number | null | undefined, digits = 3): string {
  return formatNumber(x, digits, TERMINAL_STYLE);
}

/** Left-aligned first column, right-aligned others. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, j) => Math.max(...rows.map((r) => (r[j] ?? '').length)));
  return rows
    .map((r) => r.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j]))).join('  ').trimEnd())
    .join('\n');
}

export { formatBytes as fmtBytes } from '../engine/number-text.ts';
