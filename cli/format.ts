/** Number formatting for the command line's readable output. */

/** 6.1e-12, 0.1234, 2, 161: short, exact where the number is a count. */
export function fmt(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined) return '—';
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x) && Math.abs(x) < 1e9) return x.toLocaleString('en-US');
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e5) return Number(x.toPrecision(digits)).toString();
  return x
    .toExponential(digits - 1)
    .replace(/\.?0+e/, 'e')
    .replace('e+', 'e');
}

/** Left-aligned first column, right-aligned others. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, j) => Math.max(...rows.map((r) => (r[j] ?? '').length)));
  return rows
    .map((r) => r.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j]))).join('  ').trimEnd())
    .join('\n');
}

/** 680 B, 22.1 KiB, 53.4 MiB. */
export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}
