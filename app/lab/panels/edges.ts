/**
 * Why the finite-difference numbers look as they do at the ends of the epsilon slider. Nothing
 * here differentiates: it only compares h with the parameters it is added to and with the best h
 * the engine found.
 */

/** How many parameters θ have θ + h and θ − h both rounding back to θ (the step is lost). */
export function lostSteps(h: number, params: { a: ArrayLike<number>; b: ArrayLike<number> }): number {
  let lost = 0;
  for (const values of [params.a, params.b]) {
    for (let i = 0; i < values.length; i++) {
      const theta = values[i];
      if (theta + h === theta && theta - h === theta) lost += 1;
    }
  }
  return lost;
}

/**
 * The worst relative error, over the parameters, of the step actually taken: in doubles
 * (θ + h) − (θ − h) is not 2h when h is near the spacing of doubles around θ.
 */
export function stepDistortion(h: number, params: { a: ArrayLike<number>; b: ArrayLike<number> }): number {
  let worst = 0;
  for (const values of [params.a, params.b]) {
    for (let i = 0; i < values.length; i++) {
      const theta = values[i];
      worst = Math.max(worst, Math.abs((theta + h - (theta - h)) / (2 * h) - 1));
    }
  }
  return worst;
}

/** h this many times below the best h (or above it) is well into the rounding (or truncation) side. */
export const FAR_FROM_BEST = 1e4;

/**
 * One line for the sweep chart when the selected h sits at an edge, or null: below half the
 * spacing of doubles the difference is exactly zero; near the spacing the step taken is not h;
 * far below the best h rounding noise dominates; far above it, truncation does.
 */
export function epsEdgeNote(
  h: number,
  params: { a: ArrayLike<number>; b: ArrayLike<number> },
  bestEps: number | null,
): string | null {
  const P = params.a.length + params.b.length;
  const lost = lostSteps(h, params);
  if (lost > 0) return `θ ± h rounds to θ for ${lost} of ${P} parameters: their differences are 0`;
  const distortion = stepDistortion(h, params);
  if (distortion > 0.01) {
    return `in doubles θ ± h is off by up to ${Math.round(distortion * 100)}% of h: rounding dominates`;
  }
  if (bestEps !== null && h < bestEps / FAR_FROM_BEST) return 'h far below the best h: rounding noise dominates';
  if (bestEps !== null && h > bestEps * FAR_FROM_BEST) return 'h far above the best h: truncation dominates';
  return null;
}
