/**
 * The arithmetic of a control drawn on a chart: a marker dragged along an axis, or a point chosen
 * among many. Pure functions, so the three chart controls (the epsilon marker, the steps marker,
 * the frontier's points) move the same way and a test can check them without a browser.
 *
 * A control has a value (h, T, …) and a position: the number its keys step in. For a log
 * control the position is log10 of the value, so one arrow press is the same ratio anywhere.
 */

/** A d3 scale from value to pixel along the control's axis, with its inverse. */
export interface AxisScale {
  (value: number): number;
  invert(pixel: number): number;
}

/** How a control's value maps to the position its keys step in, and how far a key moves it. */
export interface ControlSpec {
  /** Least and greatest position. */
  min: number;
  max: number;
  /** One arrow press. */
  step: number;
  /** One PageUp or PageDown. */
  page: number;
  /** Value → position (identity for a linear control, log10 for a log one). */
  toPosition(value: number): number;
  /** Position → value, already rounded the way the setting stores it. */
  fromPosition(position: number): number;
}

/** Snaps a position to the control's grid of steps and into its range. */
export function snapPosition(spec: ControlSpec, position: number): number {
  if (!Number.isFinite(position)) return spec.min;
  const k = Math.round((position - spec.min) / spec.step);
  const snapped = spec.min + k * spec.step;
  // Rounding off the float error of min + k·step (0.1 is not exact in binary).
  const tidy = Number(snapped.toFixed(10));
  return Math.min(spec.max, Math.max(spec.min, tidy));
}

/** The value under a pixel of the chart's axis: inverted through its scale, snapped, clamped. */
export function valueAtPixel(spec: ControlSpec, scale: AxisScale, pixel: number): number {
  const raw = scale.invert(pixel);
  const position = Number.isFinite(raw) && raw > 0 ? spec.toPosition(raw) : raw <= 0 ? spec.min : spec.max;
  return spec.fromPosition(snapPosition(spec, position));
}

/**
 * The value after a key press, or null when the key is not the control's. Arrows step (right and
 * up increase, as on a range input), PageUp/PageDown move a page, Home/End go to the ends.
 */
export function valueAfterKey(spec: ControlSpec, value: number, key: string): number | null {
  const here = spec.toPosition(value);
  let position: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      position = here + spec.step;
      break;
    case 'ArrowLeft':
    case 'ArrowDown':
      position = here - spec.step;
      break;
    case 'PageUp':
      position = here + spec.page;
      break;
    case 'PageDown':
      position = here - spec.page;
      break;
    case 'Home':
      position = spec.min;
      break;
    case 'End':
      position = spec.max;
      break;
    default:
      return null;
  }
  return spec.fromPosition(snapPosition(spec, position));
}

/** A linear control over whole numbers (steps, a step index t). */
export function integerSpec(min: number, max: number, page = 10): ControlSpec {
  return {
    min,
    max: Math.max(min, max),
    step: 1,
    page: Math.max(1, Math.min(page, max - min)),
    toPosition: (v) => v,
    fromPosition: (p) => Math.round(p),
  };
}

/**
 * A control on a log scale, as the header's epsilon slider: its position is log10 of the value,
 * `fromPosition` the setting's own rounding.
 */
export function logSpec(min: number, max: number, step: number, fromPosition: (position: number) => number): ControlSpec {
  return { min, max, step, page: 1, toPosition: Math.log10, fromPosition };
}

/**
 * Which of a list of choices a key moves to: the arrows to the neighbour (in the order given),
 * Home and End to the ends; null when the key is not one of these. For the frontier's points,
 * listed by the memory they hold.
 */
export function indexAfterKey(index: number, count: number, key: string): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The index of the point nearest (x, y), or −1 when none lies within `reach` pixels. */
export function nearestPoint(points: readonly { x: number; y: number }[], x: number, y: number, reach: number): number {
  let best = -1;
  let bestDistance = reach * reach;
  points.forEach((p, i) => {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}
