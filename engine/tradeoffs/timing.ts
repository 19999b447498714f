/**
 * How many of the clock's steps one timed batch must last. Read on a clock that moves in steps,
 * a duration is off by less than one step, so a batch of 20 steps is read within 5 %. Longer
 * batches would be read closer still, but on a busy machine each is likelier to be interrupted.
 */
export const STEPS_PER_BATCH = 20;

/** Two readings within this ratio confirm a function's fastest (twice the clock's 5 %). */
export const CONFIRM_RATIO = 1.1;

/** How many budgets more the rounds may run to confirm every function's fastest reading. */
export const CONFIRM_FACTOR = 6;

/** The shortest batch whatever the clock: below this a call's own set-up and the loop show. */
const MIN_BATCH_MS = 0.5;

/** The longest batch the clock's step may ask for (a clock coarser than 0.5 ms still gets 10 ms). */
const MAX_BATCH_MS = 10;

/**
 * The step of the clock in milliseconds: the median of nine gaps between one reading and the
 * next reading that differs (the median, because a gap that spans a pause of the thread reads
 * as milliseconds). Node's clock moves every microsecond or less; a browser page that is not
 * cross-origin isolated (this one) coarsens `performance.now` to 0.1 ms. 0 when the clock stands
 * still (a test's fake timers): each wait is bounded by a count.
 */
export function clockStepMs(now: () => number = () => performance.now()): number {
  const gaps: number[] = [];
  for (let k = 0; k < 9; k++) {
    const t0 = now();
    let t1 = t0;
    for (let i = 0; i < 100_000 && t1 === t0; i++) t1 = now();
    gaps.push(t1 - t0);
  }
  return gaps.sort((x, y) => x - y)[4];
}

/** How long one batch must last on a clock with this step (ms): STEPS_PER_BATCH steps, within 0.5 … 10 ms. */
export function batchMsFor(clockStep: number): number {
  return Math.min(MAX_BATCH_MS, Math.max(MIN_BATCH_MS, STEPS_PER_BATCH * clockStep));
}

/**
 * Microseconds per call of each function, timed in alternation so both sides see the same
 * machine. Measured, never asserted. How it keeps equal work reading as equal time:
 *
 * 1. **Warm first, then size.** Each function runs for a quarter of the budget (shared among
 *    them) before anything is timed, until the JIT has compiled its path. Only then is its batch
 *    (calls per reading) sized, by doubling until one batch lasts `batchMsFor(clockStepMs())`.
 *    Sized cold, a first call slowed by compiling made the batch one call long, and a browser's
 *    0.1 ms clock then read a 30 µs call as 0 or 100 µs: forward mode's equal work read from 0
 *    to 25 µs in one run.
 * 2. **Long batches.** A batch lasts STEPS_PER_BATCH steps of the clock (about 2 ms in a browser,
 *    0.5 ms in Node), so the clock's coarseness costs at most 5 % of a reading. A round whose
 *    batch read shorter than that (the machine was faster than during sizing) does not count;
 *    the batch is doubled instead.
 * 3. **Rounds in alternation, the fastest kept.** Rounds of one batch of every function run
 *    until `budgetMs` has passed and every function has `minRounds` readings that count. A
 *    pause of the machine slows one round of every function, not every round of one; the noise
 *    only ever adds time, so each figure is its fastest batch: the cost of a call when nothing
 *    else on the machine got in the way.
 * 4. **Until the fastest is seen twice.** On a busy machine every batch of a function may have
 *    been interrupted, each by a different amount. So rounds go on (for up to CONFIRM_FACTOR
 *    budgets more; each round in a new order) until each function's two fastest readings agree within CONFIRM_RATIO: a
 *    figure that two batches reached is the call's cost, not one more pause.
 *
 * Bounded by counts as well as by the clock (at most 40 sizing batches, 400 rounds), so a clock
 * that stands still cannot hold it forever. `now` is the clock (a test passes its own).
 */
export function fastestMicroseconds(
  fns: readonly (() => unknown)[],
  budgetMs = 20,
  minRounds = 5,
  now: () => number = () => performance.now(),
): number[] {
  // No longer than the clock needs: shorter batches make more rounds, and more chances to miss a pause.
  const batchMs = batchMsFor(clockStepMs(now));
  const warmMs = budgetMs / (4 * fns.length);
  // Each function's fastest and second-fastest reading (µs per call).
  const best = fns.map(() => Infinity);
  const second = fns.map(() => Infinity);
  const counted = fns.map(() => 0);
  const read = (k: number, ms: number, calls: number) => {
    const us = (ms * 1000) / calls;
    counted[k]++;
    if (us < best[k]) [second[k], best[k]] = [best[k], us];
    else if (us < second[k]) second[k] = us;
  };
  const batches = fns.map((fn, k) => {
    const warmEnd = now() + warmMs;
    for (let calls = 0; calls < 1 || (now() < warmEnd && calls < 1 << 16); calls++) fn();
    let batch = 1;
    for (let size = 0; size < 40 && batch < 1 << 16; size++) {
      const t0 = now();
      for (let i = 0; i < batch; i++) fn();
      const ms = now() - t0;
      if (ms >= batchMs) {
        // Warm and long enough: this batch is a reading like a round's (a slow call is not run again for nothing).
        read(k, ms, batch);
        break;
      }
      batch *= 2;
    }
    return batch;
  });
  const start = now();
  const end = start + budgetMs;
  const lastChance = start + (1 + CONFIRM_FACTOR) * budgetMs;
  const unsettled = () => counted.some((c, k) => c < minRounds || !(second[k] <= CONFIRM_RATIO * best[k]));
  const order = fns.map((_, k) => k);
  for (let round = 0; round < 400; round++) {
    const t = now();
    if (!(t < end || counted.some((c) => c < minRounds) || (t < lastChance && unsettled()))) break;
    // Each round in a new order: a function that always ran after the same one would always pay
    // for its garbage (in a browser, the pair after the largest reverse sweep read 40 % slower).
    shuffle(order, round);
    for (const k of order) {
      const fn = fns[k];
      const t0 = now();
      for (let i = 0; i < batches[k]; i++) fn();
      const ms = now() - t0;
      if (ms < batchMs && batches[k] < 1 << 16) {
        batches[k] *= 2;
        continue;
      }
      read(k, ms, batches[k]);
    }
  }
  return best;
}

/** Shuffles `order` in place, the same way for the same round (Fisher–Yates on a small LCG). */
function shuffle(order: number[], round: number): void {
  let seed = (round + 1) * 2654435761;
  for (let i = order.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    // The high bits: an LCG's low bits repeat with a short period, which would bring back the same orders.
    const j = Math.floor((seed / 2 ** 32) * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
}
