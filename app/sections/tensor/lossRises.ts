/** The steps at which the batch loss went up from the step before: 0 for a loss that only falls. */
export function lossRises(losses: ArrayLike<number>): number {
  let n = 0;
  for (let s = 1; s < losses.length; s++) if (losses[s] > losses[s - 1]) n++;
  return n;
}
