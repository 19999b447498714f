import type { TapeView } from '../../../engine/tape-view.ts';
import { nodeRef, nodeTag, num, opName, opWithConstant, type Named } from './labels.ts';
import type { Frame, SweepState } from './timeline.ts';

export type NarratedView = Named & Pick<TapeView, 'length' | 'parent0' | 'parent1' | 'partial0' | 'partial1' | 'value' | 'uses'>;

/** One sentence for a node being recorded: its op, parents, value and local partials. */
export function describeRecord(view: NarratedView, i: number): string {
  const op = opWithConstant(view, i);
  const tag = nodeTag(view, i);
  const p0 = view.parent0[i];
  const p1 = view.parent1[i];
  if (p0 < 0) return `Recorded node ${i}, ${op}${tag && !op.includes(tag) ? ` ${tag}` : ''} = ${num(view.value[i])}.`;
  const named = tag ? ` (${tag})` : '';
  if (p1 < 0) {
    return `Recorded node ${i}${named}, ${op} of node ${p0}: value ${num(view.value[i])}, local partial ${num(view.partial0[i])}.`;
  }
  return (
    `Recorded node ${i}${named}, ${op} of nodes ${p0} and ${p1}: value ${num(view.value[i])}, ` +
    `local partials ${num(view.partial0[i])} and ${num(view.partial1[i])}.`
  );
}

/** The numbers of one sweep event, from the engine's trace. */
export interface EventNumbers {
  node: number;
  parent: number;
  partial: number;
  nodeAdjoint: number;
  contribution: number;
  parentAdjoint: number;
  /** adj[parent] just before the event (from the replayed state). */
  before: number;
  /** Which contribution to the parent this is (1, 2, …). */
  ordinal: number;
}

/** One sentence for a sweep event: "Node 17, tanh: adjoint 0.031 added to node 12, which now holds 0.045." */
export function describeEvent(view: NarratedView, e: EventNumbers, overwrite: boolean): string {
  const head = `Node ${e.node}${tagOf(view, e.node)}, ${opName(view, e.node)}: adjoint ${num(e.contribution)}`;
  const uses = view.uses[e.parent];
  const count = uses > 1 ? `, contribution ${e.ordinal} of ${uses}` : '';
  if (overwrite) {
    const lost = e.ordinal > 1 && e.before !== 0 ? `; the ${num(e.before)} it held is lost` : '';
    return `${head} written over ${nodeRef(view, e.parent)}${count}${lost}.`;
  }
  return `${head} added to ${nodeRef(view, e.parent)}${count}, which now holds ${num(e.parentAdjoint)}.`;
}

/** Words for any position: what just happened. */
export function narrate(
  view: NarratedView,
  frame: Frame,
  event: EventNumbers | null,
  seed: number,
  overwrite: boolean,
  events: number,
): string {
  if (frame.phase === 'record') {
    if (frame.node < 0) return `Empty tape: ${view.length} nodes will be recorded, then swept backward.`;
    return describeRecord(view, frame.node);
  }
  if (event) {
    const text = describeEvent(view, event, overwrite);
    return frame.applied === events ? `${text} Sweep complete: every adjoint is final.` : text;
  }
  return `Recording done. Seeded the sweep: the adjoint of the output, ${nodeRef(view, view.output)}, is set to ${num(seed)}.`;
}

function tagOf(view: Named, i: number): string {
  const tag = nodeTag(view, i);
  return tag ? ` (${tag})` : '';
}

/** The event numbers at `event` of `trace`, with the parent's adjoint before it from `state`. */
export function eventNumbers(
  trace: TapeView['sweep'],
  event: number,
  before: SweepState,
  ordinals: Int32Array,
): EventNumbers | null {
  if (event < 0 || event >= trace.count) return null;
  const parent = trace.parent[event];
  return {
    node: trace.node[event],
    parent,
    partial: trace.partial[event],
    nodeAdjoint: trace.nodeAdjoint[event],
    contribution: trace.contribution[event],
    parentAdjoint: trace.parentAdjoint[event],
    before: before.adjoint[parent],
    ordinal: ordinals[event],
  };
}
