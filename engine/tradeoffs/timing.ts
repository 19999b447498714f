import { NOISY_SPREAD } from '../limits.ts';
import { finish } from '../slicing.ts';

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

/** Sweeps of `typicalOverTime`: the machine's speed at each reading, then each function's cost, this many times. */
const SWEEPS = 6;

/**
 * How many readings of other functions, nearest in time, tell the machine's speed at a reading
 * (`typicalOverTime`). Four: in 20 browser runs of chapter 10's timing, 2, 4, 6, 8, 12 and 16
 * neighbours all kept forward mode's equal work within 1.2×; four had the lowest mean spread.
 */
const NEIGHBOURS = 4;

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
  /** With `reference`: each function's time over the reference's, round by round (the reference's own is 1). */
  ratios?: RatioSpread[];
  /**
   * The cost of a call at the machine's typical speed (`typicalOverTime`): the speed at each
   * reading, read from the readings taken around it, taken out. Equal work reads as equal time by
   * this one. On these machines the speed jumps by half now and then (forward mode's batches read
   * 3.8 µs in some stretches and 5.7 µs in others): the fastest batch of one function caught a
   * fast stretch and its neighbour's did not, and a function's median fell on either side when
   * the stretches came about as often.
   */
  typical: number[];
}

/** One batch's reading: which function, and its µs per call. */
export interface TimedReading {
  fn: number;
  us: number;
}

/** How `alternatedMicroseconds` times. */
export interface AlternationOptions {
  /** The least time the rounds run for (ms). */
  budgetMs?: number;
  /** The least readings of each function. */
  minRounds?: number;
  /** The clock (a test passes its own). */
  now?: () => number;
  /** Told of every reading the rounds count, in the order they were taken. */
  onReading?: (reading: TimedReading) => void;
  /**
   * The function the others are measured against (the plain run of the chain): with it, each
   * function's time over the reference's is taken round by round (`AlternatedTimes.ratios`).
   */
  reference?: number;
  /** Go on past the budget until each function's fastest reading is seen twice (default true; the ratios do not need it). */
  confirm?: boolean;
  /**
   * With a reference: stretch every batch to last as long as the longest (default true). Off where
   * many functions of like cost are timed together (chapter 10's Jacobian at 18 values of M and
   * both modes): stretched to the slowest, each round took 37 of its batches, and the lab's
   * Jacobian times, which time up to 82 inputs, no longer came within a test's minute.
   */
  equalize?: boolean;
}

/**
 * One function's time over the reference's, from the rounds: in each round both ran one batch,
 * moments apart, so a change of the machine's speed between rounds cancels out of their ratio.
 * Only rounds in which neither batch was interrupted count (CLEAN_FACTOR).
 */
export interface RatioSpread {
  /** The median of the rounds' ratios. */
  median: number;
  /** The lower and upper quartiles of the rounds' ratios: the middle half of them lies between. */
  low: number;
  high: number;
  /** Rounds with a reading of both. */
  rounds: number;
  /** True when the middle half is wider than NOISY_SPREAD (high over low): the median is not to be trusted. */
  noisy: boolean;
}

export { NOISY_SPREAD };

/** A batch that reads more than this many times its function's fastest was interrupted: its round does not count toward a ratio. */
export const CLEAN_FACTOR = 2;

/** The fewest rounds a ratio is told from; with fewer it is too noisy to tell. */
export const MIN_CLEAN_ROUNDS = 5;

