import type { ChainSettingKey } from './settings-table.ts';

/**
 * The parts of a lab report that do not depend on every setting, each with every setting it is
 * computed from, declared once here. While a slider moves that a part does not depend on, the
 * page's worker skips the part and the previous one is reused (workers/lab/cachedParts.ts):
 * dragging the epsilon never recomputes the sweep, the tangents or the frontier. How each is
 * computed is in engine/lab-parts.ts; test/engine/lab-parts.test.ts fails when a part reads a
 * setting it does not declare here.
 *
 * This module imports nothing at run time, so the main thread loads no engine code with it.
 */
export const CACHED_PART_SETTINGS = {
  /** The sweep over epsilon: the chain's central differences at 34 values of h, none of them the chosen epsilon. */
  sweep: ['steps', 'c', 'x0', 'target'],
  /** Forward mode's table of tangents dx_t/dθ. */
  tangents: ['steps', 'c', 'x0', 'target'],
  /** Every stride's and every snapshot count's schedule, counted: T, and the state's width for the bytes. */
  frontier: ['steps', 'state'],
  /** The methods' work at fixed chain lengths: the schedule alone (the current steps' point comes with every report). */
  workCurve: ['schedule', 'stride', 'snapshots'],
} as const satisfies Record<string, readonly ChainSettingKey[]>;

export type CachedPart = keyof typeof CACHED_PART_SETTINGS;

export const CACHED_PARTS = Object.keys(CACHED_PART_SETTINGS) as readonly CachedPart[];
