import { describe, expect, it } from 'vitest';
import { alternatedMicroseconds, batchMsFor, clockStepMs, fastestMicroseconds, NOISY_SPREAD, ratioSpread, STEPS_PER_BATCH, typicalOverTime, type TimedReading } from '../../../engine/tradeoffs/timing.ts';

/**
 * A machine in miniature: true time advances only when a function "works", and the clock reads it
 * the way a browser page does, in steps of 0.1 ms. Reading the clock costs a little too.
 */
function coarseMachine(stepMs = 0.1, speed: (trueMs: number) => number = () => 1) {
  let trueMs = 0;
  return {
    now: () => {
      trueMs += 0.00002;
      return Math.floor(trueMs / stepMs) * stepMs;
    },
    /** A function whose every call takes `us` microseconds, its first calls `coldUs` (the JIT at work). */
    work(us: number, coldUs = us, coldCalls = 0) {
      let calls = 0;
      return () => {
        trueMs += (calls++ < coldCalls ? coldUs : us) / 1000 / speed(trueMs);
      };
    },
    /** Until `untilMs` of true time, every `every`-th call of any function is held up by 0.5 … 2.3 ms (a busy spell). */
    busy(fn: () => void, every: number, untilMs: number) {
      let calls = 0;
      return () => {
        fn();
        if (trueMs < untilMs && ++calls % every === 0) trueMs += 0.5 + (calls % 7) * 0.3;
      };
    },
    /** Every `every`-th call of `fn` is held up by `pauseMs` (another process got the core). */
    paused(fn: () => void, every: number, pauseMs: number) {
      let calls = 0;
      return () => {
        fn();
        if (++calls % every === 0) trueMs += pauseMs;
      };
    },
  };
}

describe('timing in alternation (alternatedMicroseconds)', () => {
  it('reads the step of a coarse clock, and sizes a batch to 20 of its steps', () => {
    const m = coarseMachine(0.1);
    expect(clockStepMs(m.now)).toBeCloseTo(0.1, 9);
    expect(batchMsFor(0.1)).toBeCloseTo(STEPS_PER_BATCH * 0.1, 9);
    expect(batchMsFor(0.000001)).toBe(0.5);
    expect(batchMsFor(5)).toBe(10);
  });

  it('on a 0.1 ms clock, equal work reads as equal time and double work as double, within 5 %, though the first calls ran cold', () => {
    const m = coarseMachine(0.1);
    // Three functions of 30 µs (one of them compiled slowly: its first five calls took 2 ms each) and one of 60 µs.
    const fns = [m.work(30, 2000, 5), m.work(30), m.work(60), m.work(30)];
    const us = fastestMicroseconds(fns, 40, 5, m.now);
    for (const k of [0, 1, 3]) expect(Math.abs(us[k] / 30 - 1)).toBeLessThan(0.05);
    expect(Math.abs(us[2] / 60 - 1)).toBeLessThan(0.05);
  });

  it('keeps the fastest batch, so pauses of the machine add nothing', () => {
    const m = coarseMachine(0.1);
    // Every 500th call of the first is held up 3 ms: one batch in seven or so is slowed (and the
    // batch may have been sized on a slowed one).
    const fns = [m.paused(m.work(30), 500, 3), m.work(30)];
    const us = fastestMicroseconds(fns, 200, 5, m.now);
    expect(Math.abs(us[0] / us[1] - 1)).toBeLessThan(0.05);
  });

  it('on a busy spell longer than the budget, goes on until each fastest reading is seen twice', () => {
    const m = coarseMachine(0.1);
    // Budget 20 ms: the rounds would end near 30 ms of true time, inside the spell (every batch
    // of about 67 calls held up by a different pause) and the five rounds near 50 ms; the spell ends at 75 ms.
    const fns = [m.busy(m.work(30), 50, 75), m.busy(m.work(60), 50, 75)];
    const us = fastestMicroseconds(fns, 20, 5, m.now);
    expect(Math.abs(us[0] / 30 - 1)).toBeLessThan(0.05);
    expect(Math.abs(us[1] / 60 - 1)).toBeLessThan(0.05);
  });

  it('at the typical speed: a function that caught the machine running a third faster reads as its equal neighbours do', () => {
    // For 4 ms in every 60 the machine runs 1.33× faster: some functions' batches catch it, some do not.
    const m = coarseMachine(0.1, (t) => (t % 60 < 4 ? 4 / 3 : 1));
    const fns = Array.from({ length: 8 }, () => m.work(30));
    const { fastest, typical } = alternatedMicroseconds(fns, { budgetMs: 40, minRounds: 9, now: m.now });
    const spread = (us: number[]) => Math.max(...us) / Math.min(...us);
    // What the fastest batch alone would show, and what the typical speed shows.
    expect(spread(fastest)).toBeGreaterThan(1.15);
    expect(spread(typical)).toBeLessThan(1.05);
    for (const us of typical) expect(Math.abs(us / 30 - 1)).toBeLessThan(0.05);
  });

  it('at the typical speed: stretches when the machine ran slower (a page loading beside it) slow whole rounds, and are taken out', () => {
    // For 60 ms in every 150, every call runs 1.6× slower: a round (16 ms) falls in such a
    // stretch, or outside it, or straddles it.
    const m = coarseMachine(0.1, (t) => (t % 150 < 60 ? 1 / 1.6 : 1));
    const fns = [...Array.from({ length: 6 }, () => m.work(30)), m.work(60), m.work(60)];
    const { typical } = alternatedMicroseconds(fns, { budgetMs: 200, minRounds: 9, now: m.now });
    for (let k = 0; k < 8; k++) expect(Math.abs(typical[k] / typical[0] / (k < 6 ? 1 : 2) - 1), `function ${k}`).toBeLessThan(0.05);
  });
});

