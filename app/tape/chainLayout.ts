import type { ChainTapeView } from '../../engine/tape-view.ts';
import {
  NODE_H,
  NODE_W,
  r,
  sCurve,
  slotOffset,
  type BlockBox,
  type EdgePath,
  type End,
  type GraphLayout,
  type NodeBox,
  type StepBand,
} from './layout.ts';

/** Chains longer than this start with their steps collapsed into blocks. */
export const COLLAPSE_ABOVE = 60;

/** Horizontal distance between columns of a step, vertical between rows. */
export const COL = 96;
export const ROW = 58;
const PAD = 24;
/** Width of a collapsed step's box. */
export const BLOCK_W = 76;
/** Room under the nodes for the step labels. */
const BAND_SPACE = 30;

/**
 * The ops one chain step records, in order, and where each goes: [column, row]. Column 0 is the
 * step's input x_t (the previous step's output), column 5 its output x_{t+1}; row −1 is the rail
 * that carries c to every step, row 2 the spine x_t → a·x → +b → tanh → + → + = x_{t+1}.
 *
 *   row 0        c·x ─────────── ÷
 *   row 1        x²   → +1 ↗
 *   row 2   x_t  a·x  → +b → tanh → + → + (x_{t+1})
 *   row 3   a_t  b_t ↗
 *   row 4        k·x  → sin ─────── ×0.025 ↗      (k = 0.11(t+1), a constant of the scale)
 */
export const STEP_TEMPLATE: readonly { op: string; at: readonly [number, number] }[] = [
  { op: 'input', at: [0, 3] }, // a_t
  { op: 'input', at: [1, 3] }, // b_t
  { op: 'mul', at: [1, 2] }, // a_t·x_t
  { op: 'add', at: [2, 2] }, // + b_t
  { op: 'tanh', at: [3, 2] },
  { op: 'mul', at: [1, 0] }, // c·x_t
  { op: 'square', at: [1, 1] },
  { op: 'shift', at: [2, 1] }, // 1 + x²
  { op: 'div', at: [3, 0] },
  { op: 'scale', at: [1, 4] }, // k_t·x_t
  { op: 'sin', at: [2, 4] },
  { op: 'scale', at: [4, 4] }, // 0.025·sin
  { op: 'add', at: [4, 2] },
  { op: 'add', at: [5, 2] }, // x_{t+1}
];

/** The loss ½(x_T − y)², after the last step, on the spine. */
const LOSS_TEMPLATE: readonly { op: string; at: readonly [number, number] }[] = [
  { op: 'shift', at: [1, 2] },
  { op: 'square', at: [2, 2] },
  { op: 'scale', at: [3, 2] },
];

const PER_STEP = STEP_TEMPLATE.length;

export type ChainInput = Pick<
  ChainTapeView,
  'length' | 'op' | 'opNames' | 'parent0' | 'parent1' | 'output' | 'steps' | 'step' | 'name'
>;

/** Which steps are drawn in full; the rest are blocks. */
export type Expanded = (step: number) => boolean;

/** All steps open for short chains, all collapsed for long ones. */
export function defaultExpanded(steps: number): Expanded {
  return steps > COLLAPSE_ABOVE ? () => false : () => true;
}

/** Whether the tape is the chain as the template draws it (c, x₀, T steps of 14 nodes, the loss). */
export function fitsTemplate(view: ChainInput): boolean {
  const T = view.steps;
  if (view.length !== 2 + PER_STEP * T + LOSS_TEMPLATE.length || view.output !== view.length - 1) return false;
  if (view.name[0] !== 'c' || view.opNames[view.op[0]] !== 'input' || view.opNames[view.op[1]] !== 'input') return false;
  for (let t = 0; t < T; t++) {
    const first = 2 + PER_STEP * t;
    for (let k = 0; k < PER_STEP; k++) {
      if (view.opNames[view.op[first + k]] !== STEP_TEMPLATE[k].op || view.step[first + k] !== t) return false;
    }
  }
  const loss = 2 + PER_STEP * T;
  return LOSS_TEMPLATE.every((n, k) => view.opNames[view.op[loss + k]] === n.op);
}

