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
 */
export function tangentHeat(
  tangents: ArrayLike<number>,
  steps: number,
  ramp: readonly [string, string],
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
  const pixels = new Uint8ClampedArray(columns * rows * 4);
  for (let t = 0; t < columns; t++) {
    for (let j = 0; j < rows; j++) {
      const v = Math.abs(tangents[t * rows + j]);
      const p = 4 * (j * columns + t);
      if (!(v > 0)) continue;
      if (!Number.isFinite(v)) {
        pixels[p] = 220;
        pixels[p + 3] = 255;
        continue;
      }
      const u = Math.min(1, Math.max(0, (Math.log10(v) - lo) / (hi - lo)));
      const k = Math.round(u * 255);
      pixels[p] = palette[3 * k];
      pixels[p + 1] = palette[3 * k + 1];
      pixels[p + 2] = palette[3 * k + 2];
      pixels[p + 3] = 255;
    }
  }
  return { columns, rows, pixels, decades: [lo, hi] };
}

const palettes = new Map<string, Uint8Array>();

/** The ramp's 256 colours as RGB bytes, computed once per ramp (a strip is drawn per report). */
function paletteOf(ramp: readonly [string, string]): Uint8Array {
  const key = `${ramp[0]} ${ramp[1]}`;
  let palette = palettes.get(key);
  if (!palette) {
    const colour = interpolateLab(ramp[0], ramp[1]);
    palette = new Uint8Array(256 * 3);
    for (let k = 0; k < 256; k++) palette.set(parseRgb(colour(k / 255)), 3 * k);
    palettes.set(key, palette);
  }
  return palette;
}

/** "rgb(12, 34, 56)" → [12, 34, 56]. */
function parseRgb(text: string): [number, number, number] {
  const m = text.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0'];
  return [Number(m[0]), Number(m[1]), Number(m[2])];
}
