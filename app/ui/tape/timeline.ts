import type { SweepTrace } from '../../../engine/tape.ts';
import type { TapeView } from '../../../engine/tape-view.ts';
import { finish, type Slices } from '../../../engine/slicing.ts';

/**
 * One timeline, two phases. Position 0 is the empty tape; positions 1 … n record node p − 1
 * (its value and local partials written to the tape); position n + 1 seeds adj[output]; the
 * positions after it apply the reverse sweep's events one at a time, so the last position is the
 * finished sweep.
 */
export interface Timeline {
  /** Nodes on the tape (n). */
  nodes: number;
  /** Events in the sweep (one per edge whose child had a non-zero adjoint). */
  events: number;
  /** The position where the recording is complete and adj[output] is seeded: n + 1. */
  seed: number;
  /** The last position: every event applied. */
  end: number;
}

export function timelineOf(view: Pick<TapeView, 'length' | 'sweep'>): Timeline {
  const nodes = view.length;
  const events = view.sweep.count;
  return { nodes, events, seed: nodes + 1, end: nodes + 1 + events };
}

/** What one position shows. */
export type Frame =
  | {
      phase: 'record';
      position: number;
      /** Nodes on the tape so far. */
      recorded: number;
      /** The node just recorded, −1 at the empty tape. */
      node: number;
    }
  | {
      phase: 'sweep';
      position: number;
      /** Sweep events applied so far. */
      applied: number;
      /** The event just applied, −1 right after the seed. */
      event: number;
    };

export function clampPosition(tl: Timeline, position: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.max(0, Math.min(tl.end, Math.round(position)));
}

export function frameAt(tl: Timeline, position: number): Frame {
  const p = clampPosition(tl, position);
  if (p < tl.seed) return { phase: 'record', position: p, recorded: p, node: p - 1 };
  const applied = p - tl.seed;
  return { phase: 'sweep', position: p, applied, event: applied - 1 };
}

/** The position `delta` steps away, kept on the timeline. */
export function stepPosition(tl: Timeline, position: number, delta: number): number {
  return clampPosition(tl, position + delta);
}

/**
 * Where a position lands when the tape is recorded again for new settings: the same landmark
 * (start, seed, end) when it was on one, otherwise the same node or event, kept in its phase.
 */
export function carryPosition(from: Timeline, position: number, to: Timeline): number {
  if (position >= from.end) return to.end;
  if (position === from.seed) return to.seed;
  if (position < from.seed) return Math.min(position, to.nodes);
  return Math.min(to.seed + (position - from.seed), to.end);
}

/**
 * Events handled between two yields of the sliced passes below: 1.4 million events at 100,000
 * steps, and one pass over them in one go took 60–100 ms before the code was optimised.
 */
const EVENTS_PER_SLICE = 1 << 18;

/** Which parent of its node each event feeds: 0 or 1 (a binary op sends to parent 0, then 1). */
export function eventSlots(trace: SweepTrace): Uint8Array {
  return finish(eventSlotsSlices(trace));
}

/** `eventSlots`, yielding every EVENTS_PER_SLICE events (app/state/perf/useSliced.ts). */
export function* eventSlotsSlices(trace: SweepTrace): Slices<Uint8Array> {
  const slot = new Uint8Array(trace.count);
  for (let start = 1; start < trace.count; start += EVENTS_PER_SLICE) {
    if (start > 1) yield;
    const end = Math.min(trace.count, start + EVENTS_PER_SLICE);
    for (let k = start; k < end; k++) if (trace.node[k] === trace.node[k - 1]) slot[k] = 1;
  }
  return slot;
}

/** For each event, which contribution to its parent it is: 1 for the first one received, 2 … */
export function contributionOrdinals(trace: SweepTrace, nodes: number): Int32Array {
  return finish(contributionOrdinalsSlices(trace, nodes));
}

/** `contributionOrdinals`, yielding every EVENTS_PER_SLICE events. */
export function* contributionOrdinalsSlices(trace: SweepTrace, nodes: number): Slices<Int32Array> {
  const seen = new Int32Array(nodes);
  const ordinal = new Int32Array(trace.count);
  for (let start = 0; start < trace.count; start += EVENTS_PER_SLICE) {
    if (start > 0) yield;
    const end = Math.min(trace.count, start + EVENTS_PER_SLICE);
    for (let k = start; k < end; k++) ordinal[k] = ++seen[trace.parent[k]];
  }
  return ordinal;
}

/** The state of every adjoint part-way through a sweep. */
export interface SweepState {
  /** adj[i] after the applied events (0 where nothing has arrived yet, as the sweep starts). */
  adjoint: Float64Array;
  /** Contributions node i has received so far. */
  received: Int32Array;
}

/**
 * The adjoints after the first `applied` events, read off the engine's trace: each event records
 * adj[parent] after it, so the UI assigns what the engine computed and does no arithmetic of its
 * own. `seed` is adj[output] (the engine's value).
 */
export function sweepStateAt(trace: SweepTrace, nodes: number, output: number, seed: number, applied: number): SweepState {
  const adjoint = new Float64Array(nodes);
  const received = new Int32Array(nodes);
  adjoint[output] = seed;
  const n = Math.max(0, Math.min(applied, trace.count));
  for (let k = 0; k < n; k++) {
    const p = trace.parent[k];
    adjoint[p] = trace.parentAdjoint[k];
    received[p]++;
  }
  return { adjoint, received };
}

/**
 * For each count a = 0 … from.count of events applied in one sweep, how many events of the other
 * sweep have been applied at the same moment (same node, same parent). Both sweeps visit nodes
 * newest first, parent 0 before parent 1, but either may skip a node whose adjoint is zero.
 * The sweeps' event slots (eventSlots) are given when already at hand.
 */
export function matchApplied(from: SweepTrace, to: SweepTrace, fromSlots = eventSlots(from), toSlots = eventSlots(to)): Int32Array {
  return finish(matchAppliedSlices(from, to, fromSlots, toSlots));
}

/** `matchApplied`, yielding every EVENTS_PER_SLICE events of `from`. */
export function* matchAppliedSlices(from: SweepTrace, to: SweepTrace, fromSlots: Uint8Array, toSlots: Uint8Array): Slices<Int32Array> {
  const order = (t: SweepTrace, k: number, slot: number) => slot - 2 * t.node[k];
  const match = new Int32Array(from.count + 1);
  let j = 0;
  for (let start = 1; start <= from.count; start += EVENTS_PER_SLICE) {
    if (start > 1) yield;
    const end = Math.min(from.count, start + EVENTS_PER_SLICE - 1);
    for (let a = start; a <= end; a++) {
      const key = order(from, a - 1, fromSlots[a - 1]);
      while (j < to.count && order(to, j, toSlots[j]) <= key) j++;
      match[a] = j;
    }
  }
  return match;
}
