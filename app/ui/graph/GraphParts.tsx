import { edgePath, type GraphDirection, type LaidEdge, type LaidNode, type LayeredGraph } from './layered.ts';
import type { Point } from './geometry.ts';

/** The arrowheads: one for a plain edge, one for a swept (blue) one. Ids are made from `id`. */
export function GraphMarkers({ id, size }: { id: string; size: number }) {
  return (
    <defs>
      {(['plain', 'swept'] as const).map((kind) => (
        <marker
          key={kind}
          id={`${id}-${kind}`}
          className={`xg-arrow ${kind}`}
          viewBox="0 0 10 10"
          refX={0}
          refY={5}
          markerUnits="userSpaceOnUse"
          markerWidth={size}
          markerHeight={size}
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      ))}
    </defs>
  );
}

/** The polyline pulled back by `by` at its end, so the arrowhead ends where the line did. */
function shorten(points: Point[], by: number): Point[] {
  const out = points.slice();
  const last = out[out.length - 1];
  const before = out[out.length - 2];
  const length = Math.hypot(last.x - before.x, last.y - before.y);
  if (length <= by) return out;
  const t = (length - by) / length;
  out[out.length - 1] = { x: before.x + (last.x - before.x) * t, y: before.y + (last.y - before.y) * t };
  return out;
}

interface GraphEdgeProps {
  edge: LaidEdge;
  direction: GraphDirection;
  /** The id given to GraphMarkers. */
  markerId: string;
  /** The arrowhead's length. */
  arrow: number;
  state: 'plain' | 'swept' | 'current';
  /** The text on the edge's label box, or null for none. */
  label: string | null;
}

/** One edge: its curve with an arrowhead at the child, and its label on a box of its own. */
export function GraphEdge({ edge, direction, markerId, arrow, state, label }: GraphEdgeProps) {
  const d = edgePath({ ...edge, points: shorten(edge.points, arrow) }, direction);
  const marker = `url(#${markerId}-${state === 'plain' ? 'plain' : 'swept'})`;
  const box = edge.label;
  return (
    <g className={`xg-edge ${state}`} data-edge={edge.key} data-from={edge.parent} data-to={edge.child}>
      <path d={d} markerEnd={marker} />
      {label && box ? (
        <g className="xg-label">
          <rect x={box.x - box.width / 2} y={box.y - box.height / 2} width={box.width} height={box.height} rx={4} />
          <text x={box.x} y={box.y} dy="0.35em" textAnchor="middle">
            {label}
          </text>
        </g>
      ) : null}
    </g>
  );
}

interface GraphNodeProps {
  node: LaidNode;
  graph: Pick<LayeredGraph, 'lineHeight' | 'padY' | 'font'>;
  /** The box's lines, top to bottom; an empty text keeps its line's place. */
  lines: { text: string; kind: string }[];
  /** Extra classes: 'pending', 'recorded', 'in-play', 'receiving'. */
  state: string;
}

/**
 * One node: its box and its lines of text, each on its own line of the box. Lines not filled in
 * yet at the end (the adjoint before the sweep) leave the others centred in the box.
 */
export function GraphNode({ node, graph, lines, state }: GraphNodeProps) {
  let shown = lines.length;
  while (shown > 0 && !lines[shown - 1].text) shown--;
  const top = -node.height / 2 + graph.padY + ((lines.length - shown) * graph.lineHeight) / 2;
  return (
    <g className={`xg-node${state ? ` ${state}` : ''}`} transform={`translate(${node.x},${node.y})`} data-node={node.id}>
      <rect x={-node.width / 2} y={-node.height / 2} width={node.width} height={node.height} rx={8} />
      {lines.map((line, k) =>
        line.text ? (
          <text key={k} className={`xg-${line.kind}`} y={top + graph.lineHeight * (k + 0.5)} dy="0.35em" textAnchor="middle">
            {line.text}
          </text>
        ) : null,
      )}
    </g>
  );
}
