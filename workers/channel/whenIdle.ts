/**
 * Resolves when the page's main thread is idle (requestIdleCallback), or after `timeoutMs` at
 * the latest; where there is no requestIdleCallback (Safari), after the next frame has been
 * drawn. A worker doing background work (timing the methods) waits for this between pieces, so
 * on a machine with few cores it does not take a core while the page lays out and paints what
 * the reader has just scrolled to.
 */
export function whenIdle(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => setTimeout(resolve, 0));
    } else {
      setTimeout(resolve, 0);
    }
  });
}
