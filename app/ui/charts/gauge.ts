import { scaleLog } from 'd3';
import { logTicks, type Tick } from './ticks.ts';

/** The gauge's range: from below double rounding to a plainly wrong gradient. */
export const GAUGE_DOMAIN: [number, number] = [1e-18, 1];
/** Double precision's unit roundoff, marked on the gauge. */
export const MACHINE_EPSILON = 2 ** -52;

export interface GaugeLayout {
  ticks: Tick[];
  /** Where the marker sits; at the left end, in the "exact" zone, when the value is 0. */
  markerX: number;
  exact: boolean;
  /** x of machine epsilon. */
  epsilonX: number;
  /** Width of the "exact" zone at the left end. */
  exactWidth: number;
}

/**
 * A one-dimensional log gauge for a relative difference: where forward mode lands against
 * reverse mode, with machine epsilon marked. Zero gets its own zone at the left.
 */
export function gaugeLayout(value: number, width: number, exactWidth = 34): GaugeLayout {
  const x = scaleLog().domain(GAUGE_DOMAIN).range([exactWidth + 8, width]).clamp(true);
  const exact = value === 0;
  const markerX = exact ? exactWidth / 2 : Number.isFinite(value) ? x(Math.max(value, GAUGE_DOMAIN[0])) : width;
  const epsilonX = x(MACHINE_EPSILON);
  return {
    // Tick labels too close to ε's own label are left out.
    ticks: logTicks(x, Math.max(2, Math.floor(width / 60))).filter((t) => Math.abs(t.offset - epsilonX) > 44 && t.offset > exactWidth + 30),
    markerX,
    exact,
    epsilonX,
    exactWidth,
  };
}
