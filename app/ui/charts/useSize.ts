import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from '../../../engine/slicing.ts';

export interface Size {
  width: number;
  height: number;
}

export interface SizeOptions {
  /**
   * Apply the first measurement after this frame is painted, as a transition React may split
   * into small tasks, rather than at once. For a box that draws nothing until it is measured
   * (`measured` below): at startup every chart box reports in the same frame, and drawing them
   * all before that frame's paint made one task of 300–400 ms (layout, the charts' render, and
   * layout again). A box far from the screen inside a `content-visibility: auto` panel is not
   * laid out, so it reports only once the reader scrolls near: until then, once the page is
   * idle, it counts as measured at the fallback size, so that its chart exists (to export, to
   * read aloud) and is redrawn at its real size when it comes near.
   */
  deferFirst?: boolean;
}

/** The chart boxes waiting to be drawn at their stand-in size, one after another (see below). */
let standIns: Promise<void> = Promise.resolve();

/**
 * The content size of an element, kept up to date with a ResizeObserver (`fallback` until the
 * first measurement). Returns a callback ref to put on the element, the size, and whether it has
 * been measured yet. The element's children must not size it (charts are absolutely placed inside
 * it), or drawing would feed back into layout.
 *
 * The size is never read in the ref callback: that runs in React's commit, and reading a box's
 * width there forces the whole page's layout inside the same task (at startup, 150–300 ms of
 * layout added to the first render's task, and boxes in panels off screen laid out early). The
 * observer's first report comes in the frame's own rendering step, after layout and before paint;
 * unless `deferFirst`, that first size is applied at once (flushSync), so the frame painted
 * already has it.
 */
export function useSize<T extends HTMLElement>(fallback: Size, options: SizeOptions = {}): [(node: T | null) => void, Size, boolean] {
  const [size, setSize] = useState(fallback);
  // Without a ResizeObserver (a server render, an old browser) there is no report to wait for.
  const [measured, setMeasured] = useState(() => typeof ResizeObserver === 'undefined');
  const observer = useRef<ResizeObserver | null>(null);
  const { deferFirst = false } = options;
  useEffect(() => {
    if (!deferFirst || measured) return;
    let live = true;
    // One box per idle period, so that the charts far below are not all committed in one task.
    // A box measured meanwhile (live no more) lets the next one go without waiting.
    standIns = standIns
      .then(() => (live ? whenIdle(2000) : undefined))
      .then(() => {
        if (live) startTransition(() => setMeasured(true));
      });
    return () => {
      live = false;
    };
  }, [deferFirst, measured]);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      const measure = (width: number, height: number) =>
        setSize((old) =>
          Math.abs(old.width - width) >= 1 || Math.abs(old.height - height) >= 1
            ? { width: Math.floor(width), height: Math.floor(height) }
            : old,
        );
      if (typeof ResizeObserver === 'undefined') {
        measure(node.clientWidth, node.clientHeight);
        return;
      }
      let first = true;
      observer.current = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1].contentRect;
        if (!first) return measure(box.width, box.height);
        first = false;
        const apply = () => {
          measure(box.width, box.height);
          setMeasured(true);
        };
        if (deferFirst) startTransition(apply);
        else flushSync(apply);
      });
      observer.current.observe(node);
    },
    [deferFirst],
  );
  return [ref, size, measured];
}
