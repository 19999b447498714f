import type { TapeView } from '../../../engine/tape-view.ts';

/** A small tape laid out in columns: inputs on the left, the output on the right. */
export interface SmallGraph {
  /** Centre of each node, in pixels. */
  x: Float64Array;
  y: Float64Array;
  /** Column of each node: 0 for inputs, else one more than its furthest parent. */
  column: Int32Array;
  columns: number;
  /** Node box size. */
  boxWidth: number;
  boxHeight: number;
}

/**
 * Places a tape of a handful of nodes for reading from afar: each node one column right of its
 * furthest parent, the nodes of a column spread evenly down the height in barycentre order. `font` is
 * the figure's text size; the boxes are sized to hold three lines of it.
 */
export function smallGraphLayout(
  view: Pick<TapeView, 'length' | 'parent0' | 'parent1'>,
  width: number,
  height: number,
  font: number,
): SmallGraph {
  const n = view.length;
  const column = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p0 = view.parent0[i];
    const p1 = view.parent1[i];
    column[i] = Math.max(p0 >= 0 ? column[p0] + 1 : 0, p1 >= 0 ? column[p1] + 1 : 0);
  }
  const columns = n === 0 ? 0 : Math.max(...column) + 1;
  const boxWidth = Math.round(font * 7);
  const boxHeight = Math.round(font * 3.9);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const pad = boxWidth / 2 + 4;
  const step = columns > 1 ? (width - 2 * pad) / (columns - 1) : 0;
  // Rank of each node down its column: inputs in tape order, later columns by the mean rank of
  // their parents (the barycentre), which keeps edges from crossing where it can.
  const rank = new Float64Array(n);
  for (let c = 0; c < columns; c++) {
    const members: number[] = [];
    for (let i = 0; i < n; i++) if (column[i] === c) members.push(i);
    const key = (i: number) => {
      const ps = [view.parent0[i], view.parent1[i]].filter((p) => p >= 0);
      return ps.length === 0 ? i : ps.reduce((sum, p) => sum + rank[p], 0) / ps.length;
    };
    members.sort((a, b) => key(a) - key(b) || a - b);
    members.forEach((node, k) => {
      rank[node] = (k + 0.5) / members.length;
      x[node] = columns > 1 ? pad + c * step : width / 2;
      // Room above each box for the output's name.
      y[node] = font + (height - font) * rank[node];
    });
  }
  return { x, y, column, columns, boxWidth, boxHeight };
}