const rowY = (row: number) => PAD + NODE_H / 2 + (row + 1) * ROW;

/**
 * Lays the chain out left to right, one band of five columns per expanded step and one box per
 * collapsed step, with c on a rail along the top. Returns null if the tape is not the chain the
 * template knows (the caller then uses the general layered layout).
 */
export function chainLayout(view: ChainInput, expanded: Expanded = defaultExpanded(view.steps)): GraphLayout | null {
  if (!fitsTemplate(view)) return null;
  const T = view.steps;
  const n = view.length;
  const nodes: NodeBox[] = [];
  const blocks: BlockBox[] = [];
  const bands: StepBand[] = [];
  const nodeIndex = new Int32Array(n).fill(-1);
  const blockIndex = new Int32Array(n).fill(-1);
  const place = (id: number, x: number, y: number) => {
    nodeIndex[id] = nodes.length;
    nodes.push({ id, x, y });
  };

  let anchor = PAD + NODE_W / 2;
  place(0, anchor, rowY(-1)); // c
  place(1, anchor, rowY(2)); // x₀
  const blockTop = rowY(0) - NODE_H / 2;
  const blockHeight = rowY(4) - rowY(0) + NODE_H;
  const gap = NODE_W / 2 + 18;
  for (let t = 0; t < T; t++) {
    const first = 2 + PER_STEP * t;
    if (expanded(t)) {
      for (let k = 0; k < PER_STEP; k++) {
        const [col, row] = STEP_TEMPLATE[k].at;
        place(first + k, anchor + col * COL, rowY(row));
      }
      bands.push({ step: t, x: anchor - NODE_W / 2, w: 5 * COL - 12, collapsible: T > COLLAPSE_ABOVE });
      anchor += 5 * COL;
    } else {
      const left = anchor + (t === 0 || expanded(t - 1) ? gap : 12);
      for (let k = 0; k < PER_STEP; k++) blockIndex[first + k] = blocks.length;
      blocks.push({ step: t, x: left, y: blockTop, w: BLOCK_W, h: blockHeight, first, last: first + PER_STEP - 1, out: first + PER_STEP - 1 });
      anchor = left + BLOCK_W + (t + 1 < T && expanded(t + 1) ? gap : 0);
    }
  }
  const loss = 2 + PER_STEP * T;
  const lossBase = T === 0 || expanded(T - 1) ? anchor : anchor + gap - COL;
  LOSS_TEMPLATE.forEach((node, k) => place(loss + k, lossBase + node.at[0] * COL, rowY(node.at[1])));
  const width = lossBase + 3 * COL + NODE_W / 2 + PAD;
  const height = rowY(4) + NODE_H / 2 + BAND_SPACE;

  const railY = rowY(-1);
  const edges = routeEdges(view, nodes, blocks, nodeIndex, blockIndex, railY);
  return { width, height, nodes, blocks, edges: edges.paths, bands, railY, nodeIndex, blockIndex, edgeIndex: edges.index };
}

