import type { HeatStrip } from './heatmap.ts';

/**
 * The strip as a PNG data URL for an SVG <image>: one pixel per table entry, scaled up by the
 * browser without smoothing. (Tens of thousands of <rect>s would not repaint at slider speed.)
 * A data URL is not a network request, so the page still never leaves its origin.
 */
export function heatDataUrl(strip: HeatStrip): string {
  if (typeof document === 'undefined') return '';
  const canvas = document.createElement('canvas');
  canvas.width = strip.columns;
  canvas.height = strip.rows;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const image = context.createImageData(strip.columns, strip.rows);
  image.data.set(strip.pixels);
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}
