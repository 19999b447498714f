import type { ScaleLinear, ScaleLogarithmic } from 'd3';
import { formatBytes, formatNumber, formatPowerOfTen } from '../format.ts';

/** One tick: its value, its pixel offset along the axis, and its label. */
export interface Tick {
  value: number;
  offset: number;
  label: string;
}

/**
 * Ticks of a log scale at powers of ten only, thinned to every 2nd, 3rd, … decade so that at
 * most `maxTicks` remain (the thinning keeps 10⁰ on the grid when it is in the domain).
 */
export function logTicks(scale: ScaleLogarithmic<number, number>, maxTicks: number): Tick[] {
  const [d0, d1] = scale.domain();
  const lo = Math.ceil(Math.log10(Math.min(d0, d1)) - 1e-9);
  const hi = Math.floor(Math.log10(Math.max(d0, d1)) + 1e-9);
  const decades = hi - lo + 1;
  if (decades <= 0) return [];
  const every = Math.max(1, Math.ceil(decades / Math.max(1, maxTicks)));
  const ticks: Tick[] = [];
  for (let e = lo; e <= hi; e++) {
    if (((e % every) + every) % every !== 0) continue;
    const value = Number(`1e${e}`);
    ticks.push({ value, offset: scale(value), label: formatPowerOfTen(value) });
  }
  return ticks;
}

/** Ticks of a linear scale, d3's nice values, at most about `count` of them. */
export function linearTicks(
  scale: ScaleLinear<number, number>,
  count: number,
  format: (x: number) => string = (x) => formatNumber(x, 3),
): Tick[] {
  return scale.ticks(Math.max(2, count)).map((value) => ({ value, offset: scale(value), label: format(value) }));
}

/** Ticks of a log scale over a short range (a few decades): 1-2-5 values, labelled in full. */
export function logTicks125(scale: ScaleLogarithmic<number, number>, maxTicks: number): Tick[] {
  const [d0, d1] = scale.domain();
  const lo = Math.min(d0, d1);
  const hi = Math.max(d0, d1);
  const candidates: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) candidates.push(m * 10 ** e);
  }
  let values = candidates.filter((v) => v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9));
  if (values.length > maxTicks) values = values.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  // Still too many: every second, third … power of ten, always from the first.
  for (let every = 2; values.length > Math.max(2, maxTicks); every++) {
    const powers = candidates.filter((v) => v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
    values = powers.filter((_, i) => i % every === 0);
  }
  return values.map((value) => ({ value, offset: scale(value), label: countLabel(value) }));
}

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * A tick label in one format along the whole axis: 1, 20, 500, then 1k, 20k, 100k, 1m for the
 * thousands and millions (never 1e5 beside 50000); values below 1 as the screen writes numbers.
 */
export function countLabel(value: number): string {
  if (value >= 1000 && Number.isInteger(value)) return COMPACT.format(value).toLowerCase();
  return formatNumber(value, 3);
}

/**
 * Ticks of a log scale of bytes at powers of two, labelled as the figures beside them are
 * (512 B, 1 KiB, 16 KiB, 1 MiB), thinned to every 2nd, 4th, … power so at most `maxTicks` remain.
 */
export function byteTicks(scale: ScaleLogarithmic<number, number>, maxTicks: number): Tick[] {
  const [d0, d1] = scale.domain();
  const lo = Math.ceil(Math.log2(Math.max(1, Math.min(d0, d1))) - 1e-9);
  const hi = Math.floor(Math.log2(Math.max(d0, d1)) + 1e-9);
  if (hi < lo) return [];
  let every = 1;
  while ((hi - lo) / every + 1 > Math.max(1, maxTicks)) every *= 2;
  const ticks: Tick[] = [];
  for (let e = lo; e <= hi; e++) {
    if (e % every !== 0) continue;
    const value = 2 ** e;
    ticks.push({ value, offset: scale(value), label: formatBytes(value).replace('.0 ', ' ') });
  }
  return ticks;
}
