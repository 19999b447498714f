import type { LabReport } from '../../../engine/report.ts';

/**
 * A number as a CSV cell: the shortest text that reads back as the same double; a non-finite
 * value (NaN, ±∞) is an empty cell, the usual spelling of a missing value.
 */
export function csvNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : '';
}

/** Rows of cells as CSV text (RFC 4180: comma-separated, CRLF line ends, quoted where needed). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export const SWEEP_COLUMNS = ['eps', 'rms', 'maxRelative', 'truncation', 'rounding'] as const;

/** The sweep over epsilon: one row per h, with the error against reverse mode and the two model curves. */
export function sweepCsv(report: Pick<LabReport, 'sweep'>): string {
  return toCsv(
    SWEEP_COLUMNS,
    report.sweep.map((p) => SWEEP_COLUMNS.map((k) => csvNumber(p[k]))),
  );
}

export const GRADIENT_COLUMNS = [
  't',
  'reverse_a',
  'reverse_b',
  'forward_a',
  'forward_b',
  'finite_difference_a',
  'finite_difference_b',
  'checkpointed_a',
  'checkpointed_b',
] as const;

/** dL/da_t and dL/db_t by every method, one row per step t. */
export function gradientsCsv(report: Pick<LabReport, 'steps' | 'gradient'>): string {
  const g = report.gradient;
  const methods = [g.reverse, g.forward, g.finiteDifference, g.checkpointed];
  const rows: string[][] = [];
  for (let t = 0; t < report.steps; t++) {
    rows.push([String(t), ...methods.flatMap((m) => [csvNumber(m.a[t]), csvNumber(m.b[t])])]);
  }
  return toCsv(GRADIENT_COLUMNS, rows);
}
