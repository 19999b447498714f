import { useCallback, useRef, useState } from 'react';

export interface Size {
  width: number;
  height: number;
}

/**
 * The content size of an element, kept up to date with a ResizeObserver (`fallback` until the
 * first measurement). Returns a callback ref to put on the element. The element's children must
 * not size it (charts are absolutely placed inside it), or drawing would feed back into layout.
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
    measure(node.clientWidth, node.clientHeight);
    observer.current = new ResizeObserver((entries) => {
      for (const entry of entries) measure(entry.contentRect.width, entry.contentRect.height);
    });
    observer.current.observe(node);
  }, []);
  return [ref, size];
}
