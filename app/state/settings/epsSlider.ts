import { numberRow } from './schema.ts';

const EPS = numberRow('eps');
const EPS_MAX = EPS.app.max as number;

/** The epsilon slider moves in decades: its position is log10(h), the step the table's row gives. */
export const EPS_POSITION = {
  min: Math.log10(EPS.app.min),
  max: Math.log10(EPS_MAX),
  step: EPS.sliderStep,
} as const;

/**
 * The h at a slider position, rounded to two significant digits (10^−4.9 → 1.3e-5), so that
 * the readout, the URL and the engine all see the same short number.
 */
export function epsFromPosition(position: number): number {
  const p = Math.min(EPS_POSITION.max, Math.max(EPS_POSITION.min, position));
  const h = Number((10 ** p).toPrecision(2));
  return Math.min(EPS_MAX, Math.max(EPS.app.min, h));
}

/** The slider position that shows h. */
export function positionFromEps(eps: number): number {
  return Math.log10(eps);
}
