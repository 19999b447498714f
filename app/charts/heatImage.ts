import type { HeatStrip } from './heatmap.ts';

/**
 * The strip as a PNG data URL for an SVG <image>: one pixel per table entry, scaled up by the
 * browser without smoothing. (Tens of thousands of <rect>s would not repaint at slider speed.)
 * A data URL is not a network request, so the page still never leaves its origin.
 */
export function heatDataUrl(strip: HeatStrip): string {
  const context = scratch();
  if (!context) return '';
  const { canvas } = context;
  // Setting the size clears the canvas, so each strip starts from transparent pixels.
  canvas.width = strip.columns;
  canvas.height = strip.rows;
  const image = context.createImageData(strip.columns, strip.rows);
  image.data.set(strip.pixels);
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}

let scratchContext: CanvasRenderingContext2D | null | undefined;

/**
 * The one canvas every strip is encoded on. A new canvas and context per strip cost 5–10 ms
 * (software rendering) where reusing this one costs under 1 ms: the steps or the constants
 * dragged at T = 200 encode a new strip on every report.
 */
function scratch(): CanvasRenderingContext2D | null {
  if (scratchContext === undefined) {
    scratchContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  return scratchContext;
}
