import { useLayoutEffect, useRef } from 'react';
import type { HeatStrip } from './heatmap.ts';

/**
 * A heat strip drawn on a canvas inside the chart's SVG: one canvas pixel per table entry, scaled
 * up by CSS without smoothing. Tens of thousands of <rect>s would not repaint at slider speed,
 * and an <image> needs the strip encoded as a PNG data URL on every report (6 ms a report at
 * T = 200, the largest single cost of dragging the steps); writing the pixels costs well under
 * one. The SVG export (app/lab/export/svg.ts) turns the canvas into an <image> when a file is made.
 */
export function HeatImage({ strip, width, height }: { strip: HeatStrip; width: number; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || strip.columns === 0 || strip.rows === 0) return;
    // putImageData replaces every pixel, transparent ones included: nothing of the last strip stays.
    context.putImageData(new ImageData(strip.pixels, strip.columns, strip.rows), 0, 0);
  }, [strip]);
  return (
    <foreignObject x={0} y={0} width={width} height={height} className="heat-frame">
      <canvas ref={canvas} className="heat" width={strip.columns} height={strip.rows} aria-hidden="true" />
    </foreignObject>
  );
}
