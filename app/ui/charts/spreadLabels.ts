/**
 * Moves label positions apart so that neighbours are at least `gap` apart, keeping their order
 * and staying within [lo, hi] when there is room. Returns positions in the input's order.
 */
export function spreadLabels(positions: readonly number[], gap: number, lo: number, hi: number): number[] {
  const order = positions.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const placed = order.map((o) => Math.min(hi, Math.max(lo, o.p)));
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k], placed[k - 1] + gap);
  if (placed.length > 0 && placed[placed.length - 1] > hi) {
    placed[placed.length - 1] = hi;
    for (let k = placed.length - 2; k >= 0; k--) placed[k] = Math.min(placed[k], placed[k + 1] - gap);
  }
  const out = new Array<number>(positions.length);
  order.forEach((o, k) => (out[o.i] = placed[k]));
  return out;
}
