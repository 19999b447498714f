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

/** What a table's offset follows: the rows it keeps in view. */
export interface Followed {
  /** The row in play and the row it sends to (−1 for none). */
  node: number;
  parent: number;
  /** Rows in the table. */
  count: number;
  /** The row picked, −1 for none. */
  selected: number;
  /** The first row of a step pointed at elsewhere, −1 for none. */
  linked: number;
}

export function sameFollowed(a: Followed, b: Followed): boolean {
  return a.node === b.node && a.parent === b.parent && a.count === b.count && a.selected === b.selected && a.linked === b.linked;
}

/**
 * The scrollTop that brings into view what changed since `before` (everything when `before` is
 * null, on the first render): the row in play with the row it sends to when both fit, the row
 * picked, the first row of a step pointed at. A new row count (a new tape) brings the row in play
 * again, not the others. An offset that already shows them is kept.
 */
export function followOffset(before: Followed | null, now: Followed, opts: { scrollTop: number; viewport: number; rowHeight: number }): number {
  let top = opts.scrollTop;
  const bring = (index: number, also = -1) => {
    const to = scrollToRow({ index, also, scrollTop: top, viewport: opts.viewport, rowHeight: opts.rowHeight, count: now.count });
    if (to !== null) top = to;
  };
  if (before === null || before.count !== now.count || before.node !== now.node || before.parent !== now.parent) bring(now.node, now.parent);
  if (before === null || before.selected !== now.selected) bring(now.selected);
  if (before === null || before.linked !== now.linked) bring(now.linked);
  return top;
}

/** The rows drawn last: their range, and the base their keys (index − base) were given. */
export interface KeyedWindow {
  start: number;
  end: number;
  base: number;
}

/**
 * The key base for rows `start` … `end − 1`, given the window drawn last. A window that shares a
 * row with it keeps the base, so each row keeps its key (and its elements) as it scrolls. One
 * that shares none shifts the base by the jump, so row `start + k` takes the key row
 * `last.start + k` had, and with it that row's elements: only their text changes.
 */
export function rowKeyBase(last: KeyedWindow, start: number, end: number): number {
  const apart = start >= last.end || end <= last.start;
  return apart ? last.base + (start - last.start) : last.base;
}