/** Draws every tape edge that is not inside a collapsed block; edges to or from a block merge. */
function routeEdges(
  view: ChainInput,
  nodes: NodeBox[],
  blocks: BlockBox[],
  nodeIndex: Int32Array,
  blockIndex: Int32Array,
  railY: number,
): { paths: EdgePath[]; index: Int32Array } {
  const index = new Int32Array(2 * view.length).fill(-1);
  const paths: EdgePath[] = [];
  // Edges to or from a block merge into one drawn edge per pair of ends. A tape of 100,000 steps
  // has millions of edges, so the pairs are numbered, not named: an end is a node id (≥ 0) or
  // −1 − its block's index, and a pair is one number.
  const merged = new Map<number, number>();
  const codeOf = (id: number) => (nodeIndex[id] >= 0 ? id : -1 - blockIndex[id]);
  const endOfCode = (code: number): End => (code >= 0 ? { kind: 'node', id: code } : { kind: 'block', index: -1 - code });
  const offset = blocks.length + 1;
  const spine = rowY(2);
  for (let child = 0; child < view.length; child++) {
    for (let slot = 0 as 0 | 1; slot <= 1; slot++) {
      const parent = slot === 0 ? view.parent0[child] : view.parent1[child];
      if (parent < 0) continue;
      const edge = 2 * child + slot;
      const fromCode = codeOf(parent);
      const toCode = codeOf(child);
      if (fromCode < 0 && fromCode === toCode) continue;
      const pair = fromCode < 0 || toCode < 0 ? (fromCode + offset) * 4_194_304 + (toCode + offset) : -1;
      let at = pair >= 0 ? merged.get(pair) : undefined;
      if (at !== undefined) {
        paths[at].tapeEdges.push(edge);
        index[edge] = at;
        continue;
      }
      at = paths.length;
      if (pair >= 0) merged.set(pair, at);
      const from = endOfCode(fromCode);
      const to = endOfCode(toCode);
      const key = pair >= 0 ? `${keyOf(from)}>${keyOf(to)}` : `e${edge}`;
      const binary = view.parent1[child] >= 0;
      const fromRail = from.kind === 'node' && parent === 0;
      let d: string;
      let mid: { x: number; y: number };
      let xs: [number, number];
      if (to.kind === 'node') {
        const n = nodes[nodeIndex[child]];
        const tx = n.x - NODE_W / 2;
        const ty = n.y + slotOffset(binary, slot);
        if (fromRail) {
          const c = nodes[nodeIndex[parent]];
          d = `M${r(c.x + NODE_W / 2)},${r(railY)}H${r(tx - 26)}${sCurve(tx - 26, railY, tx, ty).replace(/^M[^C]+/, '')}`;
          mid = { x: r(tx - 13), y: r((railY + ty) / 2) };
          xs = [c.x + NODE_W / 2, tx];
        } else {
          const [x1, y1] = exitOf(from, nodes, nodeIndex, blocks, spine);
          d = sCurve(x1, y1, tx, ty);
          mid = { x: r((x1 + tx) / 2), y: r((y1 + ty) / 2) };
          xs = [x1, tx];
        }
      } else {
        const b = blocks[to.index];
        if (fromRail) {
          const c = nodes[nodeIndex[parent]];
          const cx = b.x + b.w / 2;
          d = `M${r(c.x + NODE_W / 2)},${r(railY)}H${r(cx - 12)}Q${r(cx)},${r(railY)} ${r(cx)},${r(railY + 12)}V${r(b.y)}`;
          mid = { x: r(cx), y: r((railY + b.y) / 2) };
          xs = [c.x + NODE_W / 2, cx];
        } else {
          const [x1, y1] = exitOf(from, nodes, nodeIndex, blocks, spine);
          d = sCurve(x1, y1, b.x, spine);
          mid = { x: r((x1 + b.x) / 2), y: r((y1 + spine) / 2) };
          xs = [x1, b.x];
        }
      }
      paths.push({ key, from, to, d, mid, x0: r(Math.min(...xs)), x1: r(Math.max(...xs)), tapeEdges: [edge], ...(fromRail ? { rail: true } : {}) });
      index[edge] = at;
    }
  }
  return { paths, index };
}

function keyOf(end: End): string {
  return end.kind === 'node' ? `n${end.id}` : `b${end.index}`;
}

/** Where an edge leaves its parent: the right side of a node, or the block's right side on the spine. */
function exitOf(from: End, nodes: NodeBox[], nodeIndex: Int32Array, blocks: BlockBox[], spine: number): [number, number] {
  if (from.kind === 'node') {
    const n = nodes[nodeIndex[from.id]];
    return [n.x + NODE_W / 2, n.y];
  }
  const b = blocks[from.index];
  return [b.x + b.w, spine];
}
