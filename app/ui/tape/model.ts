import type { ChainTapeView, TapeView } from '../../../engine/tape-view.ts';
import { finish, type Slices } from '../../../engine/slicing.ts';
import { narrate, eventNumbers, type EventNumbers } from './narrate.ts';
import {
  contributionOrdinalsSlices,
  eventSlotsSlices,
  frameAt,
  matchAppliedSlices,
  sweepStateAt,
  timelineOf,
  type Frame,
  type SweepState,
  type Timeline,
} from './timeline.ts';

export type ShownView = TapeView & Partial<Pick<ChainTapeView, 'stateNode' | 'step' | 'steps'>>;

/** What depends on the tape alone: computed once per tape. */
export interface TapeStatics {
  view: ShownView;
  tl: Timeline;
  /** adj[output] as the engine seeded it. */
  seed: number;
  slots: { right: Uint8Array; wrong: Uint8Array };
  ordinals: { right: Int32Array; wrong: Int32Array };
  /** Events of the overwriting sweep applied when k events of the right one are. */
  match: Int32Array;
  /** Nodes where the overwriting sweep first goes wrong. */
  diverges: Set<number>;
}

export function tapeStatics(view: ShownView): TapeStatics {
  return finish(tapeStaticsSlices(view));
}

/**
 * `tapeStatics`, yielding between its passes over the tape (app/state/perf/useSliced.ts): each is one
 * loop over the sweep's events, millions at 100,000 steps.
 */
export function* tapeStaticsSlices(view: ShownView): Slices<TapeStatics> {
  const right = yield* eventSlotsSlices(view.sweep);
  yield;
  const wrong = yield* eventSlotsSlices(view.overwrite);
  yield;
  const rightOrdinals = yield* contributionOrdinalsSlices(view.sweep, view.length);
  yield;
  const wrongOrdinals = yield* contributionOrdinalsSlices(view.overwrite, view.length);
  yield;
  const match = yield* matchAppliedSlices(view.sweep, view.overwrite, right, wrong);
  return {
    view,
    tl: timelineOf(view),
    seed: view.adjoint[view.output],
    slots: { right, wrong },
    ordinals: { right: rightOrdinals, wrong: wrongOrdinals },
    match,
    diverges: new Set(view.divergesAt),
  };
}

/** Everything one position of the timeline shows. */
export interface TapeFrame {
  frame: Frame;
  /** The sweep as it stands (null while recording): the right one, and the overwriting one. */
  right: SweepState | null;
  wrong: SweepState | null;
  /** The state the page shows: `wrong` with the pitfall on, else `right`. */
  shown: SweepState | null;
  /** The event just applied, with the numbers of the sweep shown. */
  event: EventNumbers | null;
  /** The same moment in the right sweep, for comparison when the pitfall is on. */
  rightEvent: EventNumbers | null;
  /** The node just recorded, or whose adjoint is being passed back; −1 for none. */
  node: number;
  /** The parent receiving the current event's contribution, −1 for none. */
  parent: number;
  /** The current tape edge (2·child + slot), −1 for none. */
  edge: number;
  /** Per tape edge: 1 once its event has been applied. */
  swept: Uint8Array;
  /** Words for what just happened. */
  narration: string;
}

/**
 * The frame at `position`: the adjoints replayed from the worker's events (no arithmetic of the
 * UI's own), the current event and its words.
 */
export function tapeFrame(s: TapeStatics, position: number, overwrite: boolean): TapeFrame {
  const { view, tl } = s;
  const frame = frameAt(tl, position);
  const swept = new Uint8Array(2 * view.length);
  if (frame.phase === 'record') {
    const node = frame.node;
    return {
      frame,
      right: null,
      wrong: null,
      shown: null,
      event: null,
      rightEvent: null,
      node,
      parent: -1,
      edge: -1,
      swept,
      narration: narrate(view, frame, null, s.seed, overwrite, tl.events),
    };
  }
  const applied = frame.applied;
  const wrongApplied = s.match[applied];
  const state = (trace: TapeView['sweep'], k: number) => sweepStateAt(trace, view.length, view.output, s.seed, k);
  const right = state(view.sweep, applied);
  const wrong = overwrite ? state(view.overwrite, wrongApplied) : null;
  const rightEvent = eventNumbers(view.sweep, applied - 1, state(view.sweep, applied - 1), s.ordinals.right);
  let event = rightEvent;
  if (overwrite) {
    const k = wrongApplied - 1;
    const same = rightEvent && k >= 0 && view.overwrite.node[k] === rightEvent.node && view.overwrite.parent[k] === rightEvent.parent;
    event = same ? eventNumbers(view.overwrite, k, state(view.overwrite, k), s.ordinals.wrong) : null;
  }
  const trace = overwrite ? view.overwrite : view.sweep;
  const slots = overwrite ? s.slots.wrong : s.slots.right;
  const upTo = overwrite ? wrongApplied : applied;
  for (let k = 0; k < upTo; k++) swept[2 * trace.node[k] + slots[k]] = 1;
  const shownEvent = event ?? rightEvent;
  return {
    frame,
    right,
    wrong,
    shown: wrong ?? right,
    event,
    rightEvent,
    node: shownEvent ? shownEvent.node : view.output,
    parent: shownEvent ? shownEvent.parent : -1,
    edge: applied > 0 ? 2 * view.sweep.node[applied - 1] + s.slots.right[applied - 1] : -1,
    swept,
    narration: narrate(view, frame, event ?? rightEvent, s.seed, overwrite && event !== null, tl.events),
  };
}

/** The sweep events that send a contribution to `node`, in sweep order. */
export function contributionsTo(trace: TapeView['sweep'], node: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < trace.count; k++) if (trace.parent[k] === node) out.push(k);
  return out;
}

/** Parameters (inputs) whose gradient the overwriting sweep gets wrong, and how many inputs there are. */
export function wrongInputs(view: TapeView): { wrong: number[]; inputs: number } {
  const wrong: number[] = [];
  let inputs = 0;
  for (let i = 0; i < view.length; i++) {
    if (view.opNames[view.op[i]] !== 'input') continue;
    inputs++;
    if (!Object.is(view.overwrite.adjoint[i], view.adjoint[i])) wrong.push(i);
  }
  return { wrong, inputs };
}
