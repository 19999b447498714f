import type { NetworkWeights } from '../../../workers/tensor/protocol.ts';

/** More hidden units than this are not drawn: 4·H lines stop being told apart. */
export const MAX_DRAWN_HIDDEN = 16;

export interface NetworkNode {
  key: string;
  x: number;
  y: number;
  layer: 'input' | 'hidden' | 'output';
  /** Which input, hidden unit or output, from 0. */
  index: number;
}

/** One weight drawn as a line: its value, its sign, and its width (proportional to |weight|). */
export interface NetworkEdge {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  weight: number;
  width: number;
}

export interface NetworkLayout {
  width: number;
  height: number;
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  /** Hidden units in the network, and the ones drawn (all, or the MAX_DRAWN_HIDDEN with the largest weights). */
  hidden: number;
  shown: number[];
  /** Weights in the network (2·H + 2·H), and how many of them are positive. */
  weightCount: number;
  positive: number;
  /** The largest |weight|: a line this heavy is MAX_WIDTH wide. */
  maxAbs: number;
  /** The largest weight by size: from which node to which, and its value. */
  largest: { from: string; to: string; weight: number } | null;
}

/** Line widths: the smallest weight is MIN_WIDTH px, the largest MAX_WIDTH. */
export const MIN_WIDTH = 0.5;
export const MAX_WIDTH = 5;

/** A hidden unit's total |weight|, in and out: how much it matters to the output now. */
function strength(w: NetworkWeights, j: number): number {
  const h = w.hidden;
  return Math.abs(w.w1[j]) + Math.abs(w.w1[h + j]) + Math.abs(w.w2[2 * j]) + Math.abs(w.w2[2 * j + 1]);
}

/**
 * The network 2 → H → 2 as three columns of nodes, `width` × `height` px: the inputs x₁ and x₂,
 * the hidden units, the two outputs (one score per class). Each weight is a line from node to
 * node (W1[i, j] from input i to hidden unit j, W2[j, k] from unit j to output k), its width in
 * proportion to |weight| over the largest |weight| in the network. Past `maxHidden` units only
 * that many are drawn, those with the largest total |weight|, in their order.
 */
export function networkLayout(w: NetworkWeights, width: number, height: number, maxHidden = MAX_DRAWN_HIDDEN): NetworkLayout {
  const h = w.hidden;
  const all = Array.from({ length: h }, (_, j) => j);
  const shown =
    h <= maxHidden
      ? all
      : all
          .sort((a, b) => strength(w, b) - strength(w, a) || a - b)
          .slice(0, maxHidden)
          .sort((a, b) => a - b);
  const pad = 12;
  // Room on the left for "x₁" and on the right for "class 0".
  const xs = [pad + 26, width / 2, width - pad - 56];
  const column = (count: number, spread: number) =>
    Array.from({ length: count }, (_, i) => (count === 1 ? height / 2 : height / 2 + (i - (count - 1) / 2) * spread));
  const hiddenSpread = shown.length > 1 ? Math.min(26, (height - 2 * pad) / (shown.length - 1)) : 0;
  const ioSpread = Math.min(90, height / 2);
  const inY = column(2, ioSpread);
  const hidY = column(shown.length, hiddenSpread);
  const outY = column(2, ioSpread);
  const nodes: NetworkNode[] = [
    ...inY.map((y, i) => ({ key: `in${i}`, x: xs[0], y, layer: 'input' as const, index: i })),
    ...shown.map((j, r) => ({ key: `h${j}`, x: xs[1], y: hidY[r], layer: 'hidden' as const, index: j })),
    ...outY.map((y, k) => ({ key: `out${k}`, x: xs[2], y, layer: 'output' as const, index: k })),
  ];
  let maxAbs = 0;
  let positive = 0;
  let largest: NetworkLayout['largest'] = null;
  const consider = (weight: number, from: string, to: string) => {
    if (weight > 0) positive++;
    if (Math.abs(weight) > maxAbs) {
      maxAbs = Math.abs(weight);
      largest = { from, to, weight };
    }
  };
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < 2; i++) consider(w.w1[i * h + j], `x${i + 1}`, `hidden unit ${j + 1}`);
    for (let k = 0; k < 2; k++) consider(w.w2[j * 2 + k], `hidden unit ${j + 1}`, `class ${k}`);
  }
  const widthOf = (weight: number) => (maxAbs > 0 ? MIN_WIDTH + ((MAX_WIDTH - MIN_WIDTH) * Math.abs(weight)) / maxAbs : MIN_WIDTH);
  const edges: NetworkEdge[] = [];
  shown.forEach((j, r) => {
    for (let i = 0; i < 2; i++) {
      const weight = w.w1[i * h + j];
      edges.push({ key: `w1-${i}-${j}`, x1: xs[0], y1: inY[i], x2: xs[1], y2: hidY[r], weight, width: widthOf(weight) });
    }
    for (let k = 0; k < 2; k++) {
      const weight = w.w2[j * 2 + k];
      edges.push({ key: `w2-${j}-${k}`, x1: xs[1], y1: hidY[r], x2: xs[2], y2: outY[k], weight, width: widthOf(weight) });
    }
  });
  // The heaviest lines last, so they are drawn on top.
  edges.sort((a, b) => Math.abs(a.weight) - Math.abs(b.weight));
  return { width, height, nodes, edges, hidden: h, shown, weightCount: 4 * h, positive, maxAbs, largest };
}

/** The diagram in words, for a screen reader: its shape, the signs, the largest weight. */
export function networkDescription(l: NetworkLayout): string {
  const drawn = l.shown.length < l.hidden ? ` (${l.shown.length} of them drawn)` : '';
  const big = l.largest ? ` The largest is ${l.largest.weight.toPrecision(3)}, from ${l.largest.from} to ${l.largest.to}.` : '';
  return (
    `Network: 2 inputs, ${l.hidden} hidden units${drawn}, 2 outputs; ${l.weightCount} weights, ` +
    `${l.positive} positive and ${l.weightCount - l.positive} negative or zero.${big}`
  );
}
