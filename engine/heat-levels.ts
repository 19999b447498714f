/**
 * The colour level of every entry of the tangent table, without the colours themselves: the costly
 * half of drawing the heat strip (a logarithm per entry, 80,400 entries at T = 200), kept free of
 * the page (no d3, no DOM) so the lab's worker can do it beside the tangents it has just made. The
 * page then only looks each level up in its theme's palette (heatmap.ts). Done on the main thread,
 * the logarithms cost about half a millisecond a report once compiled, and 10–15 ms in each of the
 * first reports of a drag, before the JIT had compiled the loop.
 */

/** The colour ramp spans the data's decades, but never more than this many. */
export const HEAT_DECADES = 12;

/** A level that draws nothing: zero, NaN, or a direction that cannot have reached x_t yet. */
export const BLANK = 0;
/** The level of an infinite entry (drawn red). */
export const INFINITE = 1;
/** The level of the ramp's first colour: level RAMP_FROM + k is the ramp's k-th of 256 colours. */
export const RAMP_FROM = 2;

/** The tangent table's levels, laid out as the strip's pixels. */
export interface HeatLevels {
  /** Columns: the states t = 0 … T. */
  columns: number;
  /** Rows: the directions j = 0 … P−1. */
  rows: number;
  /** Row-major, rows × columns: BLANK, INFINITE, or RAMP_FROM plus a ramp index 0 … 255. */
  levels: Uint16Array<ArrayBuffer>;
  /** log10 of the smallest and largest magnitude the colour ramp spans. */
  decades: [number, number];
  /** How many entries are NaN or ±∞ (the infinite ones are drawn red, NaN not at all). */
  nonFinite: number;
}

/** The largest and smallest nonzero finite magnitude of some values, and how many are not finite. */
export interface Magnitudes {
  top: number;
  bottom: number;
  nonFinite: number;
}

/** Magnitudes of the values given (more series add to the same range). */
export function magnitudes(...series: ArrayLike<number>[]): Magnitudes {
  let top = 0;
  let bottom = Infinity;
  let nonFinite = 0;
  for (const values of series) {
    for (let i = 0; i < values.length; i++) {
      const m = Math.abs(values[i]);
      if (!Number.isFinite(m)) nonFinite += 1;
      else if (m > 0) {
        if (m > top) top = m;
        if (m < bottom) bottom = m;
      }
    }
  }
  return { top, bottom, nonFinite };
}

/** Where on the ramp a magnitude falls: by log |value| over the decades the ramp spans. */
export interface HeatScale {
  /** log10 of the smallest and largest magnitude the ramp spans (at most HEAT_DECADES apart). */
  decades: [number, number];
  /** ln of the ramp's bottom, and ramp steps per unit of ln: the index is (ln |v| − offset)·scale. */
  offset: number;
  scale: number;
}

/** The scale for entries whose magnitudes are `range`: the whole decades around them, at most HEAT_DECADES. */
export function heatScale(range: Magnitudes): HeatScale {
  const { top, bottom } = range;
  const hi = top === 0 ? 0 : Math.ceil(Math.log10(top) - 1e-9);
  const lo = top === 0 ? -1 : Math.min(hi - 1, Math.max(hi - HEAT_DECADES, Math.floor(Math.log10(bottom) + 1e-9)));
  return { decades: [lo, hi], offset: lo * Math.LN10, scale: 255 / (Math.LN10 * (hi - lo)) };
}

/** The level of one entry: BLANK for zero or NaN, INFINITE for ±∞, else its place on the ramp. */
export function heatLevel(value: number, scale: HeatScale): number {
  const v = Math.abs(value);
  if (!(v > 0)) return BLANK;
  if (v === Infinity) return INFINITE;
  const u = (Math.log(v) - scale.offset) * scale.scale;
  return RAMP_FROM + (u <= 0 ? 0 : u >= 255 ? 255 : (u + 0.5) | 0);
}

/**
 * The levels of the tangent table dx_t/dθ_j ((T+1) × P, row-major by t), with state t along the
 * columns and direction j down the rows. Only the directions that can have reached x_t are read
 * (j < 2t: θ_j belongs to step ⌊j/2⌋, which must come before t); the triangle of the others stays
 * BLANK.
 */
export function heatLevels(tangents: ArrayLike<number>, steps: number): HeatLevels {
  const columns = steps + 1;
  const rows = 2 * steps;
  const range = magnitudes(tangents);
  const scale = heatScale(range);
  const levels = new Uint16Array(columns * rows);
  for (let t = 1; t < columns; t++) {
    const from = t * rows;
    for (let j = 0, last = Math.min(rows, 2 * t); j < last; j++) levels[j * columns + t] = heatLevel(tangents[from + j], scale);
  }
  return { columns, rows, levels, decades: scale.decades, nonFinite: range.nonFinite };
}

/**
 * Levels already worked out, by the tangent table they are of: the worker's come with each report
 * (workers/channel/transfer.ts), and a table drawn again (the theme changed) is not read again.
 * Kept by the array itself, which is sound because a report's tangent table is never written
 * after it is made.
 */
const known = new WeakMap<Float64Array, HeatLevels>();

/** Keeps the levels worked out for a tangent table (the worker's, as its report arrives). */
export function rememberHeatLevels(tangents: Float64Array, levels: HeatLevels): void {
  known.set(tangents, levels);
}

/** The levels of a tangent table: the ones already worked out for it, or worked out now. */
export function tangentLevels(tangents: Float64Array, steps: number): HeatLevels {
  const got = known.get(tangents);
  if (got && got.columns === steps + 1 && got.rows === 2 * steps) return got;
  const made = heatLevels(tangents, steps);
  known.set(tangents, made);
  return made;
}
