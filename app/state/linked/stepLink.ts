import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

/**
 * The one piece of state the per-step figures share: which step t is pointed at, and where the
 * tape's player stands. Kept apart from the lab's store so a pointer moving over a chart wakes
 * only the small layers that draw the highlight, never a panel or a worker request.
 */
export interface StepLinkState {
  /** The step t under the pointer or keyboard focus in a per-step figure; null for none. */
  hovered: number | null;
  /** The chain step of the tape's current node, while the tape panel is open; null otherwise. */
  tape: number | null;
  /**
   * While the tape's backward sweep is under way (seeded, not finished): the step being swept.
   * The reverse-mode chart fills its adjoint in from T down to it. Null otherwise.
   */
  sweeping: number | null;
}

export const stepLink = createStore<StepLinkState>()(() => ({ hovered: null, tape: null, sweeping: null }));

/** Selects from the shared step state and re-renders when the selection changes. */
export function useStepLink<T>(selector: (s: StepLinkState) => T): T {
  const read = () => selector(stepLink.getState());
  return useSyncExternalStore(stepLink.subscribe, read, read);
}

/** The step every figure highlights: the one pointed at, else the tape's. */
export function shownStep(s: StepLinkState): number | null {
  return s.hovered ?? s.tape;
}

export function setHoveredStep(t: number | null): void {
  if (stepLink.getState().hovered !== t) stepLink.setState({ hovered: t });
}

export function setTapeStep(tape: number | null, sweeping: number | null): void {
  const s = stepLink.getState();
  if (s.tape !== tape || s.sweeping !== sweeping) stepLink.setState({ tape, sweeping });
}
