import { dotsPath, ringsPath } from './pathMarks.ts';

/** The width of a ring's band, as the legend's ring is stroked (`stroke-width` in marks.css). */
const BAND = 1.3;

/**
 * Hollow marks of radius r, one per pixel: a face of the page's surface colour that hides what
 * lies behind, then the band, both filled (see `ringsPath`). `className` is the mark's class, as
 * the legend uses it; its `--ring` property colours the band.
 */
export function RingMarks({ className, points, r }: { className: string; points: readonly { x: number; y: number }[]; r: number }) {
  if (points.length === 0) return null;
  return (
    <g className={`${className} ring-marks`}>
      <path className="ring-face" d={dotsPath(points, r)} />
      <path className="ring-band" d={ringsPath(points, r, BAND)} />
    </g>
  );
}
