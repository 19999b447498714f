import type { default as Dagre } from '@dagrejs/dagre';
import { line, curveBasis } from 'd3';
import { NODE_H, NODE_W, r, tapeEdges, type EdgePath, type GraphInput, type GraphLayout, type NodeBox } from './layout.ts';

type DagreModule = typeof Dagre;

const MARGIN = 24;

/**
 * Any tape as a layered graph, left to right (dagre's Sugiyama layout: longest-path ranks,
 * crossing reduction, node placement). Pure, given the dagre module.
 */
export function layeredLayout(dagre: DagreModule, view: GraphInput): GraphLayout {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 40, edgesep: 8, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (let i = 0; i < view.length; i++) g.setNode(String(i), { width: NODE_W, height: NODE_H });
  for (const [edge, child, parent] of tapeEdges(view)) g.setEdge(String(parent), String(child), {}, String(edge));
  dagre.layout(g);

  const nodes: NodeBox[] = [];
  const nodeIndex = new Int32Array(view.length);
  for (let i = 0; i < view.length; i++) {
    const at = g.node(String(i));
    nodeIndex[i] = nodes.length;
    nodes.push({ id: i, x: r(at.x), y: r(at.y) });
  }
  const curve = line<{ x: number; y: number }>()
    .x((p) => p.x)
    .y((p) => p.y)
    .curve(curveBasis);
  const edges: EdgePath[] = [];
  const edgeIndex = new Int32Array(2 * view.length).fill(-1);
  for (const [edge, child, parent] of tapeEdges(view)) {
    const points: { x: number; y: number }[] = g.edge({ v: String(parent), w: String(child), name: String(edge) }).points ?? [];
    const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    edgeIndex[edge] = edges.length;
    edges.push({
      key: `e${edge}`,
      from: { kind: 'node', id: parent },
      to: { kind: 'node', id: child },
      d: curve(points) ?? '',
      mid: { x: r(mid.x), y: r(mid.y) },
      x0: r(Math.min(...points.map((p) => p.x))),
      x1: r(Math.max(...points.map((p) => p.x))),
      tapeEdges: [edge],
    });
  }
  const graph = g.graph();
  return {
    width: graph.width ?? 0,
    height: graph.height ?? 0,
    nodes,
    blocks: [],
    edges,
    bands: [],
    railY: null,
    nodeIndex,
    blockIndex: new Int32Array(view.length).fill(-1),
    edgeIndex,
  };
}

let loading: Promise<DagreModule> | null = null;

/**
 * Loads dagre on first use. It is only needed for tapes the chain template does not fit, so it
 * stays out of the page's first load.
 */
export function loadDagre(): Promise<DagreModule> {
  loading ??= import('@dagrejs/dagre').then((m) => m.default);
  return loading;
}
