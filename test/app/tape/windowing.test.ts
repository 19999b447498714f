import { describe, expect, it } from 'vitest';
import { scrollToRow, windowRows } from '../../../app/tape/windowing.ts';

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
});
