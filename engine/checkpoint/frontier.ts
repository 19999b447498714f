import type { FrontierPoint } from '../report.ts';
import { countSchedule, type ScheduleCounts } from './executor.ts';
import { periodicActions } from './periodic.ts';
import { revolveActions } from './revolve.ts';

/**
 * The memory-against-recomputation frontier of both schedules for one chain length; memory as
 * peak live states and as peak bytes (plot bytes to compare the schedules fairly).
 */
export interface Frontier {
  /** One point per stride k = 1 … T. */
  periodic: FrontierPoint[];
  /** One point per snapshot count s = 1 … T. */
  revolve: FrontierPoint[];
}

/**
 * Every stride 1 … T and every snapshot count 1 … T, each schedule dry-run in the executor: the
 * points are counted, not taken from the closed forms.
 *
 * Cost: the periodic schedule with stride k has about 2T + 2T/k actions and the binomial one
 * 4T to 6T, each action O(1) in a dry run, so the frontier is O(T²) actions: 0.32 million at
 * T = 200 (12–20 ms once warm; a fresh process's first call pays 50–100 ms of compilation), about
 * 8 million at T = 1000. Callers with long chains should ask for a few settings instead.
 */
export function frontier(steps: number): Frontier {
  const periodic: FrontierPoint[] = [];
  const revolve: FrontierPoint[] = [];
  for (let k = 1; k <= steps; k++) periodic.push(point(k, countSchedule(steps, periodicActions(steps, k))));
  for (let s = 1; s <= steps; s++) revolve.push(point(s, countSchedule(steps, revolveActions(steps, s))));
  return { periodic, revolve };
}

function point(setting: number, counts: ScheduleCounts): FrontierPoint {
  return {
    setting,
    storedStates: counts.storedStates,
    peakBytes: counts.peakBytes,
    recomputedSteps: counts.recomputedSteps,
    workUnits: counts.workUnits,
  };
}
