import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { valueAfterKey, valueAtPixel, type AxisScale, type ControlSpec } from './chartControl.ts';
import type { Frame } from './frame.ts';

interface ChartSliderProps {
  frame: Frame;
  /** The chart's own scale along x, value → pixel. */
  scale: AxisScale;
  spec: ControlSpec;
  value: number;
  /** The accessible name ("Finite-difference epsilon, on the chart"). */
  label: string;
  /** The value in words ("h = 1e-5"). */
  valueText: string;
  /** Called with each new value while dragging and on each key; `timeStamp` of the event. */
  onValue: (value: number, timeStamp: number) => void;
  /** Where the marker sits and what it looks like (drawn inside the control, in plot coordinates). */
  children: ReactNode;
}

/**
 * A marker on a chart that is a real slider: it takes the pointer anywhere on the plot (press to
 * jump there, drag to follow), the arrow keys, PageUp/PageDown and Home/End, and reports values
 * on the chart's own scale through `chartControl.ts`. Keys never scroll the page.
 */
export function ChartSlider({ frame, scale, spec, value, label, valueText, onValue, children }: ChartSliderProps) {
  const hit = useRef<SVGRectElement>(null);
  const dragging = useRef(false);
  const at = (event: PointerEvent) => {
    const box = hit.current?.getBoundingClientRect();
    if (!box) return null;
    return valueAtPixel(spec, scale, ((event.clientX - box.left) * frame.innerWidth) / Math.max(1, box.width));
  };
  const onPointerDown = (event: PointerEvent<SVGGElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    dragging.current = true;
    const v = at(event);
    if (v !== null && v !== value) onValue(v, event.timeStamp);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    if (!dragging.current) return;
    const v = at(event);
    if (v !== null && v !== value) onValue(v, event.timeStamp);
  };
  const stop = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const v = valueAfterKey(spec, value, event.key);
    if (v === null) return;
    event.preventDefault();
    event.stopPropagation();
    if (v !== value) onValue(v, event.timeStamp);
  };
  return (
    <g
      className="chart-slider"
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={spec.min}
      aria-valuemax={spec.max}
      aria-valuenow={Number(spec.toPosition(value).toFixed(6))}
      aria-valuetext={valueText}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onLostPointerCapture={stop}
      onKeyDown={onKeyDown}
    >
      <rect ref={hit} className="chart-slider-hit" width={frame.innerWidth} height={frame.innerHeight} />
      {children}
    </g>
  );
}
