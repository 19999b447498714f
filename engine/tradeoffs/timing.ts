/**
 * Microseconds per call of each function, timed in alternation so both sides see the same
 * machine. Each is first warmed up for a quarter of the budget (until the JIT has compiled its
 * path: timed cold, the fused tape measured slower than the primitive one), with its batch
 * doubled until one batch lasts long enough for the clock (a browser's performance.now may be
 * as coarse as 0.1 ms); then rounds of one batch each run until `budgetMs` has passed and at
 * least `minRounds` are in. Each figure is its fastest batch: the cost of a call when nothing
 * else on the machine got in the way. Measured, never asserted. Bounded by counts as well as by
 * the clock (at most 40 warm-up batches, 400 rounds), so a clock that stands still — a test's
 * fake timers — cannot hold it forever.
 */
export function fastestMicroseconds(fns: readonly (() => unknown)[], budgetMs = 20, minRounds = 5): number[] {
  const now = () => performance.now();
  const batchMs = Math.max(0.5, budgetMs / (8 * fns.length));
  const batches = fns.map((fn) => {
    const warmEnd = now() + budgetMs / (4 * fns.length);
    let batch = 1;
    for (let warm = 0; warm < 40; warm++) {
      const t0 = now();
      for (let i = 0; i < batch; i++) fn();
      const t1 = now();
      if (t1 - t0 < batchMs && batch < 1 << 16) batch *= 2;
      else if (t1 >= warmEnd) break;
    }
    return batch;
  });
  const best = fns.map(() => Infinity);
  const end = now() + budgetMs;
  for (let round = 0; round < minRounds || (now() < end && round < 400); round++) {
    fns.forEach((fn, k) => {
      const t0 = now();
      for (let i = 0; i < batches[k]; i++) fn();
      best[k] = Math.min(best[k], ((now() - t0) * 1000) / batches[k]);
    });
  }
  return best;
}
