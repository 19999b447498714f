/** Counting what a chart cannot draw: NaN and ±∞ are left out of every path and mark. */

/** How many values of the given series are not finite (null or missing series count nothing). */
export function countNonFinite(...series: (ArrayLike<number> | null | undefined)[]): number {
  let n = 0;
  for (const values of series) {
    if (!values) continue;
    for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) n += 1;
  }
  return n;
}

/** The note a chart shows when it left values out: "3 points not finite, not drawn", or null. */
export function nonFiniteNote(count: number, noun = 'point', fate = 'not drawn', plural = `${noun}s`): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? noun : plural} not finite, ${fate}`;
}
