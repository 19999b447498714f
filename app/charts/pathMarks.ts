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

/** A circle of radius r around each point: two half arcs each. */
export function dotsPath(points: readonly Point[], r: number): string {
  let d = '';
  for (const p of points) {
    d += `M${q(p.x - r)},${q(p.y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
  return d;
}

/** An axis-aligned square of side 2·half centred on each point. */
export function squaresPath(points: readonly Point[], half: number): string {
  let d = '';
  for (const p of points) d += `M${q(p.x - half)},${q(p.y - half)}h${2 * half}v${2 * half}h${-2 * half}z`;
  return d;
}
