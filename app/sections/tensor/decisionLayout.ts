import { contours, geoPath, geoTransform, scaleLinear } from 'd3';
import type { DecisionGrid } from '../../../engine/tensor/index.ts';
import type { Margin } from '../../ui/charts/frame.ts';
import { linearTicks, type Tick } from '../../ui/charts/ticks.ts';

/** The trained network's P(class 1) on an n×n grid, as the worker sends it. */
export type GridData = DecisionGrid;

export interface DecisionLayout {
  /** Where the image of the grid goes: each pixel centred on its grid point. */
  image: { x: number; y: number; width: number; height: number };
  /** The boundary P = ½ as an SVG path. */
  boundary: string;
  points: { x: number; y: number; label: number }[];
  /** Ticks in the data's own coordinates: x₁ across, x₂ up (offsets in plot pixels). */
  xTicks: Tick[];
  yTicks: Tick[];
  /** The plot's size, inside the margins the axes take. */
  width: number;
  height: number;
}

/** Room around the decision plot for the x₁ axis below and the x₂ axis on the left. */
export const DECISION_MARGIN: Margin = { top: 8, right: 10, bottom: 40, left: 46 };

/** Tick labels: short, with a true minus sign. */
const tickText = (v: number) => String(Math.round(v * 100) / 100).replace('-', '−');

/**
 * The decision region `width` pixels wide, at the data's own aspect ratio (one unit is as long
 * across as up): the image's placement, the boundary P(class 1) = ½ traced by d3's marching
 * squares, and the data points. y grows upward.
 */
export function decisionLayout(grid: GridData, data: { x: Float64Array; labels: Int32Array } | null, width: number): DecisionLayout {
  const { n, xMin, xMax, yMin, yMax } = grid;
  const dx = (xMax - xMin) / Math.max(1, n - 1);
  const dy = (yMax - yMin) / Math.max(1, n - 1);
  // The image covers the grid points' cells: half a cell beyond the first and last point.
  const x0 = xMin - dx / 2;
  const y0 = yMin - dy / 2;
  const scale = width / (n * dx);
  const height = Math.round(n * dy * scale * 10) / 10;
  const px = (x: number) => (x - x0) * scale;
  const py = (y: number) => height - (y - y0) * scale;
  // Contour coordinates u ∈ [0, n] are cell edges (sample c sits at c + ½): u·dx from x0.
  const toScreen = geoTransform({
    point(u: number, v: number) {
      this.stream.point(px(x0 + u * dx), py(y0 + v * dy));
    },
  });
  const [half] = contours().size([n, n]).thresholds([0.5])(Array.from(grid.probability));
  const boundary = half ? (geoPath(toScreen)(half) ?? '') : '';
  const points: DecisionLayout['points'] = [];
  if (data) {
    for (let i = 0; i < data.labels.length; i++) points.push({ x: px(data.x[2 * i]), y: py(data.x[2 * i + 1]), label: data.labels[i] });
  }
  const xScale = scaleLinear().domain([x0, x0 + n * dx]).range([0, width]);
  const yScale = scaleLinear().domain([y0, y0 + n * dy]).range([height, 0]);
  const xTicks = linearTicks(xScale, Math.max(2, Math.floor(width / 70)), tickText);
  const yTicks = linearTicks(yScale, Math.max(2, Math.floor(height / 50)), tickText);
  return { image: { x: 0, y: 0, width, height }, boundary, points, xTicks, yTicks, width, height };
}

/** Class colours as RGB, per theme: teal for class 0, rose for class 1 (no method's colour), and the blend's base. */
export const CLASS_RGB = {
  light: { base: [255, 255, 255], c0: [14, 124, 134], c1: [184, 50, 128] },
  dark: { base: [26, 29, 35], c0: [63, 193, 201], c1: [240, 120, 190] },
} as const;

/**
 * The grid as RGBA pixels, top row first (the largest y): each cell tinted towards its more
 * likely class, the more the surer the network is (white or the dark surface at P = ½).
 */
export function decisionPixels(grid: GridData, scheme: 'light' | 'dark', strength = scheme === 'dark' ? 0.4 : 0.5): Uint8ClampedArray {
  const { n, probability } = grid;
  const { base, c0, c1 } = CLASS_RGB[scheme];
  const out = new Uint8ClampedArray(n * n * 4);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const p = probability[r * n + c];
      const target = p >= 0.5 ? c1 : c0;
      const t = Number.isFinite(p) ? strength * Math.abs(2 * p - 1) : 0;
      const k = 4 * ((n - 1 - r) * n + c);
      for (let j = 0; j < 3; j++) out[k + j] = Math.round(base[j] + (target[j] - base[j]) * t);
      out[k + 3] = 255;
    }
  }
  return out;
}
