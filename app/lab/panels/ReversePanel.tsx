import { chartItems, gradientsItem, reportItem } from '../export/items.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { ChartBeingDrawn, drawnProps } from '../../ui/charts/BeingDrawn.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartNote } from '../../ui/charts/ChartNote.tsx';
import { countNonFinite, nonFiniteNote } from '../../ui/charts/nonFinite.ts';
import { MARGIN, makeFrame } from '../../ui/charts/frame.ts';
import { reverseLayoutSlices } from './reverseLayout.ts';
import { SLICE_ABOVE } from '../../state/perf/slices.ts';
import { useSliced } from '../../state/perf/useSliced.ts';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { dotsPath } from '../../ui/charts/pathMarks.ts';
import { RingMarks } from '../../ui/charts/RingMarks.tsx';
import type { Size } from '../../ui/charts/useSize.ts';
import { memo, useMemo } from 'react';
import type { GradientPair } from '../../../engine/report.ts';
import { formatNumber } from '../../ui/format.ts';
import { SweepCover, StepLayer } from '../linked/StepLayer.tsx';
import { useLab } from '../../state/store/index.ts';
import { Panel } from './Panel.tsx';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';

/** What the panel's Export menu offers (one array, so the memoised menu is not redrawn). */
const EXPORTS = [...chartItems('Adjoint and gradients'), gradientsItem, reportItem];

const HEIGHT = 250;

/** The adjoint x̄_t flowing backward along t, and the gradients it leaves at each step. */
export function ReversePanel() {
  const report = useLab((s) => s.report);
  const T = report?.steps ?? 0;
  return (
    <Panel
      title="Reverse mode"
      method="reverse"
      exports={EXPORTS}
      caption={
        <>
          The adjoint x̄<sub>t</sub> = ∂L/∂x<sub>t</sub> starts at x<sub>T</sub> − y and is passed backward one step at a
          time; each step’s two gradients are read off as it passes, so one sweep yields all P of them.
        </>
      }
    >
      <ChartBox minHeight={HEIGHT}>
        {(size) =>
          report ? <AdjointChart adjoint={report.adjoint} gradient={report.gradient.reverse} steps={report.steps} size={size} /> : null
        }
      </ChartBox>
      <Legend
        items={[
          { className: 'mark-reverse-line', label: <>|x̄<sub>t</sub>|, the adjoint</> },
          { className: 'mark-reverse-dot', shape: 'dot', label: <>|dL/da<sub>t</sub>|</> },
          { className: 'mark-reverse-ring', shape: 'ring', label: <>|dL/db<sub>t</sub>|</> },
        ]}
      />
      <Figures
        items={[
          { label: <>seed x̄<sub>T</sub> = x<sub>T</sub> − y</>, value: formatNumber(report?.adjoint[T]) },
          { label: <>x̄<sub>0</sub></>, value: formatNumber(report?.adjoint[0]) },
          { label: 'loss L', value: formatNumber(report?.loss, 3) },
          {
            label: 'tape',
            value: report ? `${report.counts.tapeNodes} nodes × ${report.counts.bytesPerNode} B` : '—',
          },
        ]}
      />
    </Panel>
  );
}

interface AdjointChartProps {
  adjoint: Float64Array;
  gradient: GradientPair;
  steps: number;
  size: Size;
}

/** Memoised: the report's parts keep their identity while unchanged (shareEqual), so it redraws only when they change. */
const AdjointChart = memo(function AdjointChart({ adjoint, gradient, steps, size }: AdjointChartProps) {
  const frame = useMemo(() => makeFrame(size.width, size.height, { ...MARGIN, top: 26 }), [size.width, size.height]);
  // A long chain (past SLICE_ABOVE steps) is laid out in slices, so the page stays responsive.
  const { value: layout, current } = useSliced(
    () => reverseLayoutSlices(adjoint, gradient.a, gradient.b, frame),
    [adjoint, gradient, frame],
    steps > SLICE_ABOVE,
  );
  // 300,000 values at 100,000 steps: counted once per report, not on each render of the slices.
  const note = useMemo(() => nonFiniteNote(countNonFinite(adjoint, gradient.a, gradient.b)), [adjoint, gradient]);
  const title = `Adjoint magnitude and parameter gradients against step t, for T = ${steps}`;
  const drawing = `Drawing ${steps.toLocaleString('en-US')} steps…`;
  if (!layout) return <ChartBeingDrawn frame={frame} title={title} note={drawing} />;
  // While a new layout is made, the last one stays, dimmed.
  return (
    <Chart
      frame={frame}
      {...drawnProps(current, current && note ? `${title}. ${note}` : title)}
      controls={
        <>
          <SweepCover frame={frame} steps={steps} />
          <StepLayer frame={frame} axis="x" from={0} to={Math.max(1, steps)} last={steps} what="the adjoint of state t" />
        </>
      }
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label="magnitude (log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="step t" />
      <g className="sweep-arrow" aria-hidden="true">
        <line x1={layout.sweep.x1} x2={layout.sweep.x2 + 6} y1={-12} y2={-12} />
        <path d={`M${layout.sweep.x2},-12 l7,-4 v8 z`} />
        <text x={(layout.sweep.x1 + layout.sweep.x2) / 2} y={-16} textAnchor="middle">
          backward sweep, t = T … 0
        </text>
      </g>
      <path className="mark-reverse-line" d={layout.adjointPath} />
      <RingMarks className="mark-reverse-ring" points={layout.gradB} r={2.6} />
      <path className="mark-reverse-dot" d={dotsPath(layout.gradA, 2.2)} />
      {layout.seed ? <circle className="mark-reverse-seed" cx={layout.seed.x} cy={layout.seed.y} r={5} /> : null}
      <ChartNote frame={frame} text={current ? note : drawing} />
    </Chart>
  );
});
