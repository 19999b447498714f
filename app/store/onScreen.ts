import { createContext } from 'react';

/**
 * Whether a part of the page is held: far from the screen while a slider is dragged
 * (app/components/OnScreenGate.tsx). While `held` is true, `useLab` inside the part returns what it
 * returned last and hears nothing from the store, so the part is not rendered again.
 *
 * The gate sets `held` on by writing the field, without rendering anything: a context value that
 * changed at a drag's first input re-rendered every reader of the store in every far part, in the
 * task of that input (10–15 ms of it). A hold ends with a new Hold, given in a transition, so the
 * part catches up in a render that yields to input.
 */
export interface Hold {
  held: boolean;
}

/** Outside any gate: never held (and never written). */
export const HeldOffScreen = createContext<Hold>(Object.freeze({ held: false }));
