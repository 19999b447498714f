/**
 * Windowing for a long table of fixed-height rows: only the rows in (or near) the viewport are
 * rendered, between two spacers that keep the scrollbar true to the whole table.
 */
export interface RowWindow {
  /** First row rendered. */
  start: number;
  /** One past the last row rendered. */
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  padTop: number;
  padBottom: number;
}

export function windowRows(opts: {
  scrollTop: number;
  /** Height of the rows' viewport (the scroll box less its sticky header). */
  viewport: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below, so a fast scroll does not show blanks. */
  overscan?: number;
}): RowWindow {
  const { rowHeight, count } = opts;
  const overscan = opts.overscan ?? 6;
  if (count <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const top = Math.max(0, opts.scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const visible = Math.ceil(Math.max(0, opts.viewport) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/**
 * The scrollTop that brings row `index` fully into view with `margin` rows of context, or null
 * when it is already in view. `viewport` is the height rows are seen in (below any sticky header).
 * Row `also`, when given, is kept in view too if both fit.
 */
export function scrollToRow(opts: {
  index: number;
  also?: number;
  scrollTop: number;
  viewport: number;
  rowHeight: number;
  count: number;
  margin?: number;
}): number | null {
  const { index, scrollTop, viewport, rowHeight, count } = opts;
  if (index < 0 || index >= count) return null;
  const margin = Math.min(opts.margin ?? 2, Math.max(0, Math.floor((viewport / rowHeight - 1) / 2)));
  const also = opts.also ?? -1;
  const pair = also >= 0 && also < count && (Math.abs(also - index) + 1 + 2 * margin) * rowHeight <= viewport;
  const first = pair ? Math.min(index, also) : index;
  const last = pair ? Math.max(index, also) : index;
  const top = (first - margin) * rowHeight;
  const bottom = (last + 1 + margin) * rowHeight;
  const max = Math.max(0, count * rowHeight - viewport);
  if (top < scrollTop) return Math.max(0, Math.min(max, top));
  if (bottom > scrollTop + viewport) return Math.max(0, Math.min(max, bottom - viewport));
  return null;
}
