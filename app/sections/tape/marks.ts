import { formulaOf, nodeTag, num, opName, short, v } from '../../ui/tape/labels.ts';
import type { GraphLayout } from './layout.ts';
import type { TapeFrame, TapeStatics } from '../../ui/tape/model.ts';

/** Everything the graph's marks depend on at one moment. */
export interface MarkContext {
  statics: TapeStatics;
  layout: GraphLayout;
  tf: TapeFrame;
  overwrite: boolean;
  selected: number;
  hovered: number;
}

/** How node `i` is drawn now: its lines of text, its badge and its state as classes. */
export function nodeMark(m: MarkContext, i: number) {
  const { view, diverges } = m.statics;
  const { tf } = m;
  const recording = tf.frame.phase === 'record';
  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : view.length;
  const shown = tf.shown;
  const leaf = view.parent0[i] < 0;
  const got = shown !== null && (shown.received[i] > 0 || i === view.output);
  const cls: string[] = [];
  if (leaf) cls.push('leaf');
  if (i >= recorded) cls.push('future');
  if (tf.frame.phase === 'sweep' && tf.frame.applied > 0 && i > tf.node) cls.push('passed');
  if (i === tf.node) cls.push('current');
  if (i === tf.parent) cls.push('target');
  if (i === m.selected) cls.push('selected');
  if (i === m.hovered) cls.push('hovered');
  if (m.overwrite && tf.wrong && tf.right && !Object.is(tf.wrong.adjoint[i], tf.right.adjoint[i])) cls.push('wrong');
  if (m.overwrite && diverges.has(i)) cls.push('diverges');
  const uses = view.uses[i];
  const tag = nodeTag(view, i);
  return {
    leaf,
    label: leaf ? tag || opName(view, i) : opName(view, i),
    tag: !leaf && tag ? `#${i} = ${tag}` : `#${i}`,
    value: i < recorded ? short(view.value[i]) : '',
    adjoint: got ? `v̄ ${short(shown.adjoint[i])}` : '',
    badge: !recording && uses >= 2 && shown ? `${shown.received[i]}/${uses}` : '',
    className: cls.join(' '),
    title:
      `${v(i)} = ${formulaOf(view, i)} = ${num(view.value[i])}` +
      `${got ? `; adjoint ${num(shown.adjoint[i])}` : ''}${uses >= 2 ? `; read ${uses} times` : ''}`,
  };
}

/** How collapsed step `index` is drawn now: lit while a node inside it is in play. */
export function blockMark(m: MarkContext, index: number) {
  const { view } = m.statics;
  const { tf } = m;
  const b = m.layout.blocks[index];
  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : view.length;
  const inBlock = (n: number) => n >= b.first && n <= b.last;
  const cls: string[] = [];
  if (tf.frame.phase === 'record') cls.push(b.first >= recorded ? 'future' : b.last >= recorded ? 'partial' : 'recorded');
  else if (b.first > tf.node) cls.push('passed');
  if (inBlock(tf.node)) cls.push('current');
  if (inBlock(tf.parent)) cls.push('target');
  if (inBlock(m.selected)) cls.push('selected');
  const out = b.out;
  const shown = tf.shown;
  return {
    outTag: nodeTag(view, out) || v(out),
    value: out < recorded ? short(view.value[out]) : '',
    adjoint: shown !== null && shown.received[out] > 0 ? `v̄ ${short(shown.adjoint[out])}` : '',
    className: cls.join(' '),
    title: `Step ${b.step}: nodes ${b.first}–${b.last}. Click to open it.`,
  };
}

/** Classes of drawn edge `index`: not yet recorded, swept (its adjoint has passed), linked to the node pointed at. */
export function edgeClass(m: MarkContext, index: number): string {
  const { tf, layout } = m;
  const e = layout.edges[index];
  const parts: string[] = [];
  if (tf.frame.phase === 'record') {
    const first = e.to.kind === 'node' ? e.to.id : layout.blocks[e.to.index].first;
    if (first >= tf.frame.recorded) parts.push('future');
  } else if (e.tapeEdges.some((t) => tf.swept[t])) parts.push('swept');
  const linked = (n: number) => n >= 0 && ((e.from.kind === 'node' && e.from.id === n) || (e.to.kind === 'node' && e.to.id === n));
  if (linked(m.hovered) || linked(m.selected)) parts.push('linked');
  return parts.join(' ');
}

/**
 * The edges in play, each with its label: while recording, the new node's input edges with
 * their local partials; in the sweep, the edge the adjoint is passing back along, with the
 * contribution it carries.
 */
export function currentEdges(m: MarkContext): { index: number; label: string }[] {
  const { tf, layout, overwrite } = m;
  const { view } = m.statics;
  const out: { index: number; label: string }[] = [];
  if (tf.frame.phase === 'record') {
    if (tf.node < 0) return out;
    for (const slot of [0, 1] as const) {
      const index = layout.edgeIndex[2 * tf.node + slot];
      const partial = slot === 0 ? view.partial0[tf.node] : view.partial1[tf.node];
      if (index >= 0 && !Number.isNaN(partial)) out.push({ index, label: `∂ ${short(partial)}` });
    }
  } else if (tf.edge >= 0) {
    const index = layout.edgeIndex[tf.edge];
    const event = tf.event ?? tf.rightEvent;
    if (index >= 0 && event) out.push({ index, label: `${overwrite && tf.event ? '= ' : ''}${short(event.contribution)}` });
  }
  return out;
}
