import { createContext } from 'react';

/**
 * True inside a part of the page that is far from the screen while a slider is dragged
 * (app/components/OnScreenGate.tsx): `useLab` there keeps returning what it returned last and
 * does not listen to the store, so the part is not rendered again until it comes near the screen
 * or the slider rests.
 */
export const HeldOffScreen = createContext(false);
