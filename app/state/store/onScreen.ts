import { createContext } from 'react';

/**
 * Whether a part of the page is held: far from the screen while a slider is dragged
 * (app/shell/OnScreenGate.tsx). While `held` is true, `useLab` inside the part returns what it
 * returned last and hears nothing from the store, so the part is not rendered again.
 *
 * The gate starts a hold by writing `held = true`, outside any render, into the Hold its part's
 * readers already have: nothing renders. (The hold used to be a boolean context value, and its
 * change at a drag's first input re-rendered every reader of the store in every far part in that
 * input's task.) On a given Hold `held` only ever goes from false to true: a hold ends with a new
 * Hold, so the readers still subscribed with the old one stay deaf until the part's catch-up
 * render, which the gate may give as a transition, gives them the new one.
 */
export interface Hold {
  held: boolean;
}

/** Outside any gate: never held (and never written). */
export const HeldOffScreen = createContext<Hold>(Object.freeze({ held: false }));
