/** Two quantities side by side, each bar's length a share of the larger one. */
export interface BarPair {
  label: string;
  /** Display text of each side's value. */
  text: [string, string];
  /** Bar lengths in pixels. */
  length: [number, number];
}

/** One measure of both sides; a null value (not measured yet, or not to be trusted) reads `missing` (default "…"). */
export interface BarRow {
  label: string;
  values: [number | null, number | null];
  format: (x: number) => string;
  missing?: string;
}

/**
 * Bars for pairs of measurements (primitive against fused, saved against recomputed), each pair
 * scaled to its own larger value over `width` pixels. A value that is not finite or not positive
 * gets no bar.
 */
export function barPairs(
  rows: readonly BarRow[],
  width: number,
): BarPair[] {
  return rows.map(({ label, values, format, missing = '…' }) => {
    const ok = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;
    const top = Math.max(...values.filter(ok), 0);
    const length = values.map((v) => (ok(v) && top > 0 ? (v / top) * width : 0)) as [number, number];
    const text = values.map((v) => (v === null ? missing : Number.isFinite(v) ? format(v) : '—')) as [string, string];
    return { label, text, length };
  });
}
