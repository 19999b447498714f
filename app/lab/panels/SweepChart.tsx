import { useId, useMemo } from 'react';
import type { LabReport } from '../../../engine/report.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartNote } from '../../ui/charts/ChartNote.tsx';
import { countNonFinite, nonFiniteNote } from '../../ui/charts/nonFinite.ts';
import { epsScale, type SweepLayout } from './fdLayout.ts';
import { logSpec } from '../../ui/charts/chartControl.ts';
import { ChartSlider } from '../../ui/charts/ChartSlider.tsx';
import { timedInput } from '../../state/perf/labInput.ts';
import { EPS_POSITION, epsFromPosition } from '../../state/settings/epsSlider.ts';
import { useLab } from '../../state/store/index.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { formatEps } from '../../ui/format.ts';
import { epsEdgeNote } from './edges.ts';

/** The epsilon marker's steps: the header slider's own (a tenth of a decade, a decade a page). */
const EPS_SPEC = logSpec(EPS_POSITION.min, EPS_POSITION.max, EPS_POSITION.step, epsFromPosition);

const setEps = (eps: number, timeStamp: number) => timedInput(() => useLab.getState().setSetting('eps', eps), timeStamp);

/**
 * RMS error against epsilon, log–log, with the model lines and the three marked h. The selected
 * h is a slider on the chart: drag it, press anywhere on the plot, or use the keys.
 */
export function SweepChart({ report, layout, frame }: { report: LabReport; layout: SweepLayout; frame: Frame }) {
  const clipId = useId();
  const labelLeft = layout.selected.x > frame.innerWidth - 90;
  const missing = countNonFinite(
    report.sweep.map((p) => p.rms),
    report.sweep.map((p) => p.truncation),
    report.sweep.map((p) => p.rounding),
  );
  // A loop over every parameter: computed again only when h, the parameters or the best h change.
  const edge = useMemo(() => epsEdgeNote(report.eps, report.params, report.bestEps), [report.eps, report.params, report.bestEps]);
  // The control follows the setting at once; the marks follow the report computed for it.
  const eps = useLab((s) => s.eps);
  return (
    <Chart
      frame={frame}
      controls={
        <ChartSlider
          frame={frame}
          scale={epsScale(frame)}
          spec={EPS_SPEC}
          value={eps}
          label="Step h, on the chart"
          valueText={`h = ${formatEps(eps)}`}
          onValue={setEps}
        >
          <g className="selected">
            <line x1={layout.selected.x} x2={layout.selected.x} y1={0} y2={frame.innerHeight} />
            <circle cx={layout.selected.x} cy={layout.selected.y} r={4.5} />
            <text className="halo" x={layout.selected.x + (labelLeft ? -7 : 7)} y={8} textAnchor={labelLeft ? 'end' : 'start'}>
              h = {formatEps(report.eps)}
            </text>
          </g>
          <circle className="chart-slider-grip" cx={layout.selected.x} cy={frame.innerHeight} r={6} />
        </ChartSlider>
      }
      title={['RMS error of the central-difference gradient against the step h, log–log', edge, nonFiniteNote(missing)]
        .filter(Boolean)
        .join('. ')}
    >
      <defs>
        <clipPath id={clipId}>
          <rect width={frame.innerWidth} height={frame.innerHeight} />
        </clipPath>
      </defs>
      <AxisLeft frame={frame} ticks={layout.yTicks} label="RMS error vs reverse" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="step h (log)" />
      <g clipPath={`url(#${clipId})`}>
        <path className="model-truncation" d={layout.truncationPath} />
        <path className="model-rounding" d={layout.roundingPath} />
        <path className="mark-fd-line" d={layout.errorPath} />
        {layout.sweepDots.map((d) => (
          <circle key={d.eps} className="mark-fd-dot" cx={d.x} cy={d.y} r={2.2} />
        ))}
      </g>
      {layout.predictedX !== null ? (
        <g className="predicted">
          <line x1={layout.predictedX} x2={layout.predictedX} y1={0} y2={frame.innerHeight} />
          <text className="halo" x={layout.predictedX - 4} y={frame.innerHeight - 6} textAnchor="end">
            model h*
          </text>
        </g>
      ) : null}
      {layout.best ? <circle className="mark-best" cx={layout.best.x} cy={layout.best.y} r={6.5} /> : null}
      <ChartNote frame={frame} text={edge} line={1} align={labelLeft ? 'start' : 'end'} />
      <ChartNote frame={frame} text={nonFiniteNote(missing)} line={2} align={labelLeft ? 'start' : 'end'} />
    </Chart>
  );
}
