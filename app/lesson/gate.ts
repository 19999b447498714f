import { createContext, useContext } from 'react';

/**
 * "Answer first": whether a chapter's figure may move yet. A chapter with a question keeps its
 * Show me, its sliders and the choices that would answer it waiting until the question is
 * settled (a right choice, a second wrong one, or "Show the answer"); `why` is the short word the
 * figure shows meanwhile, and `noteId` names it so the waiting controls can point at it.
 */
export interface Gate {
  open: boolean;
  why: string;
  noteId: string | undefined;
}

/** Open: a chapter without a question, and any figure outside a chapter. */
export const GateContext = createContext<Gate>({ open: true, why: '', noteId: undefined });

export const useGate = () => useContext(GateContext);

/** The word a waiting figure shows: before any choice, and after one wrong try. */
export const gateWhy = (tries: number): string =>
  tries === 0 ? 'Answer first: pick a prediction.' : 'Answer first: one more try.';
