import { describe, expect, it } from 'vitest';
import { followOffset, rowKeyBase, scrollToRow, windowRows, type Followed } from '../../../../app/sections/tape/windowing.ts';

describe('table windowing', () => {
  it('renders only the rows in view plus the overscan, with spacers for the rest', () => {
    const w = windowRows({ scrollTop: 26 * 1000, viewport: 300, rowHeight: 26, count: 3000, overscan: 5 });
    expect(w.start).toBe(995);
    expect(w.end).toBe(1000 + Math.ceil(300 / 26) + 1 + 5);
    expect(w.padTop).toBe(995 * 26);
    expect(w.padTop + (w.end - w.start) * 26 + w.padBottom).toBe(3000 * 26);
  });

  it('never renders more than a screenful, however long the tape', () => {
    for (const count of [10, 600, 3000, 100_000]) {
      for (const scrollTop of [0, 500, 1e9]) {
        const w = windowRows({ scrollTop, viewport: 340, rowHeight: 26, count, overscan: 6 });
        expect(w.end - w.start).toBeLessThanOrEqual(Math.ceil(340 / 26) + 1 + 12);
        expect(w.start).toBeGreaterThanOrEqual(0);
        expect(w.end).toBeLessThanOrEqual(count);
        expect(w.padTop + (w.end - w.start) * 26 + w.padBottom).toBe(count * 26);
      }
    }
    expect(windowRows({ scrollTop: 0, viewport: 300, rowHeight: 26, count: 0 })).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
  });

  it('scrolls a row into view with context, and leaves a visible row alone', () => {
    const base = { viewport: 260, rowHeight: 26, count: 3000, margin: 2 };
    expect(scrollToRow({ ...base, index: 5, scrollTop: 0 })).toBeNull();
    // Below the window: the row and two more land at the bottom.
    expect(scrollToRow({ ...base, index: 100, scrollTop: 0 })).toBe(103 * 26 - 260);
    // Above it: two rows of context above.
    expect(scrollToRow({ ...base, index: 100, scrollTop: 200 * 26 })).toBe(98 * 26);
    // Clamped at both ends.
    expect(scrollToRow({ ...base, index: 0, scrollTop: 500 })).toBe(0);
    expect(scrollToRow({ ...base, index: 2999, scrollTop: 0 })).toBe(3000 * 26 - 260);
    expect(scrollToRow({ ...base, index: -1, scrollTop: 0 })).toBeNull();
  });

  it('keeps a second row (the parent receiving a contribution) in view too when both fit', () => {
    const base = { viewport: 260, rowHeight: 26, count: 3000, margin: 2 };
    // Row 100 in play, its parent 96 above: both land in view, the parent two rows from the top.
    expect(scrollToRow({ ...base, index: 100, also: 96, scrollTop: 200 * 26 })).toBe(94 * 26);
    // Too far apart to share the window: the row in play wins.
    expect(scrollToRow({ ...base, index: 100, also: 0, scrollTop: 200 * 26 })).toBe(98 * 26);
  });

  it('follows what changed: the row in play, the row picked, a linked step; a new tape brings back the row in play only', () => {
    const opts = { viewport: 260, rowHeight: 26 };
    const at = (top: number) => ({ ...opts, scrollTop: top });
    const first: Followed = { node: 1000, parent: -1, count: 3000, selected: -1, linked: -1 };
    // The first render brings the row in play into view.
    expect(followOffset(null, first, at(0))).toBe(scrollToRow({ ...opts, index: 1000, scrollTop: 0, count: 3000 }));
    // The reader scrolled to the top; a row picked there moves nothing, nor does nothing changing.
    const picked = { ...first, selected: 3 };
    expect(followOffset(first, picked, at(0))).toBe(0);
    expect(followOffset(picked, picked, at(0))).toBe(0);
    // A row picked out of view is brought in; so is a linked step's first row.
    expect(followOffset(first, { ...first, selected: 2000 }, at(0))).toBe(scrollToRow({ ...opts, index: 2000, scrollTop: 0, count: 3000 }));
    expect(followOffset(first, { ...first, linked: 500 }, at(0))).toBe(scrollToRow({ ...opts, index: 500, scrollTop: 0, count: 3000 }));
    // A new tape (another row count) brings the row in play back, and leaves the row picked out of view.
    const retaped = { ...picked, node: 10, count: 2800, selected: 2700 };
    expect(followOffset({ ...picked, node: 10, selected: 2700 }, retaped, at(1500 * 26))).toBe(scrollToRow({ ...opts, index: 10, scrollTop: 1500 * 26, count: 2800 }));
    // The player moving to a row already in view keeps the offset.
    expect(followOffset(first, { ...first, node: 1001 }, at(995 * 26))).toBe(995 * 26);
  });

  it('keys rows so a scroll keeps them and a jump reuses every row it leaves', () => {
    const keys = (start: number, end: number, base: number) => Array.from({ length: end - start }, (_, k) => start + k - base);
    const last = { start: 100, end: 130, base: 40 };
    // Overlapping: the same base, so the rows both windows share keep their keys.
    expect(rowKeyBase(last, 103, 133)).toBe(40);
    expect(rowKeyBase(last, 90, 120)).toBe(40);
    // Clear of it, either way: the new rows take the old rows' keys, slot by slot.
    for (const start of [130, 500, 0, 70]) {
      const base = rowKeyBase(last, start, start + 30);
      expect(keys(start, start + 30, base)).toEqual(keys(100, 130, 40));
    }
    // A shorter window after a jump takes the first keys, and they are still distinct.
    const base = rowKeyBase(last, 2000, 2020);
    const shorter = keys(2000, 2020, base);
    expect(shorter).toEqual(keys(100, 120, 40));
    expect(new Set(shorter).size).toBe(20);
  });
});
