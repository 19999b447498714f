import type { TapeView } from '../../../engine/tape-view.ts';
import { opName, short, v } from './labels.ts';

const SYMBOL: Record<string, string> = {
  add: '+',
  sub: '−',
  mul: '×',
  div: '÷',
  neg: '−( )',
  square: '( )²',
  log: 'ln',
  sqrt: '√',
};

/** A node's operation as a reader would write it: 'x', '×', 'sin', '( )²'. */
export function nodeSymbol(view: Pick<TapeView, 'op' | 'opNames' | 'name'>, i: number): string {
  const name = opName(view, i);
  if (name === 'input' || name === 'const') return view.name[i] || name;
  return SYMBOL[name] ?? name;
}

/**
 * The first line of a node's box: its value's name and its operation, 'v₂ ×' (one space: SVG
 * draws a run of spaces as one, and the box is sized from this text).
 */
export function opLine(view: Pick<TapeView, 'op' | 'opNames' | 'name'>, i: number): string {
  return `${v(i)} ${nodeSymbol(view, i)}`;
}

/** The name written above the first line of the output's box. */
export const OUTPUT_NAME = 'z';

/** A node's adjoint as its box shows it: 'v̄ −0.25'. */
export function adjointLine(adjoint: number): string {
  return `v̄ ${short(adjoint)}`;
}

/**
 * For a value read twice or more, the contributions its adjoint has received so far: '1 of 2'
 * (a line of its own, which keeps the boxes narrow enough to lay out left to right).
 */
export function receivedLine(received: number, uses: number): string {
  return uses >= 2 ? `${received} of ${uses}` : '';
}

/** An edge's label: the local partial ∂child/∂parent the tape recorded. */
export function partialLabel(partial: number): string {
  return `∂\u2009${short(partial)}`;
}

/**
 * Every text the graph of a tape can show, at its widest: each node's lines (its name for the
 * output, the op line, the value, the widest adjoint either sweep, right or overwriting, writes
 * into it, and for a value read twice the count of contributions received) and each edge's
 * label. The boxes are sized once from these, so they stay put while a recording or a sweep is
 * stepped through. A graph that only records (`sweep: false`) leaves the adjoint lines out, so
 * its boxes are two lines high and no wider than their operation and value.
 */
export function exprGraphLines(
  view: TapeView,
  sweep = true,
): { nodeLines: string[][]; edgeLabel: (child: number, slot: 0 | 1) => string } {
  const widest: string[] = Array.from({ length: view.length }, () => '');
  const offer = (i: number, text: string) => {
    if (text.length > widest[i].length) widest[i] = text;
  };
  offer(view.output, adjointLine(view.adjoint[view.output]));
  for (const trace of [view.sweep, view.overwrite]) {
    const received = new Int32Array(view.length);
    for (let k = 0; k < trace.count; k++) {
      const p = trace.parent[k];
      received[p]++;
      offer(p, adjointLine(trace.parentAdjoint[k]));
    }
  }
  const nodeLines = Array.from({ length: view.length }, (_, i) => {
    const lines = [opLine(view, i), short(view.value[i])];
    if (sweep) lines.push(widest[i] || adjointLine(0));
    if (sweep && view.uses[i] >= 2) lines.push(receivedLine(view.uses[i], view.uses[i]));
    return i === view.output ? [OUTPUT_NAME, ...lines] : lines;
  });
  const edgeLabel = (child: number, slot: 0 | 1) => partialLabel(slot === 0 ? view.partial0[child] : view.partial1[child]);
  return { nodeLines, edgeLabel };
}
