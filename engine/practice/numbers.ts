/**
 * The numbers of a practice problem: short inputs a student can write down, the four significant
 * digits everything is shown to, and the tolerance an answer is marked with.
 */
import type { Prng } from './prng.ts';

/** An answer is right within 0.5 % of the key or 1e-3, whichever is larger. */
export const RELATIVE_TOLERANCE = 0.005;
export const ABSOLUTE_TOLERANCE = 1e-3;

/** |answer − key| ≤ max(0.5 % · |key|, 1e-3). */
export function withinTolerance(answer: number, key: number): boolean {
  return Math.abs(answer - key) <= Math.max(RELATIVE_TOLERANCE * Math.abs(key), ABSOLUTE_TOLERANCE);
}

/** x rounded to four significant digits (the precision every practice number is shown to). */
export function round4(x: number): number {
  return Number.isFinite(x) && x !== 0 ? Number(x.toPrecision(4)) : x;
}

/** x to four significant digits as text, with a true minus sign unless `ascii`. */
export function show4(x: number, ascii = false): string {
  const text = String(round4(x));
  return ascii ? text : text.replace(/^-/, '\u2212');
}

/**
 * A short input value: ±(0.2 … 2.9) in steps of 0.1 (two significant digits), never 0 or ±1,
 * and positive when `positive`.
 */
export function shortValue(rng: Prng, positive = false): number {
  for (;;) {
    const tenths = rng.int(2, 29);
    if (tenths === 10) continue;
    const sign = positive || rng.chance(0.6) ? 1 : -1;
    return (sign * tenths) / 10;
  }
}
