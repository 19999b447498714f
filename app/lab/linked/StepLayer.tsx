import { scaleLinear } from 'd3';
import { memo, useMemo, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { integerSpec, valueAfterKey, valueAtPixel } from '../../ui/charts/chartControl.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { setHoveredStep, shownStep, stepLink, useStepLink } from '../../state/linked/stepLink.ts';

interface StepLayerProps {
  frame: Frame;
  /** The axis that carries t: x (the adjoint, the tangents, the parameters) or y (the timeline). */
  axis: 'x' | 'y';
  /** The t-values at the two ends of that axis (the chart's own scale domain). */
  from: number;
  to: number;
  /** The steps t the figure has: 0 … last. */
  last: number;
  /** What t means in this figure, for the accessible name ("state t", "parameter step t"). */
  what: string;
}

/**
 * The shared step on one figure: pointing at the plot highlights that t here, in every other
 * per-step figure and in the tape; the highlight is a rule across the plot with its t. It is
 * also a slider for the keyboard: focus it and the arrows move t. Memoised on its props, and the
 * only part of a chart that re-renders as t moves.
 */
export const StepLayer = memo(function StepLayer({ frame, axis, from, to, last, what }: StepLayerProps) {
  const shown = useStepLink(shownStep);
  const { scale, spec } = useMemo(() => {
    const range: [number, number] = axis === 'x' ? [0, frame.innerWidth] : [frame.innerHeight, 0];
    return { scale: scaleLinear().domain([from, to]).range(range), spec: integerSpec(0, last, 10) };
  }, [axis, from, to, frame.innerWidth, frame.innerHeight, last]);
  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const pixel = axis === 'x' ? event.clientX - box.left : event.clientY - box.top;
    setHoveredStep(valueAtPixel(spec, scale, pixel));
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const here = shownStep(stepLink.getState()) ?? 0;
    const t = valueAfterKey(spec, Math.min(last, here), event.key);
    if (t === null) return;
    event.preventDefault();
    event.stopPropagation();
    setHoveredStep(t);
  };
  const onFocus = (event: FocusEvent<SVGGElement>) => {
    if (event.target !== event.currentTarget) return;
    const s = stepLink.getState();
    setHoveredStep(Math.min(last, shownStep(s) ?? last));
  };
  const inRange = shown !== null && shown >= 0 && shown <= last;
  const at = inRange ? scale(shown) : 0;
  return (
    <g
      className={`step-layer step-layer-${axis}`}
      role="slider"
      tabIndex={0}
      aria-label={`Step t shown in every figure (${what})`}
      aria-orientation={axis === 'x' ? 'horizontal' : 'vertical'}
      aria-valuemin={0}
      aria-valuemax={last}
      aria-valuenow={inRange ? shown : undefined}
      aria-valuetext={inRange ? `t = ${shown}` : 'no step shown'}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={() => setHoveredStep(null)}
    >
      <rect
        className="step-layer-hit"
        width={frame.innerWidth}
        height={frame.innerHeight}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHoveredStep(null)}
      />
      {inRange ? (
        <g className="step-mark" aria-hidden="true">
          {axis === 'x' ? (
            <>
              <line x1={at} x2={at} y1={0} y2={frame.innerHeight} />
              <text className="halo" x={at} y={frame.innerHeight - 5} textAnchor={at > frame.innerWidth - 30 ? 'end' : 'middle'}>
                t = {shown}
              </text>
            </>
          ) : (
            <>
              <line x1={0} x2={frame.innerWidth} y1={at} y2={at} />
              <text className="halo" x={frame.innerWidth - 4} y={at - 4} textAnchor="end">
                t = {shown}
              </text>
            </>
          )}
        </g>
      ) : null}
    </g>
  );
});

/**
 * While the tape's backward sweep is under way, covers the part of the reverse-mode chart the
 * sweep has not reached (t below the step being swept), so the adjoint and the gradients fill in
 * from T down as the tape plays.
 */
export const SweepCover = memo(function SweepCover({ frame, steps }: { frame: Frame; steps: number }) {
  const sweeping = useStepLink((s) => s.sweeping);
  if (sweeping === null || sweeping < 0 || sweeping > steps) return null;
  const x = (frame.innerWidth * sweeping) / Math.max(1, steps);
  return (
    <g className="sweep-cover" aria-hidden="true">
      <rect x={-4} y={0} width={Math.max(0, x - 3 + 4)} height={frame.innerHeight} />
      <line x1={x} x2={x} y1={0} y2={frame.innerHeight} />
      <text className="halo" x={x - 6} y={14} textAnchor="end">
        the tape is sweeping step {sweeping}
      </text>
    </g>
  );
});
