import { estimateTextWidth } from './layered.ts';

let context: CanvasRenderingContext2D | null | undefined;

/**
 * A text's width in pixels at `font` (bold unless `weight` says otherwise), as the page's font
 * draws it: measured on a canvas, or estimated from its characters where there is none (tests
 * without a browser; the estimate is a bold one, so it errs wide).
 */
export function graphMeasure(font: number, weight = 700): (text: string) => number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  const c = context;
  if (!c) return (text) => estimateTextWidth(text, font);
  const family = getComputedStyle(document.documentElement).getPropertyValue('--font').trim() || 'sans-serif';
  return (text) => {
    c.font = `${weight} ${font}px ${family}`;
    return c.measureText(text).width;
  };
}
