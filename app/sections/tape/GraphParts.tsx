import { memo } from 'react';
import { NODE_H, NODE_W } from './layout.ts';

/** How a node or block is drawn at this moment, as one class list (CSS does the rest). */
export interface GlyphState {
  className: string;
}

interface NodeGlyphProps {
  id: number;
  x: number;
  y: number;
  /** First line: the op, or an input's name. */
  label: string;
  /** What the node stands for in the program ('x₃', 'L'), drawn above the box. */
  tag: string;
  /** Second line: the value, '' before it is recorded. */
  value: string;
  /** Third line: the adjoint, '' before anything reached it. */
  adjoint: string;
  /** 'received/uses' on a node read more than once, during the sweep. */
  badge: string;
  className: string;
  /** Spoken and hover text. */
  title: string;
  leaf: boolean;
  /** False when zoomed too far out to read: the box alone is drawn. */
  detail: boolean;
}

/** One node of the graph: a box with its op, value and adjoint. */
export const NodeGlyph = memo(function NodeGlyph(p: NodeGlyphProps) {
  return (
    <g className={`g-node ${p.className}`} transform={`translate(${p.x},${p.y})`} data-node={p.id}>
      <title>{p.title}</title>
      <rect className="g-box" x={-NODE_W / 2} y={-NODE_H / 2} width={NODE_W} height={NODE_H} rx={p.leaf ? NODE_H / 2 : 6} />
      {p.detail ? <NodeText {...p} /> : null}
    </g>
  );
});

function NodeText(p: NodeGlyphProps) {
  return (
    <>
      {p.tag ? (
        <text className="g-tag" x={-NODE_W / 2 + 2} y={-NODE_H / 2 - 4}>
          {p.tag}
        </text>
      ) : null}
      <text className="g-op" y={-7}>
        {p.label}
      </text>
      <text className="g-value" y={6}>
        {p.value}
      </text>
      <text className="g-adjoint" y={18}>
        {p.adjoint}
      </text>
      {p.badge ? (
        <g className="g-badge" transform={`translate(${NODE_W / 2 - 2},${NODE_H / 2})`}>
          <rect x={-15} y={-8} width={30} height={15} rx={7.5} />
          <text y={3.5}>{p.badge}</text>
        </g>
      ) : null}
    </>
  );
}

interface BlockGlyphProps {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
  step: number;
  /** Nodes the block hides. */
  nodes: number;
  /** The step's output x_{t+1}: its name, value and adjoint as they stand. */
  outTag: string;
  value: string;
  adjoint: string;
  className: string;
  title: string;
  detail: boolean;
}

/** A collapsed chain step: one box standing for its nodes; a click opens it. */
export const BlockGlyph = memo(function BlockGlyph(p: BlockGlyphProps) {
  return (
    <g className={`g-block ${p.className}`} transform={`translate(${p.x},${p.y})`} data-block={p.index}>
      <title>{p.title}</title>
      <rect className="g-box" width={p.w} height={p.h} rx={8} />
      {p.detail ? <BlockText {...p} /> : null}
    </g>
  );
});

function BlockText(p: BlockGlyphProps) {
  const cx = p.w / 2;
  return (
    <>
      <text className="g-op" x={cx} y={18}>
        step {p.step}
      </text>
      <text className="g-hint" x={cx} y={32}>
        {p.nodes} nodes
      </text>
      <text className="g-tag" x={cx} y={p.h / 2 + 16}>
        {p.outTag}
      </text>
      <text className="g-value" x={cx} y={p.h / 2 + 30}>
        {p.value}
      </text>
      <text className="g-adjoint" x={cx} y={p.h / 2 + 43}>
        {p.adjoint}
      </text>
      <text className="g-hint" x={cx} y={p.h - 8}>
        + open
      </text>
    </>
  );
}

/** One drawn edge. */
export const EdgeLine = memo(function EdgeLine({ d, className }: { d: string; className: string }) {
  return <path className={`g-edge ${className}`} d={d} />;
});
