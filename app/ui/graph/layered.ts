import type { default as Dagre } from '@dagrejs/dagre';
import { curveMonotoneX, curveMonotoneY, line } from 'd3';
import type { Box, Point } from './geometry.ts';

type DagreModule = typeof Dagre;

/** Left to right (wide screens) or top to bottom (narrow ones). */
export type GraphDirection = 'LR' | 'TB';

/** A graph of at most two parents a node, as a tape stores it: parent indices, −1 where none. */
export interface GraphShape {
  length: number;
  parent0: ArrayLike<number>;
  parent1: ArrayLike<number>;
}

export interface LayeredOptions {
  direction: GraphDirection;
  /** Text size in pixels; every gap scales with it. */
  font: number;
  /**
   * The lines each node's box must hold, at their widest (a box keeps its size while its numbers
   * change, so the graph does not jump as a sweep fills in adjoints).
   */
  nodeLines: readonly (readonly string[])[];
  /** The label of the edge into `child` from its parent in `slot` (0 or 1), '' for none. */
  edgeLabel: (child: number, slot: 0 | 1) => string;
  /** Width of a text in pixels at `font` (bold, the widest weight drawn). */
  measure: (text: string) => number;
  /** Width of an edge's label, if it is drawn at another weight than `measure` assumes. */
  measureLabel?: (text: string) => number;
  /** A fixed size for every box, instead of one from its lines (the tape explorer's nodes). */
  nodeSize?: { width: number; height: number };
  /** Draw the inputs in the tape's order, first at the top (LR) or left (TB), even at the cost of a crossing. */
  inputsInOrder?: boolean;
}

/** A node's box, by its centre and size. */
export interface LaidNode extends Box {
  id: number;
}

/** An edge from `parent` to `child`, as a polyline from the parent's box to the child's. */
export interface LaidEdge {
  /** The tape edge: 2·child + slot. */
  key: number;
  child: number;
  parent: number;
  slot: 0 | 1;
  /** From the parent's border to the child's border (where the arrowhead's tip goes). */
  points: Point[];
  /** The label's box, centred on the edge; null for an unlabelled edge. */
  label: (Box & { text: string }) | null;
}

