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

/** Sweeps of the median polish (`typicalOfRounds`): rows, then columns, this many times. */
const POLISH_SWEEPS = 6;

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

/** Each function's readings (µs per call, one per batch) summed up two ways. */
export interface AlternatedTimes {
  /** The fastest batch of each: the cost of a call when nothing else on the machine got in the way. */
  fastest: number[];
  /**
   * The cost of a call in a typical round (`typicalOfRounds`): each round's own speed taken out.
   * Equal work reads as equal time by this one. On these machines the speed jumps by half now
   * and then (forward mode's batches read 3.8 µs in some stretches and 5.7 µs in others): the
   * fastest batch of one function caught a fast stretch and its neighbour's did not, and a
   * function's median fell on either side when the stretches came about as often.
   */
  typical: number[];
}

/** How `alternatedMicroseconds` times. */
export interface AlternationOptions {
  /** The least time the rounds run for (ms). */
  budgetMs?: number;
  /** The least readings of each function. */
  minRounds?: number;
  /** The clock (a test passes its own). */
  now?: () => number;
}

/**
 * Microseconds per call of each function, timed in alternation so all of them see the same
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
 * 3. **Rounds in alternation.** Rounds of one batch of every function, each round in a new
 *    order, run until `budgetMs` has passed and every function has `minRounds` readings that
 *    count. A pause of the machine slows one round of every function, not every round of one.
 *    The caller takes each function's fastest reading or its time in a typical round
 *    (`AlternatedTimes`).
 * 4. **Until the fastest is seen twice.** On a busy machine every batch of a function may have
 *    been interrupted, each by a different amount. So rounds go on (for up to CONFIRM_FACTOR
 *    budgets more) until each function's two fastest readings agree within CONFIRM_RATIO: a
 *    figure that two batches reached is the call's cost, not one more pause.
 *
 * Bounded by counts as well as by the clock (at most 40 sizing batches, 400 rounds), so a clock
 * that stands still cannot hold it forever.
 */
export function alternatedMicroseconds(fns: readonly (() => unknown)[], options: AlternationOptions = {}): AlternatedTimes {
  const { budgetMs = 20, minRounds = 5, now = () => performance.now() } = options;
  // No longer than the clock needs: shorter batches make more rounds, and more chances to miss a pause.
  const batchMs = batchMsFor(clockStepMs(now));
  const warmMs = budgetMs / (4 * fns.length);
  // Every reading of each function (µs per call), and its fastest and second-fastest.
  const readings: number[][] = fns.map(() => []);
  const best = fns.map(() => Infinity);
  const second = fns.map(() => Infinity);
  const read = (k: number, ms: number, calls: number) => {
    const us = (ms * 1000) / calls;
    readings[k].push(us);
    if (us < best[k]) [second[k], best[k]] = [best[k], us];
    else if (us < second[k]) second[k] = us;
  };
  const counted = (k: number) => readings[k].length;
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
  const short = () => fns.some((_, k) => counted(k) < minRounds);
  // Each whole round's readings (every function read once).
  const rounds: number[][] = [];
  const unsettled = () => short() || fns.some((_, k) => !(second[k] <= CONFIRM_RATIO * best[k]));
  const order = fns.map((_, k) => k);
  for (let round = 0; round < 400; round++) {
    const t = now();
    if (!(t < end || short() || (t < lastChance && unsettled()))) break;
    // Each round in a new order: a function that always ran after the same one would always pay
    // for its garbage (in a browser, the pair after the largest reverse sweep read 40 % slower).
    shuffle(order, round);
    const us = fns.map(() => NaN);
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
      us[k] = (ms * 1000) / batches[k];
    }
    // A whole round, every reading a positive time (the polish takes logarithms).
    if (us.every((u) => u > 0 && Number.isFinite(u))) rounds.push(us);
  }
  // Without a whole round (a clock that stood still reads 0), each function's median reading.
  return { fastest: best, typical: rounds.length === 0 ? readings.map(medianOf) : typicalOfRounds(rounds) };
}

/** Each function's fastest batch, in µs per call (`alternatedMicroseconds`). */
export function fastestMicroseconds(fns: readonly (() => unknown)[], budgetMs = 20, minRounds = 5, now: () => number = () => performance.now()): number[] {
  return alternatedMicroseconds(fns, { budgetMs, minRounds, now }).fastest;
}

/**
 * Each function's time in a typical round, from whole rounds of readings (a row a round, a
 * column a function): Tukey's median polish of their logarithms. Take each row's median out of
 * the row (that round's own speed: a round run while the page was loading, or in a fast stretch
 * of the machine), then each column's median out of the column (the function's own cost), and
 * again, POLISH_SWEEPS times; a function's time is exp(overall + its column's effect). A reading
 * that fell in a stretch of another speed than most of its round sits in the residue, as in a
 * median it would. From 16 runs of forward and reverse mode at 18 values of M in a browser
 * worker, forward mode's equal work read at most 1.12× apart this way, 1.43× by each
 * function's median and 1.51× by its fastest batch.
 */
export function typicalOfRounds(rounds: readonly (readonly number[])[]): number[] {
  const residue = rounds.map((row) => row.map(Math.log));
  const columns = residue[0].length;
  const rowEffect = new Array<number>(residue.length).fill(0);
  const effect = new Array<number>(columns).fill(0);
  let overall = 0;
  // Moves the median of some effects into the overall level, so each effect is its own part.
  const centre = (effects: number[]) => {
    const m = medianOf(effects);
    overall += m;
    for (let j = 0; j < effects.length; j++) effects[j] -= m;
  };
  for (let sweep = 0; sweep < POLISH_SWEEPS; sweep++) {
    residue.forEach((row, i) => {
      const m = medianOf(row);
      rowEffect[i] += m;
      for (let k = 0; k < columns; k++) row[k] -= m;
    });
    centre(effect);
    for (let k = 0; k < columns; k++) {
      const m = medianOf(residue.map((row) => row[k]));
      effect[k] += m;
      for (const row of residue) row[k] -= m;
    }
    centre(rowEffect);
  }
  return effect.map((e) => Math.exp(overall + e));
}

/** The median of some readings (the mean of the middle two when they are even); Infinity for none. */
function medianOf(values: readonly number[]): number {
  if (values.length === 0) return Infinity;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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
