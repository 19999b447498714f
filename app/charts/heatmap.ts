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
 * `reuse`, the pixels of this chart's last strip, is cleared and written into when it has the
 * right length: a strip is made on every report while a slider moves, and a fresh 300 kB buffer
 * each time cost more than colouring it (the canvas has copied the last strip's pixels by then).
 */
export function tangentHeat(
  tangents: ArrayLike<number>,
  steps: number,
  ramp: readonly [string, string],
  reuse?: Uint8ClampedArray<ArrayBuffer>,
): HeatStrip {
  const columns = steps + 1;
  const rows = 2 * steps;
  let top = 0;
  let bottom = Infinity;
  for (let i = 0; i < tangents.length; i++) {
    const m = Math.abs(tangents[i]);
    if (Number.isFinite(m) && m > 0) {
      top = Math.max(top, m);
      bottom = Math.min(bottom, m);
    }
  }
  const hi = top === 0 ? 0 : Math.ceil(Math.log10(top) - 1e-9);
  const lo = top === 0 ? -1 : Math.min(hi - 1, Math.max(hi - HEAT_DECADES, Math.floor(Math.log10(bottom) + 1e-9)));
  const palette = paletteOf(ramp);
  const size = columns * rows * 4;
  const pixels = reuse?.length === size ? reuse.fill(0) : new Uint8ClampedArray(size);
  // One 32-bit store per pixel; only the directions that can have reached x_t
  // (j < 2t) are read, so the blank triangle costs nothing. A strip is drawn on every report.
  const words = new Uint32Array(pixels.buffer);
  const scale = 255 / (Math.LN10 * (hi - lo));
  const offset = lo * Math.LN10;
  for (let t = 1; t < columns; t++) {
    const from = t * rows;
    for (let j = 0, last = Math.min(rows, 2 * t); j < last; j++) {
      const v = Math.abs(tangents[from + j]);
      if (!(v > 0)) continue;
      if (v === Infinity) {
        words[j * columns + t] = NON_FINITE;
        continue;
      }
      const u = (Math.log(v) - offset) * scale;
      words[j * columns + t] = palette[u <= 0 ? 0 : u >= 255 ? 255 : (u + 0.5) | 0];
    }
  }
  return { columns, rows, pixels, decades: [lo, hi] };
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
