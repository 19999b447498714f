import type { default as Dagre } from '@dagrejs/dagre';
import { edgePath, layeredGraph } from '../../ui/graph/layered.ts';
import { NODE_H, NODE_W, r, tapeEdges, type EdgePath, type GraphInput, type GraphLayout, type NodeBox } from './layout.ts';

type DagreModule = typeof Dagre;

/** The text size the explorer's spacing is measured in. */
const FONT = 16;

/**
 * Any tape as a layered graph, left to right: the lesson's layout (`layeredGraph`, dagre's
 * Sugiyama layout with layers by depth and crossings sifted away), with the explorer's fixed
 * boxes. No edge passes through a node it does not join. Pure, given the dagre module.
 */
export function layeredLayout(dagre: DagreModule, view: GraphInput): GraphLayout {
  const g = layeredGraph(dagre, view, {
    direction: 'LR',
    font: FONT,
    nodeLines: [],
    edgeLabel: () => '',
    measure: () => 0,
    nodeSize: { width: NODE_W, height: NODE_H },
  });
  const nodes: NodeBox[] = g.nodes.map((n) => ({ id: n.id, x: r(n.x), y: r(n.y) }));
  const nodeIndex = new Int32Array(view.length);
  for (let i = 0; i < view.length; i++) nodeIndex[i] = i;
  const byKey = new Map(g.edges.map((e) => [e.key, e]));
  const edges: EdgePath[] = [];
  const edgeIndex = new Int32Array(2 * view.length).fill(-1);
  for (const [edge, child, parent] of tapeEdges(view)) {
    const laid = byKey.get(edge)!;
    const points = laid.points;
    // The label goes at the middle of the middle segment.
    const k = Math.max(0, Math.floor((points.length - 2) / 2));
    const a = points[k];
    const b = points[Math.min(k + 1, points.length - 1)];
    edgeIndex[edge] = edges.length;
    edges.push({
      key: `e${edge}`,
      from: { kind: 'node', id: parent },
      to: { kind: 'node', id: child },
      d: edgePath(laid, 'LR'),
      mid: { x: r((a.x + b.x) / 2), y: r((a.y + b.y) / 2) },
      x0: r(Math.min(...points.map((p) => p.x))),
      x1: r(Math.max(...points.map((p) => p.x))),
      tapeEdges: [edge],
    });
  }
  return {
    width: g.width,
    height: g.height,
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
