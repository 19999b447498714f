import { describe, expect, it } from 'vitest';
import { createTrainer, train } from '../../../../engine/tensor/trainer.ts';
import { createTrainLoop, FAST_UPDATES, type LoopClock } from '../../../../workers/tensor/trainLoop.ts';

/** A clock that moves only when the test says: sleepers wake when their time comes. */
function fakeClock() {
  let now = 0;
  let sleepers: { at: number; wake: () => void }[] = [];
  const clock: LoopClock = {
    now: () => now,
    sleep: (ms) => new Promise((resolve) => sleepers.push({ at: now + ms, wake: resolve })),
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  /** Moves time on by `ms`, waking each sleeper at its time, in order. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      await flush();
      const next = sleepers.filter((s) => s.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      now = Math.max(now, next.at);
      sleepers = sleepers.filter((s) => s !== next);
      next.wake();
    }
    now = end;
    await flush();
  }
  return { clock, advance, flush };
}

const OPTIONS = { hidden: 8, learningRate: 0.5, batch: 32 } as const;

function loopOf(steps: number, speed: number, paused: boolean) {
  const { clock, advance, flush } = fakeClock();
  const trainer = createTrainer(OPTIONS);
  const reports: { step: number; losses: number[] }[] = [];
  const loop = createTrainLoop({ trainer, steps, speed, paused, clock, report: (l) => reports.push({ step: trainer.step, losses: Array.from(l) }) });
  return { loop, trainer, reports, advance, flush };
}

describe('the worker’s training loop', () => {
  it('paced at 10 steps a second, takes one step every 100 ms', async () => {
    const { loop, trainer, reports, advance } = loopOf(50, 10, false);
    void loop.run();
    await advance(99);
    expect(trainer.step).toBe(0);
    await advance(1);
    expect(trainer.step).toBe(1);
    await advance(900);
    expect(trainer.step).toBe(10);
    expect(reports.every((r) => r.losses.length === 1)).toBe(true);
  });

  it('at 100 steps a second, reports a few steps at a time, no more often than every 30 ms', async () => {
    const { loop, trainer, reports, advance } = loopOf(500, 100, false);
    void loop.run();
    await advance(1000);
    // Within one 30 ms tick (3 steps) of 100.
    expect(trainer.step).toBeGreaterThanOrEqual(97);
    expect(trainer.step).toBeLessThanOrEqual(100);
    expect(reports.length).toBeLessThanOrEqual(34);
    expect(reports.length).toBeGreaterThan(20);
  });

  it('at full speed, takes the run in about FAST_UPDATES batches', async () => {
    const { loop, reports, advance } = loopOf(400, Infinity, false);
    const done = loop.run();
    await advance(60 * 16 + 100);
    expect(await done).toBe(true);
    expect(reports).toHaveLength(Math.ceil(400 / Math.ceil(400 / FAST_UPDATES)));
  });

  it('paused, takes no step however long it waits; each step() takes exactly one', async () => {
    const { loop, trainer, reports, advance } = loopOf(50, 10, true);
    void loop.run();
    await advance(10_000);
    expect(trainer.step).toBe(0);
    expect(await loop.step()).toBe(1);
    expect(await loop.step()).toBe(2);
    await advance(10_000);
    expect(trainer.step).toBe(2);
    expect(reports.map((r) => r.losses.length)).toEqual([1, 1]);
  });

  it('a pause takes effect before the next step, and resume goes on from the same step', async () => {
    const { loop, trainer, advance } = loopOf(50, 10, false);
    void loop.run();
    await advance(350);
    expect(trainer.step).toBe(3);
    expect(loop.pause()).toBe(3);
    await advance(5000);
    expect(trainer.step).toBe(3);
    loop.resume();
    await advance(100);
    expect(trainer.step).toBe(4);
  });

  it('a step asked for while running is not taken (Step is for a paused run)', async () => {
    const { loop, trainer, advance } = loopOf(50, 1, false);
    void loop.run();
    expect(await loop.step()).toBe(0);
    await advance(10);
    expect(trainer.step).toBe(0);
  });

  it('a change of speed takes effect at once, even in the middle of a long wait', async () => {
    const { loop, trainer, advance } = loopOf(500, 1, false);
    void loop.run();
    await advance(500);
    expect(trainer.step).toBe(0);
    loop.setSpeed(100);
    await advance(500);
    expect(trainer.step).toBeGreaterThanOrEqual(47);
    expect(trainer.step).toBeLessThanOrEqual(50);
  });

  it('paused, stepped, resumed and re-paced, ends exactly where an uninterrupted run of as many steps does', async () => {
    const steps = 120;
    const whole = train(steps, OPTIONS);
    const { loop, trainer, reports, advance } = loopOf(steps, 20, false);
    const done = loop.run();
    await advance(530);
    loop.pause();
    await loop.step();
    await loop.step();
    await advance(3000);
    loop.setSpeed(Infinity);
    loop.resume();
    await advance(40);
    loop.pause();
    loop.setSpeed(7);
    loop.resume();
    await advance(2000);
    loop.setSpeed(Infinity);
    await advance(10_000);
    expect(await done).toBe(true);
    expect(trainer.step).toBe(steps);
    // Exact equality: the same trainer took the same steps, in the same order.
    expect(Float64Array.from(reports.flatMap((r) => r.losses))).toEqual(whole.losses);
    expect(trainer.params).toEqual(whole.params);
  });

  it('end() stops the run before its next step and answers a waiting step', async () => {
    const { loop, trainer, advance } = loopOf(50, 10, true);
    const done = loop.run();
    loop.end();
    expect(await done).toBe(false);
    expect(await loop.step()).toBe(0);
    await advance(1000);
    expect(trainer.step).toBe(0);
  });
});
