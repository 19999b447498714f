/**
 * Many equal marks drawn as one SVG path. A chart of a 200-step chain has hundreds of dots; as
 * separate <circle> elements each is a DOM node to create, lay out and paint on every redraw
 * (over a thousand per input when the steps slider moves), as one path they are one.
 */

interface Point {
  x: number;
  y: number;
}

/** Two decimals: well under a pixel, and shorter path strings. */
const q = (v: number) => Math.round(v * 100) / 100;

/**
 * The pixels of a chart already marked, a byte per pixel: `claim` says whether a point lands on a
 * pixel nothing has claimed yet, and claims it. A loop over 100,000 steps asks this for each; a
 * typed array answers in a few nanoseconds where a Set of keys took ten times as long. Points off
 * the chart (a little, from rounding) are clamped to its edge. Worth its allocation only when the
 * points outnumber the chart's columns (`worthThinning`).
 */
export class PixelSet {
  private readonly cells: Uint8Array;
  private readonly width: number;
  private readonly height: number;

  constructor(width: number, height: number) {
    this.width = Math.max(1, Math.ceil(width) + 1);
    this.height = Math.max(1, Math.ceil(height) + 1);
    this.cells = new Uint8Array(this.width * this.height);
  }

  claim(x: number, y: number): boolean {
    const column = Math.min(this.width - 1, Math.max(0, Math.round(x)));
    const row = Math.min(this.height - 1, Math.max(0, Math.round(y)));
    const at = row * this.width + column;
    if (this.cells[at] === 1) return false;
    this.cells[at] = 1;
    return true;
  }
}

/** Whether `points` marks along a chart `width` pixels wide are worth thinning to one per pixel. */
export function worthThinning(points: number, width: number): boolean {
  return points > 4 * width;
}

/**
 * The points that land on distinct pixels: a mark on the same pixel as one already drawn adds
 * nothing that can be seen. A 100,000-step chain has 100,000 dots for a chart a few hundred
 * pixels wide; drawn once per pixel, the path stays a few thousand marks at most.
 */
export function onePerPixel<P extends Point>(points: readonly P[]): P[] {
  const seen = new Set<number>();
  const out: P[] = [];
  for (const p of points) {
    const key = Math.round(p.x) * 65_536 + Math.round(p.y);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** A circle of radius r around each point (one per pixel): two half arcs each. */
export function dotsPath(points: readonly Point[], r: number): string {
  const around = circleFromLeft(r, 0);
  let d = '';
  for (const p of onePerPixel(points)) d += `M${q(p.x - r)},${q(p.y)}${around}`;
  return d;
}

/**
 * The band of a ring of radius r and the given width around each point (one per pixel), as a
 * shape to fill: the outer circle one way round, the inner one the other, so under the nonzero
 * rule each hole is empty and every band shows where rings overlap, as a stroke would. Filling
 * this costs the rasterizer far less than stroking circles: dragging c at T = 200, the drag's
 * raster work fell from 355 to 248 ms (the rings' part from about 180 ms to about 70).
 * A band at least as wide as the ring leaves no hole, and is drawn as a disk.
 */
export function ringsPath(points: readonly Point[], r: number, width: number): string {
  const outer = r + width / 2;
  if (width >= 2 * r) return dotsPath(points, outer);
  // From the outer circle's leftmost point, `m width,0` is the inner circle's.
  const band = `${circleFromLeft(outer, 0)}m${q(width)},0${circleFromLeft(outer - width, 1)}`;
  let d = '';
  for (const p of onePerPixel(points)) d += `M${q(p.x - outer)},${q(p.y)}${band}`;
  return d;
}

/**
 * A whole circle of radius r as two relative half arcs from its leftmost point back to it, drawn
 * counter-clockwise on screen (sweep 0) or clockwise (sweep 1). The same for every mark, so a
 * path of many marks writes only each mark's starting point.
 */
function circleFromLeft(r: number, sweep: 0 | 1): string {
  const radius = q(r);
  return `a${radius},${radius} 0 1,${sweep} ${q(2 * r)},0a${radius},${radius} 0 1,${sweep} ${q(-2 * r)},0`;
}

/** An axis-aligned square of side 2·half centred on each point (one per pixel). */
export function squaresPath(points: readonly Point[], half: number): string {
  let d = '';
  for (const p of onePerPixel(points)) d += `M${q(p.x - half)},${q(p.y - half)}h${2 * half}v${2 * half}h${-2 * half}z`;
  return d;
}

/**
 * A line through n points, broken where `defined` is false, with at most four vertices per pixel
 * column: the first, the lowest, the highest and the last point that fall in it. At a pixel's
 * width nothing else can be seen, so a line through 100,000 steps draws as it would through all
 * of them with a path of a few thousand vertices.
 */
export function columnLine(n: number, xAt: (i: number) => number, yAt: (i: number) => number, defined: (i: number) => boolean): string {
  let d = '';
  let penDown = false;
  let column = NaN;
  // The column's first and last points and its lowest and highest y, as plain numbers: this
  // loop runs once per step (100,000 at the longest chain), so it allocates nothing.
  let firstX = 0;
  let firstY = 0;
  let lastX = 0;
  let lastY = 0;
  let low = 0;
  let high = 0;
  const to = (x: number, y: number) => {
    d += `${penDown ? 'L' : 'M'}${q(x)},${q(y)}`;
    penDown = true;
  };
  const flush = () => {
    if (Number.isNaN(column)) return;
    // First, low, high, last: each drawn unless it repeats the one before.
    to(firstX, firstY);
    if (low !== firstY) to(firstX, low);
    if (high !== low || lastX !== firstX) to(lastX, high);
    if (lastY !== high) to(lastX, lastY);
    column = NaN;
  };
  for (let i = 0; i < n; i++) {
    if (!defined(i)) {
      flush();
      penDown = false;
      continue;
    }
    const x = xAt(i);
    const y = yAt(i);
    const c = Math.round(x);
    if (c !== column) {
      flush();
      column = c;
      firstX = x;
      firstY = y;
      low = y;
      high = y;
    } else {
      if (y < low) low = y;
      if (y > high) high = y;
    }
    lastX = x;
    lastY = y;
  }
  flush();
  return d;
}