describe('typicalOverTime', () => {
  it('is what alternatedMicroseconds reads from the readings it reports, in their order', () => {
    const m = coarseMachine(0.1, (t) => (t % 60 < 20 ? 4 / 3 : 1));
    const fns = [m.work(30), m.work(30), m.work(60)];
    const seen: TimedReading[] = [];
    const { typical } = alternatedMicroseconds(fns, { budgetMs: 60, minRounds: 9, now: m.now, onReading: (r) => seen.push(r) });
    // Every function read at least nine times, each reading a positive time of one of the three.
    for (let k = 0; k < 3; k++) expect(seen.filter((r) => r.fn === k).length).toBeGreaterThanOrEqual(9);
    expect(seen.every((r) => r.us > 0 && r.fn >= 0 && r.fn < 3)).toBe(true);
    expect(typicalOverTime(seen, 3)).toEqual(typical);
  });

  it('takes out the speed each reading was taken at, read from its neighbours in time, though the speed doubled within a round', () => {
    // Three functions costing 1, 1 and 3, read in rounds of a new order each; the machine runs
    // twice as fast from the 11th reading on (in the middle of the fourth round), and one reading
    // is off by itself (×1.5).
    const orders = [[0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 2, 1], [2, 1, 0]];
    const cost = [1, 1, 3];
    const sequence: TimedReading[] = Array.from({ length: 30 }, (_, i) => {
      const fn = orders[Math.floor(i / 3) % 5][i % 3];
      return { fn, us: (cost[fn] * (i === 7 ? 1.5 : 1)) / (i >= 10 ? 2 : 1) };
    });
    // Most readings were taken at the faster speed: at that speed, the costs are 0.5, 0.5 and 1.5.
    const typical = typicalOverTime(sequence, 3);
    expect(typical[0]).toBeCloseTo(0.5, 9);
    expect(typical[1]).toBeCloseTo(0.5, 9);
    expect(typical[2]).toBeCloseTo(1.5, 9);
  });

  it('equal costs read equal when slow stretches of the machine fall on some functions more than others', () => {
    // Twelve functions of equal cost, fifteen rounds, each in its own order; for 7 readings in
    // every 17 the machine runs 1.5× slower. By each function's plain median they spread 1.5×.
    const sequence: TimedReading[] = [];
    for (let r = 0; r < 15; r++) {
      for (let p = 0; p < 12; p++) {
        const i = sequence.length;
        sequence.push({ fn: (p * 5 + r * 7) % 12, us: i % 17 < 7 ? 1.5 : 1 });
      }
    }
    const typical = typicalOverTime(sequence, 12);
    expect(Math.max(...typical) / Math.min(...typical)).toBeLessThan(1.02);
  });

  it('in alternation: equal work reads as equal time when the machine speeds up for stretches shorter than a round', () => {
    // For 20 ms in every 60 the machine runs a third faster; a round of 16 functions of about 2 ms
    // each lasts about 32 ms, so most rounds are fast in part and slow in part.
    const m = coarseMachine(0.1, (t) => (t % 60 < 20 ? 4 / 3 : 1));
    const fns = Array.from({ length: 16 }, () => m.work(30));
    const { typical } = alternatedMicroseconds(fns, { budgetMs: 300, minRounds: 9, now: m.now });
    expect(Math.max(...typical) / Math.min(...typical)).toBeLessThan(1.05);
    for (const us of typical) expect(Math.abs(us / 30 - 1)).toBeLessThan(0.05);
  });
});

