import { interpolateLab } from 'd3';

/** RGBA pixels of the tangent table, one pixel per entry, and the magnitudes the colours span. */
export interface HeatStrip {
  /** Columns: the states t = 0 … T. */
  columns: number;
  /** Rows: the directions j = 0 … P−1. */
  rows: number;
  /** Row-major RGBA, rows × columns × 4; structural zeros are transparent. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
  /** log10 of the smallest and largest magnitude the colour ramp spans. */
  decades: [number, number];
  /** How many entries are NaN or ±∞ (the infinite ones are drawn red, NaN not at all). */
  nonFinite: number;
}

/** The colour ramp spans the data's decades, but never more than this many. */
export const HEAT_DECADES = 12;

/** The two ends of the colour ramp (small, large magnitude) for each theme. */
export const HEAT_RAMPS = {
  light: ['#fdebd8', '#8a2c06'],
  dark: ['#4a2410', '#ffc48a'],
} as const;

/**
 * Colours the tangent table dx_t/dθ_j ((T+1) × P, row-major by t) by log10 |value|, with state t
 * along the columns and direction j down the rows, so the blank triangle of directions that
 * cannot yet have influenced x_t (θ_j belongs to step ⌊j/2⌋ ≥ t) stays empty.
 *
 * `reuse`, the pixels of this chart's last strip, is cleared and written into when its buffer is
 * large enough: a strip is made on every report while a slider moves, and a fresh 300 kB buffer
 * each time cost more than colouring it (the canvas has copied the last strip's pixels by then).
 * A new buffer gets a quarter more room than it needs, so dragging the steps up reuses it too.
 */
export function tangentHeat(
  tangents: ArrayLike<number>,
  steps: number,
  ramp: readonly [string, string],
  reuse?: Uint8ClampedArray<ArrayBuffer>,
): HeatStrip {
  const columns = steps + 1;
  const rows = 2 * steps;
  const range = magnitudes(tangents);
  const colours = heatColours(range, ramp);
  const size = columns * rows * 4;
  const buffer = reuse && reuse.buffer.byteLength >= size ? reuse.buffer : new ArrayBuffer(Math.ceil(size * 1.25));
  const pixels = new Uint8ClampedArray(buffer, 0, size).fill(0);
  // One 32-bit word per pixel; only the directions that can have reached x_t (j < 2t) are read,
  // so the blank triangle costs nothing.
  const words = new Uint32Array(buffer, 0, size / 4);
  for (let t = 1; t < columns; t++) {
    const from = t * rows;
    for (let j = 0, last = Math.min(rows, 2 * t); j < last; j++) {
      const word = heatWord(tangents[from + j], colours);
      if (word !== 0) words[j * columns + t] = word;
    }
  }
  return { columns, rows, pixels, decades: colours.decades, nonFinite: range.nonFinite };
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

/** How a strip colours an entry: by log |value| over the decades its ramp spans. */
export interface HeatColours {
  /** log10 of the smallest and largest magnitude the ramp spans (at most HEAT_DECADES apart). */
  decades: [number, number];
  /** ln of the ramp's bottom, and ramp steps per unit of ln: the index is (ln |v| − offset)·scale. */
  offset: number;
  scale: number;
  /** The ramp's 256 colours as RGBA words. */
  palette: Uint32Array;
}

/** The colouring of entries whose magnitudes are `range`: the whole decades around them, at most HEAT_DECADES. */
export function heatColours(range: Magnitudes, ramp: readonly [string, string]): HeatColours {
  const { top, bottom } = range;
  const hi = top === 0 ? 0 : Math.ceil(Math.log10(top) - 1e-9);
  const lo = top === 0 ? -1 : Math.min(hi - 1, Math.max(hi - HEAT_DECADES, Math.floor(Math.log10(bottom) + 1e-9)));
  return { decades: [lo, hi], offset: lo * Math.LN10, scale: 255 / (Math.LN10 * (hi - lo)), palette: paletteOf(ramp) };
}

/** The RGBA word of one entry: 0 (transparent) for zero or NaN, red for ±∞, else its ramp colour. */
export function heatWord(value: number, colours: HeatColours): number {
  const v = Math.abs(value);
  if (!(v > 0)) return 0;
  if (v === Infinity) return NON_FINITE;
  const u = (Math.log(v) - colours.offset) * colours.scale;
  return colours.palette[u <= 0 ? 0 : u >= 255 ? 255 : (u + 0.5) | 0];
}

/** The pixel of an entry that is not finite, as one RGBA word: opaque red. */
const NON_FINITE = rgbaWord(220, 0, 0);

const palettes = new Map<string, Uint32Array>();

/** The ramp's 256 opaque colours as RGBA words, computed once per ramp (a strip is drawn per report). */
function paletteOf(ramp: readonly [string, string]): Uint32Array {
  const key = `${ramp[0]} ${ramp[1]}`;
  let palette = palettes.get(key);
  if (!palette) {
    const colour = interpolateLab(ramp[0], ramp[1]);
    palette = new Uint32Array(256);
    for (let k = 0; k < 256; k++) palette[k] = rgbaWord(...parseRgb(colour(k / 255)));
    palettes.set(key, palette);
  }
  return palette;
}

/** An opaque colour as the 32-bit word whose bytes in memory are R, G, B, A. */
function rgbaWord(r: number, g: number, b: number): number {
  const bytes = new Uint8ClampedArray([r, g, b, 255]);
  return new Uint32Array(bytes.buffer)[0];
}

/** "rgb(12, 34, 56)" → [12, 34, 56]. */
function parseRgb(text: string): [number, number, number] {
  const m = text.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0'];
  return [Number(m[0]), Number(m[1]), Number(m[2])];
}
