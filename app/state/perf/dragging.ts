/**
 * Whether a slider is being dragged: true from a slider input until no input has come for
 * QUIET_MS. While it is true, panels far from the screen keep what they show (OnScreenGate.tsx),
 * the URL hash is not written, and the sweep and frontier's follow-up run waits (app/lab/labSync.ts);
 * all three catch up once it turns false, so a drag pays only for what can be seen.
 */
export const QUIET_MS = 400;

let dragging = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<(dragging: boolean) => void>();

function set(next: boolean): void {
  if (next === dragging) return;
  dragging = next;
  for (const listener of listeners) listener(next);
}

/** A slider moved: dragging now, and until QUIET_MS pass without another input. */
export function noteSliderInput(): void {
  set(true);
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    set(false);
  }, QUIET_MS);
}

export function isDragging(): boolean {
  return dragging;
}

/** Hears each change of `isDragging()`; returns the unsubscribe. */
export function onDragging(listener: (dragging: boolean) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
