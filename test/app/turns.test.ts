import { afterEach, describe, expect, it, vi } from 'vitest';
import { turns } from '../../workers/channel/turns.ts';

/** A measurement the test ends by hand, recording when it started. */
function pending(log: string[], name: string) {
  let end: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const measure = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      end = resolve;
      fail = reject;
    });
  };
  return { measure, end: () => end(name), fail: (e: Error) => fail(e) };
}

/** Lets every promise that can settle now settle (a macrotask comes after all microtasks). */
const flush = () => new Promise((done) => setTimeout(done, 0));

describe('timed measurements take turns', () => {
  afterEach(() => vi.useRealTimers());

  it('starts each measurement once the one before it has ended, answer or error, in the order asked', async () => {
    const log: string[] = [];
    const take = turns(() => Promise.resolve());
    const a = pending(log, 'a');
    const b = pending(log, 'b');
    const c = pending(log, 'c');
    const answers = [take(a.measure), take(b.measure), take(c.measure)];
    answers[1].catch(() => {});
    await flush();
    expect(log).toEqual(['start a']);
    a.end();
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    b.fail(new Error('the worker stopped'));
    await flush();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    c.end();
    await expect(answers[0]).resolves.toBe('a');
    await expect(answers[1]).rejects.toThrow('the worker stopped');
    await expect(answers[2]).resolves.toBe('c');
  });

  it('waits for the page to be idle before each turn, and a measurement that throws at once still passes the turn on', async () => {
    const log: string[] = [];
    let idle: () => void = () => {};
    const take = turns(() => new Promise<void>((resolve) => (idle = resolve)));
    const thrown = take(() => {
      log.push('start thrown');
      throw new Error('bad request');
    });
    thrown.catch(() => {});
    const next = pending(log, 'next');
    const answer = take(next.measure);
    await flush();
    expect(log).toEqual([]);
    idle();
    await expect(thrown).rejects.toThrow('bad request');
    await flush();
    expect(log).toEqual(['start thrown']);
    idle();
    await flush();
    expect(log).toEqual(['start thrown', 'start next']);
    next.end();
    await expect(answer).resolves.toBe('next');
  });

  it('does not let a measurement that never ends hold the others past its patience', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const take = turns(() => Promise.resolve(), 1000);
    const stuck = pending(log, 'stuck');
    const after = pending(log, 'after');
    void take(stuck.measure);
    void take(after.measure);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start stuck']);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual(['start stuck']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['start stuck', 'start after']);
  });
});
