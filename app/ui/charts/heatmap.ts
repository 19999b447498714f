import { interpolateLab } from 'd3';
import { BLANK, heatLevel, heatScale, INFINITE, RAMP_FROM, tangentLevels, type HeatLevels, type HeatScale, type Magnitudes } from '../../../engine/heat-levels.ts';

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

export { magnitudes, type Magnitudes } from '../../../engine/heat-levels.ts';

/** The two ends of the colour ramp (small, large magnitude) for each theme. */
export const HEAT_RAMPS = {
  light: ['#fdebd8', '#8a2c06'],
  dark: ['#4a2410', '#ffc48a'],
} as const;

/**
 * Paints the tangent table dx_t/dθ_j ((T+1) × P, row-major by t), coloured by log10 |value|, with
 * state t along the columns and direction j down the rows, so the blank triangle of directions
 * that cannot yet have influenced x_t (θ_j belongs to step ⌊j/2⌋ ≥ t) stays empty. Its levels
 * (engine/heat-levels.ts) are usually the worker's, made with the report; only the palette is looked up here.
 *
 * `reuse`, the pixels of this chart's last strip, is written into when its buffer is large enough:
 * a strip is made on every report while a slider moves, and a fresh 300 kB buffer each time cost
 * more than colouring it (the canvas has copied the last strip's pixels by then). A new buffer gets
 * a quarter more room than it needs, so dragging the steps up reuses it too.
 */
export function tangentHeat(
  tangents: Float64Array,
  steps: number,
  ramp: readonly [string, string],
  reuse?: Uint8ClampedArray<ArrayBuffer>,
): HeatStrip {
  return paintHeat(tangentLevels(tangents, steps), ramp, reuse);
}

/** The strip's pixels: each level's colour in the ramp's palette (every pixel written, blank ones too). */
function paintHeat(heat: HeatLevels, ramp: readonly [string, string], reuse?: Uint8ClampedArray<ArrayBuffer>): HeatStrip {
  const { columns, rows, levels } = heat;
  const size = columns * rows * 4;
  const buffer = reuse && reuse.buffer.byteLength >= size ? reuse.buffer : new ArrayBuffer(Math.ceil(size * 1.25));
  const pixels = new Uint8ClampedArray(buffer, 0, size);
  const words = new Uint32Array(buffer, 0, size / 4);
  const colourOf = levelWords(ramp);
  for (let k = 0; k < levels.length; k++) words[k] = colourOf[levels[k]];
  return { columns, rows, pixels, decades: heat.decades, nonFinite: heat.nonFinite };
}

/** How a strip colours an entry: its level (by log |value| over the decades), then that level's colour. */
export interface HeatColours extends HeatScale {
  /** The colour of each level, as an RGBA word (levelWords). */
  words: Uint32Array;
}

/** The colouring of entries whose magnitudes are `range`: the whole decades around them, at most HEAT_DECADES. */
export function heatColours(range: Magnitudes, ramp: readonly [string, string]): HeatColours {
  return { ...heatScale(range), words: levelWords(ramp) };
}

/** The RGBA word of one entry: 0 (transparent) for zero or NaN, red for ±∞, else its ramp colour. */
export function heatWord(value: number, colours: HeatColours): number {
  return colours.words[heatLevel(value, colours)];
}

/** The pixel of an entry that is not finite, as one RGBA word: opaque red. */
const NON_FINITE = rgbaWord(220, 0, 0);

/** Each ramp's level colours (levelWords), by its two ends. */
const palettes = new Map<string, Uint32Array>();

/**
 * The colour of each level as an RGBA word: transparent for BLANK, red for INFINITE, then the
 * ramp's 256 opaque colours. Computed once per ramp (a strip is drawn per report).
 */
function levelWords(ramp: readonly [string, string]): Uint32Array {
  const key = `${ramp[0]} ${ramp[1]}`;
  let words = palettes.get(key);
  if (!words) {
    const colour = interpolateLab(ramp[0], ramp[1]);
    words = new Uint32Array(RAMP_FROM + 256);
    words[BLANK] = 0;
    words[INFINITE] = NON_FINITE;
    for (let k = 0; k < 256; k++) words[RAMP_FROM + k] = rgbaWord(...parseRgb(colour(k / 255)));
    palettes.set(key, words);
  }
  return words;
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
