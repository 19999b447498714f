/** Plane geometry for checking a drawn graph: boxes, polylines, crossings. Pure. */

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box by its centre and size. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap && Math.abs(a.y - b.y) < (a.height + b.height) / 2 + gap;
}

/**
 * Whether the segment p–q enters the box shrunk by `inset` on every side (Liang–Barsky clipping).
 * A segment that only grazes the border does not count.
 */
export function segmentHitsBox(p: Point, q: Point, box: Box, inset = 0): boolean {
  const left = box.x - box.width / 2 + inset;
  const right = box.x + box.width / 2 - inset;
  const top = box.y - box.height / 2 + inset;
  const bottom = box.y + box.height / 2 - inset;
  if (left >= right || top >= bottom) return false;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  let t0 = 0;
  let t1 = 1;
  const clip = (denominator: number, numerator: number): boolean => {
    if (denominator === 0) return numerator > 0;
    const t = numerator / denominator;
    if (denominator < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  if (!clip(-dx, p.x - left)) return false;
  if (!clip(dx, right - p.x)) return false;
  if (!clip(-dy, p.y - top)) return false;
  if (!clip(dy, bottom - p.y)) return false;
  // Strictly inside for a stretch, not at one point of the border.
  return t1 - t0 > 1e-9;
}

/** Whether a polyline enters a box (shrunk by `inset`). */
export function polylineHitsBox(points: readonly Point[], box: Box, inset = 0): boolean {
  for (let k = 1; k < points.length; k++) if (segmentHitsBox(points[k - 1], points[k], box, inset)) return true;
  return false;
}

const orient = (a: Point, b: Point, c: Point) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));

/** Whether two segments cross at a point inside both (shared ends and collinear overlaps do not count). */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

/** How many times two polylines cross each other. */
export function polylineCrossings(p: readonly Point[], q: readonly Point[]): number {
  let n = 0;
  for (let i = 1; i < p.length; i++) for (let j = 1; j < q.length; j++) if (segmentsCross(p[i - 1], p[i], q[j - 1], q[j])) n++;
  return n;
}

/** Crossings between every pair of polylines. */
export function countCrossings(lines: readonly (readonly Point[])[]): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) for (let j = 0; j < i; j++) n += polylineCrossings(lines[i], lines[j]);
  return n;
}
