import type { ChainTapeView } from '../../../engine/tape-view.ts';
import { finish, type Slices } from '../../state/perf/slices.ts';
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
  return finish(fitsTemplateSlices(view));
}

/** Steps (or edges' children) handled between two yields of the sliced layout. */
const STEPS_PER_SLICE = 4096;
const CHILDREN_PER_SLICE = 32_768;

function* fitsTemplateSlices(view: ChainInput): Slices<boolean> {
  const T = view.steps;
  if (view.length !== 2 + PER_STEP * T + LOSS_TEMPLATE.length || view.output !== view.length - 1) return false;
  if (view.name[0] !== 'c' || view.opNames[view.op[0]] !== 'input' || view.opNames[view.op[1]] !== 'input') return false;
  for (let t = 0; t < T; t++) {
    if (t % STEPS_PER_SLICE === STEPS_PER_SLICE - 1) yield;
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
  return finish(chainLayoutSlices(view, expanded));
}

/** `chainLayout`, yielding every few thousand steps (app/state/perf/useSliced.ts): 1.4 million nodes at 100,000 steps. */
export function* chainLayoutSlices(view: ChainInput, expanded: Expanded = defaultExpanded(view.steps)): Slices<GraphLayout | null> {
  if (!(yield* fitsTemplateSlices(view))) return null;
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
    if (t % STEPS_PER_SLICE === STEPS_PER_SLICE - 1) yield;
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
  const edges = yield* routeEdges(view, nodes, blocks, nodeIndex, blockIndex, railY);
  return { width, height, nodes, blocks, edges: edges.paths, bands, railY, nodeIndex, blockIndex, edgeIndex: edges.index };
}

/** Draws every tape edge that is not inside a collapsed block; edges to or from a block merge. */
function* routeEdges(
  view: ChainInput,
  nodes: NodeBox[],
  blocks: BlockBox[],
  nodeIndex: Int32Array,
  blockIndex: Int32Array,
  railY: number,
): Slices<{ paths: EdgePath[]; index: Int32Array }> {
  const index = new Int32Array(2 * view.length).fill(-1);
  const paths: EdgePath[] = [];
  // Edges to or from a block merge into one drawn edge per pair of ends. A tape of 100,000 steps
  // has millions of edges, so the pairs are numbered, not named: an end is a node id (≥ 0) or
  // −1 − its block's index. The drawn edges merged into each end are listed from that end's
  // slot in typed arrays (each end has two or three), not kept in a map.
  const heads = new Int32Array(blocks.length + view.length).fill(-1);
  const entryFrom: number[] = [];
  const entryPath: number[] = [];
  const entryNext: number[] = [];
  const slotOf = (toCode: number) => (toCode < 0 ? -1 - toCode : blocks.length + toCode);
  const findMerged = (fromCode: number, toCode: number): number | undefined => {
    for (let e = heads[slotOf(toCode)]; e >= 0; e = entryNext[e]) if (entryFrom[e] === fromCode) return entryPath[e];
    return undefined;
  };
  const addMerged = (fromCode: number, toCode: number, at: number) => {
    const slot = slotOf(toCode);
    entryFrom.push(fromCode);
    entryPath.push(at);
    entryNext.push(heads[slot]);
    heads[slot] = entryFrom.length - 1;
  };
  const codeOf = (id: number) => (nodeIndex[id] >= 0 ? id : -1 - blockIndex[id]);
  const spine = rowY(2);
  for (let child = 0; child < view.length; child++) {
    if (child % CHILDREN_PER_SLICE === CHILDREN_PER_SLICE - 1) yield;
    for (let slot = 0 as 0 | 1; slot <= 1; slot++) {
      const parent = slot === 0 ? view.parent0[child] : view.parent1[child];
      if (parent < 0) continue;
      const edge = 2 * child + slot;
      const fromCode = codeOf(parent);
      const toCode = codeOf(child);
      if (fromCode < 0 && fromCode === toCode) continue;
      const pair = fromCode < 0 || toCode < 0;
      let at = pair ? findMerged(fromCode, toCode) : undefined;
      if (at !== undefined) {
        paths[at].tapeEdges.push(edge);
        index[edge] = at;
        continue;
      }
      at = paths.length;
      if (pair) addMerged(fromCode, toCode, at);
      const from = endOfCode(fromCode);
      const to = endOfCode(toCode);
      const binary = view.parent1[child] >= 0;
      const fromRail = from.kind === 'node' && parent === 0;
      // Only the numbers are kept here; the path, its label's place and its key are written when
      // the edge is drawn (ChainEdge), since a long chain has far more edges than a screen.
      let geometry: Geometry;
      if (to.kind === 'node') {
        const n = nodes[nodeIndex[child]];
        const tx = n.x - NODE_W / 2;
        const ty = n.y + slotOffset(binary, slot);
        if (fromRail) geometry = { shape: 'railToNode', x1: nodes[nodeIndex[parent]].x + NODE_W / 2, y1: railY, x2: tx, y2: ty };
        else {
          const [x1, y1] = exitOf(from, nodes, nodeIndex, blocks, spine);
          geometry = { shape: 'curve', x1, y1, x2: tx, y2: ty };
        }
      } else {
        const b = blocks[to.index];
        if (fromRail) geometry = { shape: 'railToBlock', x1: nodes[nodeIndex[parent]].x + NODE_W / 2, y1: railY, x2: b.x + b.w / 2, y2: b.y };
        else {
          const [x1, y1] = exitOf(from, nodes, nodeIndex, blocks, spine);
          geometry = { shape: 'curve', x1, y1, x2: b.x, y2: spine };
        }
      }
      paths.push(new ChainEdge(fromCode, toCode, pair ? null : edge, geometry, edge, fromRail));
      index[edge] = at;
    }
  }
  return { paths, index };
}

/** An end from its number: a node id (≥ 0) or −1 − a block's index. */
function endOfCode(code: number): End {
  return code >= 0 ? { kind: 'node', id: code } : { kind: 'block', index: -1 - code };
}

/** An edge's shape and ends: a curve between two points, or a drop from the rail to a node or a block. */
interface Geometry {
  shape: 'curve' | 'railToNode' | 'railToBlock';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A drawn edge of the chain's layout, its path text written only when asked for. */
class ChainEdge implements EdgePath {
  readonly x0: number;
  readonly x1: number;
  readonly tapeEdges: number[];
  readonly rail: boolean | undefined;

  constructor(
    /** Its ends: a node id (≥ 0) or −1 − a block's index, kept as numbers (see `from`, `to`). */
    private readonly fromCode: number,
    private readonly toCode: number,
    /** The tape edge it alone stands for (null when edges to or from a block merge into it). */
    private readonly single: number | null,
    private readonly g: Geometry,
    first: number,
    rail: boolean,
  ) {
    this.x0 = r(Math.min(g.x1, g.x2));
    this.x1 = r(Math.max(g.x1, g.x2));
    this.tapeEdges = [first];
    this.rail = rail || undefined;
  }

  get from(): End {
    return endOfCode(this.fromCode);
  }

  get to(): End {
    return endOfCode(this.toCode);
  }

  get key(): string {
    return this.single === null ? `${keyOf(this.from)}>${keyOf(this.to)}` : `e${this.single}`;
  }

  get d(): string {
    const { shape, x1, y1, x2, y2 } = this.g;
    if (shape === 'curve') return sCurve(x1, y1, x2, y2);
    if (shape === 'railToNode') return `M${r(x1)},${r(y1)}H${r(x2 - 26)}${sCurve(x2 - 26, y1, x2, y2).replace(/^M[^C]+/, '')}`;
    return `M${r(x1)},${r(y1)}H${r(x2 - 12)}Q${r(x2)},${r(y1)} ${r(x2)},${r(y1 + 12)}V${r(y2)}`;
  }

  get mid(): { x: number; y: number } {
    const { shape, x1, y1, x2, y2 } = this.g;
    if (shape === 'curve') return { x: r((x1 + x2) / 2), y: r((y1 + y2) / 2) };
    if (shape === 'railToNode') return { x: r(x2 - 13), y: r((y1 + y2) / 2) };
    return { x: r(x2), y: r((y1 + y2) / 2) };
  }
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