/** The median and quartiles of some ratios, and whether they are too spread out to tell. */
export function ratioSpread(ratios: readonly number[]): RatioSpread {
  const sorted = ratios.filter((r) => r > 0 && Number.isFinite(r)).sort((x, y) => x - y);
  const at = (q: number) => {
    if (sorted.length === 0) return Number.NaN;
    const i = q * (sorted.length - 1);
    const lo = Math.floor(i);
    return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
  };
  const low = at(0.25);
  const high = at(0.75);
  return { median: at(0.5), low, high, rounds: sorted.length, noisy: !(high <= NOISY_SPREAD * low) || sorted.length < MIN_CLEAN_ROUNDS };
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
 *    The caller takes each function's fastest reading or its time at the machine's typical
 *    speed (`AlternatedTimes`).
 * 4. **Until the fastest is seen twice.** On a busy machine every batch of a function may have
 *    been interrupted, each by a different amount. So rounds go on (for up to CONFIRM_FACTOR
 *    budgets more) until each function's two fastest readings agree within CONFIRM_RATIO: a
 *    figure that two batches reached is the call's cost, not one more pause.
 *
 * 5. **Against a reference.** With `reference` (the plain run of the chain, for every time the
 *    lab shows), each function's time over the reference's is taken round by round, from the
 *    rounds in which neither batch was interrupted, and summed up as a median with its middle
 *    half (`RatioSpread`); one whose middle half is wider than NOISY_SPREAD is marked noisy, and
 *    what shows it says "too noisy to tell on this machine just now" instead of a number. This is
 *    the one way every time on screen and in the command line is measured.
 *
 * Bounded by counts as well as by the clock (at most 40 sizing batches, 400 rounds), so a clock
 * that stands still cannot hold it forever.
 */
export function alternatedMicroseconds(fns: readonly (() => unknown)[], options: AlternationOptions = {}): AlternatedTimes {
  return finish(alternatedRounds(fns, options));
}

/**
 * `alternatedMicroseconds` one round at a time: the generator yields after each function's
 * warm-up and after each round, so a worker can read its messages in between (a round is one
 * batch of each function, back to back: nothing waits inside it).
 */
export function* alternatedRounds(fns: readonly (() => unknown)[], options: AlternationOptions = {}): Generator<void, AlternatedTimes> {
  const { budgetMs = 20, minRounds = 5, now = () => performance.now(), onReading = () => {}, reference, confirm = true, equalize: stretch = true } = options;
  // With a reference: each round's reading of every function, for the ratios.
  const byRound: Map<number, number>[] = [];
  // A round counts for a function when neither its batch nor the reference's was interrupted: each
  // within CLEAN_FACTOR of its own fastest. On a loaded machine a batch the thread was taken off
  // reads tens of times its cost (a 0.5 ms batch and a 30 ms wait), and when most batches are
  // hit their median is one more wait; a slowdown of the whole machine (a clock change, a
  // neighbour's cache traffic) reaches both batches of a round, stays within the factor, and
  // cancels out of their ratio. The ratios of the rounds that count, for function k:
  const cleanRounds = (k: number): number[] => {
    if (reference === undefined) return [];
    const ok = (j: number, us: number | undefined) => us !== undefined && us <= CLEAN_FACTOR * best[j];
    return byRound.filter((r) => ok(k, r.get(k)) && ok(reference, r.get(reference))).map((r) => (r.get(k) as number) / (r.get(reference) as number));
  };
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
  // Against a reference, every batch lasts about as long as the longest: on a loaded machine a
  // batch of 200 ms shares the core with other processes while one of 0.5 ms often runs through
  // a time slice alone, and their ratio then reads the machine's load (2.5–3× on this one at a
  // load of 10), not the two functions' costs. Sized afresh before each round from each
  // function's fastest call so far, so a first reading slowed by a pause does not stretch them all.
  const sized = [...batches];
  const equalize = () => {
    if (reference === undefined || !stretch) return;
    const longest = Math.max(...fns.map((_, k) => (Number.isFinite(best[k]) ? best[k] * sized[k] : 0)));
    fns.forEach((_, k) => {
      batches[k] = best[k] > 0 && Number.isFinite(best[k]) ? Math.min(1 << 16, Math.max(sized[k], Math.round(longest / best[k]))) : sized[k];
    });
  };
  yield;
  const start = now();
  const end = start + budgetMs;
  const lastChance = start + (1 + CONFIRM_FACTOR) * budgetMs;
  const short = () => fns.some((_, k) => counted(k) < minRounds);
  // The rounds' readings in the order they were taken, each a positive time (`typicalOverTime` takes logarithms).
  const sequence: TimedReading[] = [];
  // With a reference, rounds go on (up to the same CONFIRM_FACTOR budgets more) until every
  // function has minRounds rounds that count toward its ratio (`cleanRounds`).
  const cleanShort = () => reference !== undefined && fns.some((_, k) => cleanRounds(k).length < minRounds);
  const unsettled = () => short() || cleanShort() || (confirm && fns.some((_, k) => !(second[k] <= CONFIRM_RATIO * best[k])));
  const order = fns.map((_, k) => k);
  for (let round = 0; round < 400; round++) {
    const t = now();
    if (!(t < end || short() || (t < lastChance && unsettled()))) break;
    // Each round in a new order: a function that always ran after the same one would always pay
    // for its garbage (in a browser, the pair after the largest reverse sweep read 40 % slower).
    shuffle(order, round);
    equalize();
    const thisRound = new Map<number, number>();
    for (const k of order) {
      const fn = fns[k];
      const t0 = now();
      for (let i = 0; i < batches[k]; i++) fn();
      const ms = now() - t0;
      if (ms < batchMs && batches[k] < 1 << 16) {
        sized[k] = 2 * batches[k];
        batches[k] = sized[k];
        continue;
      }
      read(k, ms, batches[k]);
      const reading = { fn: k, us: (ms * 1000) / batches[k] };
      onReading(reading);
      if (reading.us > 0 && Number.isFinite(reading.us)) {
        sequence.push(reading);
        thisRound.set(k, reading.us);
      }
    }
    byRound.push(thisRound);
    yield;
  }
  // Unless every function has a positive reading (a clock that stood still reads 0), each function's median reading.
  const timed = fns.every((_, k) => sequence.some((r) => r.fn === k));
  const typical = timed ? typicalOverTime(sequence, fns.length) : readings.map(medianOf);
  if (reference === undefined) return { fastest: best, typical };
  const ratios = fns.map((_, k) => ratioSpread(cleanRounds(k)));
  return { fastest: best, typical, ratios };
}

/** Each function's fastest batch, in µs per call (`alternatedMicroseconds`). */
export function fastestMicroseconds(fns: readonly (() => unknown)[], budgetMs = 20, minRounds = 5, now: () => number = () => performance.now()): number[] {
  return alternatedMicroseconds(fns, { budgetMs, minRounds, now }).fastest;
}

/**
 * Each function's time at the machine's typical speed, from every reading in the order it was
 * taken. The machine's speed when a reading was taken is read from the readings of other
 * functions just before and after it: the median of NEIGHBOURS of them, each less its own
 * function's cost. A function's cost is then the median of its readings, each less the speed it
 * was taken at; and again, SWEEPS times, starting from each function's plain median. A time is
 * that cost at the typical speed: the median of every reading's own speed (the reading less its
 * function's cost). Each reading must be a positive, finite time of a function below `count`
 * (`alternatedMicroseconds` passes no other); a function without a reading reads Infinity.
 *
 * Why neighbours in time and not whole rounds: this machine's speed jumps by 15–50 % in
 * stretches of 10 ms to half a second, and a round of chapter 10's 36 functions lasts about
 * 80 ms. A jump inside a round made half of it fast, and a round's median could not take that
 * out. In 20 runs of chapter 10's timing in a browser worker, forward mode's equal work read at
 * most 1.16× apart this way (mean 1.09×), and up to 1.44× by rounds (5 runs past 1.25×), from
 * the same readings.
 */
export function typicalOverTime(sequence: readonly TimedReading[], count: number): number[] {
  const logs = sequence.map((r) => Math.log(r.us));
  const perFunction = (values: readonly number[]) => {
    const columns: number[][] = Array.from({ length: count }, () => []);
    values.forEach((v, i) => columns[sequence[i].fn].push(v));
    return columns.map(medianOf);
  };
  let cost = perFunction(logs);
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const residue = logs.map((l, i) => l - cost[sequence[i].fn]);
    const speed = residue.map((_, i) => medianOf(neighboursOf(sequence, residue, i)));
    cost = perFunction(logs.map((l, i) => l - speed[i]));
  }
  // The typical speed: the median of each reading's own (not of its neighbours', which blur a stretch's ends).
  const level = medianOf(logs.map((l, i) => l - cost[sequence[i].fn]));
  return cost.map((c) => Math.exp(c + level));
}

/** The NEIGHBOURS values nearest reading `i` in time, alternately before and after it, from other functions than its own ([0] for none). */
function neighboursOf(sequence: readonly TimedReading[], values: readonly number[], i: number): number[] {
  const near: number[] = [];
  const own = sequence[i].fn;
  for (let d = 1; near.length < NEIGHBOURS && (i - d >= 0 || i + d < values.length); d++) {
    for (const j of [i - d, i + d]) if (j >= 0 && j < values.length && near.length < NEIGHBOURS && sequence[j].fn !== own) near.push(values[j]);
  }
  return near.length === 0 ? [0] : near;
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