export interface LayeredGraph {
  direction: GraphDirection;
  width: number;
  height: number;
  font: number;
  /** Length of an edge's arrowhead: shorter than the straight stub every edge ends with. */
  arrow: number;
  /** Distance between two lines of a node's text. */
  lineHeight: number;
  /** Inner padding of a node's box (each side, along the text). */
  padX: number;
  padY: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

/** Text size to line height. */
export const LINE = 1.25;

/**
 * Lays a small graph out in layers, parents before children (dagre's Sugiyama layout: ranks,
 * crossing reduction, placement), with every edge's label given room of its own.
 *
 * Edges are routed so that they never pass through a node they do not join. Every node of a
 * layer, and every label of the half-layer between two layers, lies within that layer's band;
 * an edge crosses a band only straight along the layout's direction, at a height dagre kept free
 * for it (a dummy node's), and changes height only in the empty gaps between bands. It enters
 * and leaves each box through ports spread along the box's side in the order of where the edges
 * come from, so edges into one node do not cross next to it.
 */
export function layeredGraph(dagre: DagreModule, shape: GraphShape, options: LayeredOptions): LayeredGraph {
  const { direction, font, nodeLines, edgeLabel, measure } = options;
  const tb = direction === 'TB';
  const lineHeight = Math.round(font * LINE);
  const padX = Math.round(font * 0.4);
  const padY = Math.round(font * 0.3);
  // Every edge leaves and enters a box straight, along a stub longer than its arrowhead.
  const arrow = Math.round(font * 0.45);
  const stub = Math.round(font * 0.6);

  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({
    rankdir: direction,
    nodesep: Math.round(font * 0.9),
    edgesep: Math.round(font * 0.6),
    // dagre halves this to make a half-layer for the labels: a gap of one font size either side,
    // room for the straight stub an arrowhead sits on and a turn.
    ranksep: Math.round(font * 2),
    marginx: Math.round(font * 0.25),
    marginy: Math.round(font * 0.5),
    // Layers by depth, as a textbook draws a program: every input in the first layer, each node one
    // layer past its furthest parent. Ranks count half-layers, the odd ones for the labels.
    ranker: 'none',
  });
  g.setDefaultEdgeLabel(() => ({}));
  const size: { width: number; height: number }[] = [];
  const depth = depthOf(shape);
  for (let i = 0; i < shape.length; i++) {
    const lines = nodeLines[i] ?? [];
    const width = options.nodeSize?.width ?? Math.ceil(Math.max(font * 2, ...lines.map(measure)) + 2 * padX);
    const height = options.nodeSize?.height ?? Math.ceil(lines.length * lineHeight + 2 * padY);
    size.push({ width, height });
    g.setNode(String(i), { width, height, rank: 2 * depth[i] });
  }
  const labelPad = Math.round(font * 0.2);
  const edgeList: { key: number; child: number; parent: number; slot: 0 | 1; text: string; width: number; height: number }[] = [];
  for (let child = 0; child < shape.length; child++) {
    for (const slot of [0, 1] as const) {
      const parent = slot === 0 ? shape.parent0[child] : shape.parent1[child];
      if (parent < 0) continue;
      const text = edgeLabel(child, slot);
      const width = text ? Math.ceil((options.measureLabel ?? measure)(text) + 2 * labelPad) : 0;
      const height = text ? lineHeight : 0;
      const key = 2 * child + slot;
      edgeList.push({ key, child, parent, slot, text, width, height });
      g.setEdge(String(parent), String(child), { width, height, labelpos: 'c' }, String(key));
    }
  }
  // dagre's orderings are a heuristic: it left one crossing in the chain chapter's graph. Its order is
  // refined here by sifting, which small graphs afford.
  dagre.layout(g, { customOrder: (inner, order) => (order(inner), siftOrder(inner, options.inputsInOrder)) });

  // From here on, work as if the layout ran left to right: `m` is along the layers, `c` across.
  const toM = (p: Point) => (tb ? p.y : p.x);
  const toC = (p: Point) => (tb ? p.x : p.y);
  const back = (m: number, c: number): Point => (tb ? { x: c, y: m } : { x: m, y: c });
  const centre: Point[] = [];
  const extentM: number[] = [];
  const extentC: number[] = [];
  for (let i = 0; i < shape.length; i++) {
    const at = g.node(String(i));
    centre.push({ x: at.x, y: at.y });
    extentM.push(tb ? size[i].height : size[i].width);
    extentC.push(tb ? size[i].width : size[i].height);
  }

  // Each layer's band: half its thickness along m, keyed by its position.
  const bandKey = (m: number) => Math.round(m * 100);
  const band = new Map<number, number>();
  const widen = (m: number, half: number) => band.set(bandKey(m), Math.max(band.get(bandKey(m)) ?? 0, half));
  for (let i = 0; i < shape.length; i++) widen(toM(centre[i]), extentM[i] / 2);
  const raw = edgeList.map((e) => {
    const label = g.edge({ v: String(e.parent), w: String(e.child), name: String(e.key) });
    const inner = (label.points ?? []).slice(1, -1).map((p: Point) => ({ m: toM(p), c: toC(p) }));
    const at = e.text && typeof label.x === 'number' ? { m: toM(label as Point), c: toC(label as Point) } : null;
    if (at) widen(at.m, (tb ? e.height : e.width) / 2);
    return { ...e, inner, at };
  });
  const halfAt = (m: number) => band.get(bandKey(m)) ?? 0;

  // Ports: where each edge leaves its parent and enters its child, across the box's side, in the
  // order of the point the edge comes from or goes to.
  const portOut = new Map<number, number>();
  const portIn = new Map<number, number>();
  const spread = (node: number, list: { key: number; toward: number }[], into: Map<number, number>) => {
    list.sort((a, b) => a.toward - b.toward || a.key - b.key);
    const span = extentC[node];
    const gap = Math.min(span / (list.length + 1), font * 1.2);
    list.forEach((item, k) => into.set(item.key, toC(centre[node]) + (k - (list.length - 1) / 2) * gap));
  };
  for (let i = 0; i < shape.length; i++) {
    const outs = raw.filter((e) => e.parent === i).map((e) => ({ key: e.key, toward: e.inner[0]?.c ?? toC(centre[e.child]) }));
    const ins = raw.filter((e) => e.child === i).map((e) => ({ key: e.key, toward: e.inner[e.inner.length - 1]?.c ?? toC(centre[e.parent]) }));
    spread(i, outs, portOut);
    spread(i, ins, portIn);
  }

  const edges: LaidEdge[] = raw.map((e) => {
    const from = toM(centre[e.parent]);
    const to = toM(centre[e.child]);
    const c0 = portOut.get(e.key)!;
    const c1 = portIn.get(e.key)!;
    const path: Point[] = [back(from + extentM[e.parent] / 2, c0), back(from + halfAt(from) + stub, c0)];
    for (const p of e.inner) {
      const half = halfAt(p.m);
      if (half > 0) path.push(back(p.m - half, p.c), back(p.m + half, p.c));
      else path.push(back(p.m, p.c));
    }
    path.push(back(to - halfAt(to) - stub, c1), back(to - extentM[e.child] / 2, c1));
    const label = e.at ? { ...back(e.at.m, e.at.c), width: e.width, height: e.height, text: e.text } : null;
    return { key: e.key, child: e.child, parent: e.parent, slot: e.slot, points: dedupe(path), label };
  });
  const nodes: LaidNode[] = centre.map((p, i) => ({ id: i, x: p.x, y: p.y, width: size[i].width, height: size[i].height }));
  const graph = g.graph();
  return { direction, width: Math.ceil(graph.width ?? 0), height: Math.ceil(graph.height ?? 0), font, arrow, lineHeight, padX, padY, nodes, edges };
}

/** Above this many edges (dummies included), dagre's own order is kept. */
export const SIFT_LIMIT = 150;

interface OrderGraph {
  nodes(): string[];
  edges(): { v: string; w: string }[];
  node(id: string): { rank?: number; order?: number };
}

/**
 * Lowers the number of crossings of dagre's layered graph (dummy nodes included, every edge
 * between neighbouring layers) by sifting: each node in turn tries every place in its layer and
 * keeps the one with the fewest crossings, until no move helps. With `inputsInOrder` the first
 * layer, the inputs, is not sifted: it keeps the tape's order (practice's graphs, whose answer
 * fields list the inputs in that order). The lesson's own graphs sift it too: held in order,
 * the chain chapter's expressions would cross.
 */
export function siftOrder(graph: OrderGraph, inputsInOrder = false): void {
  // Each try recounts every crossing: affordable for the lesson's graphs and small tapes only.
  if (graph.edges().length > SIFT_LIMIT) return;
  const layers = new Map<number, string[]>();
  for (const id of graph.nodes()) {
    const rank = graph.node(id).rank ?? 0;
    if (!layers.has(rank)) layers.set(rank, []);
    layers.get(rank)!.push(id);
  }
  for (const ids of layers.values()) ids.sort((a, b) => (graph.node(a).order ?? 0) - (graph.node(b).order ?? 0));
  const edges = graph.edges().map((e) => [e.v, e.w] as const);
  const rankOf = (id: string) => graph.node(id).rank ?? 0;
  let best: Map<number, string[]>;
  if (inputsInOrder && layers.has(0)) {
    // Inputs in the tape's order, as an evaluation trace lists them (x₁ above x₂): the other
    // layers sift around them, from three starts, and the fewest crossings win. dagre ordered the
    // later layers for its own order of the inputs; so one start keeps that order, the others
    // order each later layer by the mean place of its parents (the barycentre), ties broken one
    // way or the other (a sift moves one place-holder at a time, so it cannot move a long edge
    // from one side of a chain to the other).
    const inOrder = (from: Map<number, string[]>) => new Map([...from].map(([rank, ids]) => [rank, rank === 0 ? [...ids].sort((a, b) => Number(a) - Number(b)) : [...ids]]));
    const starts = [inOrder(layers), barycentred(inOrder(layers), edges, 1), barycentred(inOrder(layers), edges, -1)];
    const tries = starts.map((start) => sifted(start, edges, rankOf, true));
    best = tries.reduce((a, b) => (b.crossings < a.crossings ? b : a)).layers;
  } else {
    best = sifted(layers, edges, rankOf, false).layers;
  }
  for (const ids of best.values()) ids.forEach((id, k) => (graph.node(id).order = k));
}

/**
 * Each layer after the first ordered by the mean place of its parents, layer by layer. Ties (two
 * edges out of one node, each with its label's place-holder) go in the tape's order of the node
 * each leads to (`tie` 1), or the reverse (-1).
 */
function barycentred(layers: Map<number, string[]>, edges: readonly (readonly [string, string])[], tie: 1 | -1): Map<number, string[]> {
  const next = new Map<string, string>();
  for (const [v, w] of edges) if (!next.has(v)) next.set(v, w);
  // The tape node a place-holder leads to (dagre's own ids are not numbers).
  const leadsTo = (id: string): number => {
    for (let at: string | undefined = id, hops = 0; at !== undefined && hops < 1000; at = next.get(at), hops++) {
      if (/^\d+$/.test(at)) return Number(at);
    }
    return Number.MAX_SAFE_INTEGER;
  };
  const position = new Map<string, number>();
  for (const ids of layers.values()) ids.forEach((id, k) => position.set(id, k));
  for (const rank of [...layers.keys()].sort((a, b) => a - b).slice(1)) {
    const ids = layers.get(rank)!;
    const centre = new Map<string, number>();
    for (const id of ids) {
      const from = edges.filter(([, w]) => w === id).map(([v]) => position.get(v)!);
      centre.set(id, from.length > 0 ? from.reduce((a, b) => a + b, 0) / from.length : position.get(id)!);
    }
    ids.sort((a, b) => centre.get(a)! - centre.get(b)! || tie * (leadsTo(a) - leadsTo(b)));
    ids.forEach((id, k) => position.set(id, k));
  }
  return layers;
}

/**
 * Sifting from the given order (changed in place): each node in turn tries every place in its
 * layer and keeps the one with the fewest crossings, until no move helps; with `fixFirst` the
 * first layer stays as it is. Returns the layers and their crossings.
 */
function sifted(
  layers: Map<number, string[]>,
  edges: readonly (readonly [string, string])[],
  rankOf: (id: string) => number,
  fixFirst: boolean,
): { layers: Map<number, string[]>; crossings: number } {
  const position = new Map<string, number>();
  const renumber = (ids: string[]) => ids.forEach((id, k) => position.set(id, k));
  for (const ids of layers.values()) renumber(ids);
  const crossings = () => {
    let n = 0;
    for (let i = 0; i < edges.length; i++) {
      for (let j = 0; j < i; j++) {
        const [a, b] = edges[i];
        const [c, d] = edges[j];
        if (rankOf(a) !== rankOf(c)) continue;
        const before = position.get(a)! - position.get(c)!;
        const after = position.get(b)! - position.get(d)!;
        if (before * after < 0) n++;
      }
    }
    return n;
  };
  let best = crossings();
  for (let pass = 0; pass < 20 && best > 0; pass++) {
    let moved = false;
    for (const [rank, ids] of layers) {
      if (rank === 0 && fixFirst) continue;
      for (const id of [...ids]) {
        const from = ids.indexOf(id);
        let bestAt = from;
        for (let to = 0; to < ids.length; to++) {
          if (to === from) continue;
          ids.splice(ids.indexOf(id), 1);
          ids.splice(to, 0, id);
          renumber(ids);
          const n = crossings();
          if (n < best) {
            best = n;
            bestAt = to;
          }
        }
        ids.splice(ids.indexOf(id), 1);
        ids.splice(bestAt, 0, id);
        renumber(ids);
        if (bestAt !== from) moved = true;
      }
    }
    if (!moved) break;
  }
  return { layers, crossings: best };
}

/** Each node's layer: 0 for a node with no parents, else one more than its furthest parent's. */
export function depthOf(shape: GraphShape): Int32Array {
  const depth = new Int32Array(shape.length);
  for (let i = 0; i < shape.length; i++) {
    const p0 = shape.parent0[i];
    const p1 = shape.parent1[i];
    depth[i] = Math.max(p0 >= 0 ? depth[p0] + 1 : 0, p1 >= 0 ? depth[p1] + 1 : 0);
  }
  return depth;
}

function dedupe(points: Point[]): Point[] {
  return points.filter((p, k) => k === 0 || Math.abs(p.x - points[k - 1].x) > 1e-6 || Math.abs(p.y - points[k - 1].y) > 1e-6);
}

/**
 * The SVG path of an edge: a monotone curve through its points, which stays within each
 * segment's bounding box, so it keeps the polyline's clearances.
 */
export function edgePath(edge: LaidEdge, direction: GraphDirection): string {
  const curve = line<Point>()
    .x((p) => p.x)
    .y((p) => p.y)
    .curve(direction === 'TB' ? curveMonotoneY : curveMonotoneX);
  return curve(edge.points) ?? '';
}

const NARROW = /[.,:;!|il'ıj()\s]/;
const WIDE = /[mwMW×÷−+=√²—]/;

/**
 * A text's width in pixels at `font`, bold, estimated from its characters (for layouts computed
 * without a canvas to measure with; errs wide). Combining marks, like the bar of v̄, take none.
 */
export function estimateTextWidth(text: string, font: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[\u0300-\u036f]/.test(ch)) continue;
    if (NARROW.test(ch)) em += 0.34;
    else if (WIDE.test(ch)) em += 0.8;
    else if (/[A-Z]/.test(ch)) em += 0.72;
    else em += 0.62;
  }
  return em * font;
}
