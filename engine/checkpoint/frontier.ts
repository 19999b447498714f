import type { FrontierPoint, LeastMemory } from '../report.ts';
import { SCALAR_MODEL, type MemoryModel } from './bytes.ts';
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
 * Every stride 1 … T and every snapshot count 1 … T, each schedule dry-run in the executor under
 * the memory model `memory` (S = 8 by default): the points are counted, not taken from the
 * closed forms.
 *
 * Cost: the periodic schedule with stride k has about 2T + 2T/k actions and the binomial one
 * 4T to 6T, each action O(1) in a dry run, so the frontier is O(T²) actions: 0.32 million at
 * T = 200 (12–20 ms once warm; a fresh process's first call pays 50–100 ms of compilation), about
 * 8 million at T = 1000. Callers with long chains should ask for a few settings instead.
 */
export function frontier(steps: number, memory: MemoryModel = SCALAR_MODEL): Frontier {
  const periodic: FrontierPoint[] = [];
  const revolve: FrontierPoint[] = [];
  for (let k = 1; k <= steps; k++) periodic.push(point(k, countSchedule(steps, periodicActions(steps, k), memory)));
  for (let s = 1; s <= steps; s++) revolve.push(point(s, countSchedule(steps, revolveActions(steps, s), memory)));
  return { periodic, revolve };
}

function point(setting: number, counts: ScheduleCounts): FrontierPoint {
  return {
    setting,
    storedStates: counts.storedStates,
    peakItems: counts.peakItems,
    peakBytes: counts.peakBytes,
    recomputedSteps: counts.recomputedSteps,
    workUnits: counts.workUnits,
  };
}

/** The periodic points' least memory, in held items (≈ √T) and in bytes (≈ √(T·S/R)). */
export function leastMemory(periodic: readonly FrontierPoint[]): LeastMemory {
  let items = periodic[0];
  let bytes = periodic[0];
  for (const p of periodic) {
    if (p.storedStates < items.storedStates) items = p;
    if (p.peakBytes < bytes.peakBytes) bytes = p;
  }
  return {
    byItems: { stride: items.setting, peakStates: items.storedStates },
    byBytes: { stride: bytes.setting, peakBytes: bytes.peakBytes },
  };
}