/**
 * A loaded machine in miniature, deterministic for a seed: true time advances when a function
 * works (on a clock that moves every microsecond, as Node's does), the whole machine runs slower in
 * stretches, and the thread is taken off the core for 2 to 40 ms (another process) once in
 * `pauseEveryMs` of work on average.
 */
function loadedMachine(seed: number, pauseEveryMs: number) {
  let trueMs = 0;
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  // Stretches of 5–60 ms at a speed from 0.6 to 1.
  let stretchEnd = 0;
  let speed = 1;
  return {
    now: () => Math.floor((trueMs += 0.00002) * 1000) / 1000,
    work(us: number) {
      return () => {
        if (trueMs >= stretchEnd) {
          stretchEnd = trueMs + 5 + 55 * random();
          speed = 0.6 + 0.4 * random();
        }
        trueMs += us / 1000 / speed;
        if (random() < us / 1000 / pauseEveryMs) trueMs += 2 + 38 * random();
      };
    },
  };
}

describe('times against the plain run (the one timing method)', () => {
  it('sums up ratios as a median and its middle half, and calls a wide or thin one noisy', () => {
    expect(ratioSpread([4, 5, 6, 5, 5])).toEqual({ median: 5, low: 5, high: 5, rounds: 5, noisy: false });
    const wide = ratioSpread([2, 3, 5, 8, 13, 21, 34]);
    expect(wide.median).toBe(8);
    expect(wide.high / wide.low).toBeGreaterThan(NOISY_SPREAD);
    expect(wide.noisy).toBe(true);
    // Too few rounds to tell, and no rounds at all.
    expect(ratioSpread([5, 5, 5]).noisy).toBe(true);
    expect(ratioSpread([]).median).toBeNaN();
  });

  it('on a loaded machine (fake clock), five timings in a row read each ratio within 1.5× of each other, reverse mode between 1 and 10 and below the others', () => {
    // The plain run 2 µs, reverse mode 5 runs of it, central differences 50, forward mode 80; the
    // thread is taken off the core once in 5 ms of work, the machine's speed wanders 0.6–1.
    const seen: number[][] = [];
    for (let seed = 1; seed <= 5; seed++) {
      const m = loadedMachine(seed, 5);
      const fns = [m.work(2), m.work(10), m.work(160), m.work(100)];
      const { ratios } = alternatedMicroseconds(fns, { budgetMs: 300, minRounds: 9, now: m.now, reference: 0, confirm: false });
      expect(ratios).toBeDefined();
      const r = ratios!;
      expect(r[0].median).toBe(1);
      for (const x of r) expect(x.noisy, `seed ${seed}`).toBe(false);
      const [, reverse, forward, fd] = r.map((x) => x.median);
      expect(reverse).toBeGreaterThan(1);
      expect(reverse).toBeLessThan(10);
      expect(reverse).toBeLessThan(forward);
      expect(reverse).toBeLessThan(fd);
      seen.push([reverse, forward, fd]);
    }
    for (let k = 0; k < 3; k++) {
      const v = seen.map((row) => row[k]);
      expect(Math.max(...v) / Math.min(...v), `method ${k}`).toBeLessThan(1.5);
    }
  });

  it('when nearly every batch is interrupted, says the figure is too noisy instead of giving one', () => {
    // A pause every 20 µs of work: hardly a batch of either runs through.
    const m = loadedMachine(7, 0.02);
    const { ratios } = alternatedMicroseconds([m.work(2), m.work(10)], { budgetMs: 100, minRounds: 9, now: m.now, reference: 0, confirm: false });
    expect(ratios![1].noisy).toBe(true);
  });
});
