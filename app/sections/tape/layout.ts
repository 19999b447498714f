/**
 * The computation graph's geometry, as plain data: where each visible node and each collapsed
 * block sits, and the path of each drawn edge. Computed by pure functions (chainLayout for the
 * chain's repeated step, layeredLayout for any other tape); the graph component only places them.
 */

/** Every node box has the same size. */
export const NODE_W = 64;
export const NODE_H = 44;

/** A visible node, by its centre. */
export interface NodeBox {
  id: number;
  x: number;
  y: number;
}

/** A chain step drawn as one box (its nodes hidden), by its top-left corner. */
export interface BlockBox {
  step: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** First and last tape node of the step. */
  first: number;
  last: number;
  /** The node that leaves the block (the step's output x_{t+1}). */
  out: number;
}

/** What an edge end is attached to: a visible node or a collapsed block. */
export type End = { kind: 'node'; id: number } | { kind: 'block'; index: number };

export interface EdgePath {
  /** Stable key for React. */
  key: string;
  from: End;
  to: End;
  /** SVG path from the parent end to the child end. */
  d: string;
  /** Where a label for the edge goes (the partial on the current edge). */
  mid: { x: number; y: number };
  /** Its horizontal extent, for drawing only what is on screen. */
  x0: number;
  x1: number;
  /**
   * True for an edge that runs along the rail from the shared input (c) to its step: it is drawn
   * when its end is on screen, since every one of them starts at the far left.
   */
  rail?: boolean;
  /** Tape edges (2·child + slot) this drawn edge stands for. */
  tapeEdges: number[];
}

/** A labelled band under the graph: "t = 3" under an expanded step. */
export interface StepBand {
  step: number;
  x: number;
  w: number;
  /** Whether the step can be collapsed again (large chains only). */
  collapsible: boolean;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: NodeBox[];
  blocks: BlockBox[];
  edges: EdgePath[];
  bands: StepBand[];
  /** y of the rail that carries a shared input (c) to every step, or null. */
  railY: number | null;
  /** For each tape node: its index in `nodes`, or −1 when hidden in a block. */
  nodeIndex: Int32Array;
  /** For each tape node hidden in a collapsed step: its index in `blocks`, else −1. */
  blockIndex: Int32Array;
  /** For each tape edge 2·child + slot: its index in `edges`, or −1 when inside a block. */
  edgeIndex: Int32Array;
}

/** The structure a layout needs from a tape view. */
export interface GraphInput {
  length: number;
  parent0: Int32Array;
  parent1: Int32Array;
  output: number;
}

/** The tape edges of node i: [2i, parent0] and, for binary ops, [2i + 1, parent1]. */
export function* tapeEdges(input: GraphInput): Generator<[edge: number, child: number, parent: number, slot: 0 | 1]> {
  for (let i = 0; i < input.length; i++) {
    if (input.parent0[i] >= 0) yield [2 * i, i, input.parent0[i], 0];
    if (input.parent1[i] >= 0) yield [2 * i + 1, i, input.parent1[i], 1];
  }
}

/** A horizontal S-curve from (x1, y1) to (x2, y2): leaves and arrives level. */
export function sCurve(x1: number, y1: number, x2: number, y2: number): string {
  const mx = (x1 + x2) / 2;
  return `M${r(x1)},${r(y1)}C${r(mx)},${r(y1)} ${r(mx)},${r(y2)} ${r(x2)},${r(y2)}`;
}

/** Rounds to a tenth of a pixel, so path strings stay short and comparable in tests. */
export function r(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Where the edge into slot 0 or 1 of a binary node arrives, relative to the node's centre. */
export function slotOffset(binary: boolean, slot: 0 | 1): number {
  return binary ? (slot === 0 ? -9 : 9) : 0;
}

/** Rectangles that overlap (touching edges do not count). */
export function overlaps(
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The box of a visible node. */
export function nodeRect(n: NodeBox): { x: number; y: number; w: number; h: number } {
  return { x: n.x - NODE_W / 2, y: n.y - NODE_H / 2, w: NODE_W, h: NODE_H };
}

/** Where to look to show tape node i: its own box or the block that hides it. */
export function focusPoint(layout: GraphLayout, i: number): { x: number; y: number } | null {
  const n = layout.nodeIndex[i];
  if (n >= 0) return { x: layout.nodes[n].x, y: layout.nodes[n].y };
  const b = layout.blockIndex[i];
  if (b >= 0) {
    const block = layout.blocks[b];
    return { x: block.x + block.w / 2, y: block.y + block.h / 2 };
  }
  return null;
}

/** The part of the graph worth drawing: a horizontal range in graph units, and whether labels show. */
export interface DrawWindow {
  x0: number;
  x1: number;
  /** Text is drawn only at scales where it can be read. */
  detail: boolean;
}

/** Below this scale node labels are too small to read and are not drawn. */
export const DETAIL_SCALE = 0.45;

/**
 * The window to draw for a viewport `width` px wide at transform (x, k): what is on screen and one
 * screen more on each side, so a pan shows drawn graph before the window catches up. Returns
 * `current` itself while the screen is still well inside it (so panning rarely re-renders).
 */
export function drawWindow(t: { x: number; k: number }, width: number, current: DrawWindow | null): DrawWindow {
  const left = -t.x / t.k;
  const right = (width - t.x) / t.k;
  const span = right - left;
  const detail = t.k >= DETAIL_SCALE;
  if (current && current.detail === detail && left - current.x0 >= span / 2 && current.x1 - right >= span / 2) return current;
  return { x0: left - span, x1: right + span, detail };
}

/** Indices of the layout's nodes, blocks and edges that reach into the window. */
export function drawnItems(layout: GraphLayout, w: DrawWindow): { nodes: number[]; blocks: number[]; edges: number[] } {
  const nodes: number[] = [];
  const blocks: number[] = [];
  const edges: number[] = [];
  layout.nodes.forEach((n, i) => {
    if (n.x + NODE_W / 2 >= w.x0 && n.x - NODE_W / 2 <= w.x1) nodes.push(i);
  });
  layout.blocks.forEach((b, i) => {
    if (b.x + b.w >= w.x0 && b.x <= w.x1) blocks.push(i);
  });
  layout.edges.forEach((e, i) => {
    if (e.x1 >= w.x0 && (e.rail ? e.x1 : e.x0) <= w.x1) edges.push(i);
  });
  return { nodes, blocks, edges };
}
