/**
 * The point with the least `measure`, the smallest setting on ties (the frontier is in order of
 * setting); undefined for no points. The checkpointing chapter reads the fewest held items and the fewest bytes.
 */
export function leastBy<P extends { setting: number }>(points: readonly P[], measure: (p: P) => number): P | undefined {
  let best: P | undefined;
  for (const p of points) if (best === undefined || measure(p) < measure(best)) best = p;
  return best;
}
