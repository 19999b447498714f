/**
 * Timed measurements take turns. The lab's worker times the methods for the Work panel; the
 * section "What frameworks hide" and lesson chapter 10 time the Jacobian and the fused tape in
 * the tradeoffs worker. Each times many batches, on the assumption that nothing
 * else of its own page is running. On a freshly loaded lab page both ran at once, and on two
 * cores each read the other's work as its own.
 *
 * `takeTurn(measure)` starts `measure` once every measurement asked for before it has ended and
 * the page's main thread is idle (`whenIdle`), so the page's first layout and paint are not timed
 * as the engine's work either. A measurement that never ends does not hold the others forever:
 * after `patienceMs` the next one starts anyway.
 */
import { whenIdle } from '../../engine/slicing.ts';

export type TakeTurn = <T>(measure: () => Promise<T>) => Promise<T>;

/**
 * How long a measurement waits for the one before it at most. The section's and chapter 10's
 * timings take up to about 3 s; the method times of a very long chain can take longer, and then
 * the next timing overlaps them, as every timing did before.
 */
export const TURN_PATIENCE_MS = 15_000;

/** A queue of turns: each measurement starts after the one before it has ended, or has run for `patienceMs`. */
export function turns(waitForIdle: () => Promise<void>, patienceMs = TURN_PATIENCE_MS): TakeTurn {
  let last: Promise<void> = Promise.resolve();
  return <T>(measure: () => Promise<T>): Promise<T> => {
    let release = () => {};
    const ended = new Promise<void>((done) => (release = done));
    const mine = last.then(waitForIdle).then(() => {
      const timer = setTimeout(release, patienceMs);
      return Promise.resolve()
        .then(measure)
        .finally(() => clearTimeout(timer));
    });
    // Answer or error, the next one's turn comes.
    mine.then(release, release);
    last = ended;
    return mine;
  };
}

/** The page's one queue: the lab's method times and the tradeoffs worker's Jacobian and fusion times. */
export const timingTurn: TakeTurn = turns(() => whenIdle());
