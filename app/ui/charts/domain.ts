/** Helpers that turn data into scale domains. Pure, so the tests pin them down. */

/** Is x usable on a log scale: finite and positive. */
export function positive(x: number): boolean {
  return Number.isFinite(x) && x > 0;
}

/**
 * A log domain covering every positive finite |value|, widened to whole decades and to at least
 * `minDecades` decades, and clipped to [floor, ceiling]. Falls back to [1e-3, 1] with no data.
 */
export function decadeDomain(
  series: ArrayLike<number>[],
  options: { minDecades?: number; floor?: number; ceiling?: number } = {},
): [number, number] {
  const { minDecades = 1, floor = 1e-300, ceiling = 1e300 } = options;
  let lo = Infinity;
  let hi = -Infinity;
  for (const values of series) {
    for (let i = 0; i < values.length; i++) {
      const v = Math.abs(values[i]);
      if (!positive(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo === Infinity) return [1e-3, 1];
  let e0 = Math.floor(Math.log10(Math.max(lo, floor)) + 1e-9);
  let e1 = Math.ceil(Math.log10(Math.min(hi, ceiling)) - 1e-9);
  while (e1 - e0 < minDecades) {
    e0 -= 1;
    if (e1 - e0 < minDecades) e1 += 1;
  }
  return [Number(`1e${e0}`), Number(`1e${e1}`)];
}

/** Clamps x into the closed interval spanned by a domain. */
export function clampTo(x: number, [a, b]: readonly [number, number]): number {
  return Math.min(Math.max(a, b), Math.max(Math.min(a, b), x));
}
