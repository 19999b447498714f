/** Space around a plot for its axes and labels, in CSS pixels. */
export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A chart's outer size and the plotting area inside its margins. */
export interface Frame {
  width: number;
  height: number;
  margin: Margin;
  innerWidth: number;
  innerHeight: number;
}

/** The frame of a `width` × `height` chart; the plotting area never goes below 10 px. */
export function makeFrame(width: number, height: number, margin: Margin): Frame {
  return {
    width,
    height,
    margin,
    innerWidth: Math.max(10, width - margin.left - margin.right),
    innerHeight: Math.max(10, height - margin.top - margin.bottom),
  };
}

/** The default margins: room for tick labels like 10⁻¹² on the left and an axis title below. */
export const MARGIN: Margin = { top: 14, right: 16, bottom: 40, left: 56 };
