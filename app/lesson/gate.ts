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

/** The words that start every waiting figure's note (the stage shows only these). */
export const ANSWER_FIRST = 'Answer first';

/** The word a waiting figure shows: before any choice, and after one wrong try. */
export const gateWhy = (tries: number): string => `${ANSWER_FIRST}: ${tries === 0 ? 'pick a prediction' : 'one more try'}.`;
