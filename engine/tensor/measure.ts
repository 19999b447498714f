import { Tape } from '../tape.ts';
import { alternatedMicroseconds, type RatioSpread } from '../tradeoffs/timing.ts';
import { compareTapes, scalarMlpStep, type CompareOptions, type TapeComparison } from './compare.ts';
import { dataset } from './data.ts';
import { initMlp, mlpGradient } from './mlp.ts';

/** The most calls one batch may make: a function whose batch still reads no time by then is not timed. */
const MAX_BATCH = 1 << 24;

/**
 * Milliseconds per call of each function, timed in alternation: a warm-up of each (so the JIT has
 * compiled every path), then rounds that run one batch of each in turn until `minMs` has passed
 * and at least seven batches of each are in. Each function's figure is the `quantile` of its batch means:
 * 0, the fastest batch, is the cost of a call when nothing else on the machine got in the way
 * (on a loaded machine the median can swing by a factor of ten from one run to the next; the
 * fastest batch barely moves), and alternating keeps the two sides' conditions alike.
 *
 * A batch shorter than minMs / 80 is not counted: browsers round `performance.now()` to 0.1 ms or
 * coarser, so a batch of a few fast calls can read 0, and its mean, the fastest, then made a
 * ratio of Infinity on screen. Such a batch is doubled for the next round instead (the warm-up
 * sizes batches by the calls it timed, and a slow first call, its code not yet compiled or its
 * core busy, can leave them small). A function never timed (its batch passed MAX_BATCH) gets NaN.
 * `now` is the clock (a coarse one in tests).
 */
export function interleavedTimes(
  fns: readonly (() => unknown)[],
  minMs: number,
  quantile = 0,
  now: () => number = () => performance.now(),
): number[] {
  const shortest = minMs / 80;
  const batches = fns.map((fn) => {
    let batch = 1;
    const warmEnd = now() + minMs / (4 * fns.length);
    do {
      const t0 = now();
      for (let i = 0; i < batch; i++) fn();
      if (now() - t0 < minMs / 40 && batch < MAX_BATCH) batch *= 2;
    } while (now() < warmEnd);
    return batch;
  });
  const samples: number[][] = fns.map(() => []);
  const timed = (k: number) => samples[k].length >= 7 || batches[k] > MAX_BATCH;
  const end = now() + minMs;
  while (!fns.every((_, k) => timed(k)) || (now() < end && samples[0].length < 400)) {
    fns.forEach((fn, k) => {
      if (batches[k] > MAX_BATCH) return;
      const t0 = now();
      for (let i = 0; i < batches[k]; i++) fn();
      const took = now() - t0;
      if (took >= shortest) samples[k].push(took / batches[k]);
      else batches[k] *= 2;
    });
  }
  return samples.map((s) => {
    if (s.length === 0) return NaN;
    s.sort((a, b) => a - b);
    return s[Math.floor((s.length - 1) * quantile)];
  });
}

/**
 * `compareTapes` on the same network, batch and agreement check, with the two tapes timed by the
 * lab's one timing method (engine/tradeoffs/timing.ts): warmed up, then rounds of one batch of
 * each in alternation, the ratio the median of the rounds in which neither batch was interrupted,
 * with its middle half kept (`timeSpread`) and marked noisy when that is too wide to tell. A
 * side's time per step is its time at the machine's typical speed.
 */
export function measureTapes(options: CompareOptions = {}): TapeComparison {
  const minMs = options.minMs ?? 300;
  const c = compareTapes({ ...options, minMs: 0 });
  if (minMs <= 0) return c;
  const data = dataset(options.dataset ?? 'moons', { points: c.batch, seed: options.seed ?? 1 });
  const params = initMlp(c.hidden, options.seed ?? 1);
  const tape = new Tape(1 << 14);
  const timed = alternatedMicroseconds([() => mlpGradient(params, data.x, data.labels), () => scalarMlpStep(tape, params, data.x, data.labels)], {
    budgetMs: minMs,
    minRounds: 9,
    reference: 0,
    confirm: false,
  });
  const [tensorUs, scalarUs] = timed.typical;
  const ratio = (timed.ratios as RatioSpread[])[1];
  return {
    ...c,
    scalar: { ...c.scalar, msPerStep: scalarUs / 1000 },
    tensor: { ...c.tensor, msPerStep: tensorUs / 1000 },
    ratios: { ...c.ratios, time: ratio.median },
    timeSpread: { low: ratio.low, high: ratio.high, noisy: ratio.noisy },
  };
}
