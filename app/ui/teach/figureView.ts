import { createContext, useContext } from 'react';

/**
 * How a teaching figure is drawn, for the figures the lesson and practice share (the expression
 * graph): the size of figure text, and whether the page is on a projector.
 */
export interface FigureView {
  /** Font size of figure labels and ticks, in CSS pixels (larger in presentation mode). */
  figureFont: number;
  /** Presentation mode (`&present=1`, or a posed practice problem). */
  present: boolean;
}

export const FigureContext = createContext<FigureView>({ figureFont: 16, present: false });

export const useFigureView = () => useContext(FigureContext);
