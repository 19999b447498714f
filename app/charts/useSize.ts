import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export interface Size {
  width: number;
  height: number;
}

/**
 * The content size of an element, kept up to date with a ResizeObserver (`fallback` until the
 * first measurement). Returns a callback ref to put on the element. The element's children must
 * not size it (charts are absolutely placed inside it), or drawing would feed back into layout.
 *
 * The size is never read in the ref callback: that runs in React's commit, and reading a box's
 * width there forces the whole page's layout inside the same task (at startup, 150–300 ms of
 * layout added to the first render's task, and boxes in panels off screen laid out early). The
 * observer's first report comes in the frame's own rendering step, after layout and before paint;
 * that first size is applied at once (flushSync), so the frame painted already has it.
 */
export function useSize<T extends HTMLElement>(fallback: Size): [(node: T | null) => void, Size] {
  const [size, setSize] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: T | null) => {
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
      flushSync(() => measure(box.width, box.height));
    });
    observer.current.observe(node);
  }, []);
  return [ref, size];
}
