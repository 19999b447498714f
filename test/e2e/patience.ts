import { availableParallelism, loadavg } from 'node:os';

/**
 * How much longer than on a quiet machine a browser test may wait for a condition: the load per
 * core the harness measures (the one-minute load average over the cores), never below 1 and at
 * most 6. Read at each call, so a wait started while two other processes take the cores gets a
 * longer limit than one started on a quiet machine. Waits end as soon as their condition holds: a
 * longer limit costs a passing test nothing.
 */
export function patience(): number {
  const perCore = loadavg()[0] / availableParallelism();
  return Math.min(6, Math.max(1, perCore));
}

/** A wait's limit: `quietMs` on a quiet machine, longer under load (patience). */
export function wait(quietMs: number): number {
  return Math.round(quietMs * patience());
}
