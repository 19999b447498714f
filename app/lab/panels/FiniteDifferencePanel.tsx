import { memo } from 'react';
import { chartItems, gradientsItem, reportItem, sweepItem } from '../export/items.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartNote } from '../../ui/charts/ChartNote.tsx';
import { nonFiniteNote } from '../../ui/charts/nonFinite.ts';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { dotsPath } from '../../ui/charts/pathMarks.ts';
import { RingMarks } from '../../ui/charts/RingMarks.tsx';
import { errorDomain, parameterLayout, sweepLayout, type SweepLayout } from './fdLayout.ts';
import { MARGIN, makeFrame } from '../../ui/charts/frame.ts';
import type { Size } from '../../ui/charts/useSize.ts';
import type { LabReport } from '../../../engine/report.ts';
import { formatEps, formatNumber } from '../../ui/format.ts';
import { StepLayer } from '../linked/StepLayer.tsx';
import { estimatedWork, notRun, notRunSentence } from '../notRun.ts';
import { useLab } from '../../state/store/index.ts';
import { Panel } from './Panel.tsx';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';
import { SweepChart } from './SweepChart.tsx';

/** What the panel's Export menu offers (one array, so the memoised menu is not redrawn). */
const EXPORTS = [...chartItems('Error against h', 0), ...chartItems('Error of each parameter', 1), sweepItem, gradientsItem, reportItem];

const SWEEP_HEIGHT = 250;
const PARAM_HEIGHT = 140;

function sweepOf(report: LabReport, size: Size): { layout: SweepLayout; frame: ReturnType<typeof makeFrame> } {
  const frame = makeFrame(size.width, size.height, { ...MARGIN, top: 18 });
  const layout = sweepLayout(
    {
      sweep: report.sweep,
      eps: report.eps,
      rms: report.errors.finiteDifferenceRms,
      bestEps: report.bestEps,
      predictedBestEps: report.model.predictedBestEps,
    },
    frame,
  );
  return { layout, frame };
}

/** Error against epsilon, the two error models, and the per-parameter error at the selected h. */
export function FiniteDifferencePanel() {
  const report = useLab((s) => s.report);
  const sweepStale = useLab((s) => s.stale.includes('sweep'));
  const skipped = notRun(report, 'finiteDifference');
  const sweepSkipped = notRun(report, 'sweep');
  return (
    <Panel
      title="Finite differences"
      method="fd"
      exports={EXPORTS}
      caption={
        <>
          The error is a V: to the right the secant misses the curvature (truncation, slope +2), to the left the
          difference drowns in rounding (slope −1); the best h sits where the two model lines cross.
        </>
      }
    >
      <ChartBox minHeight={SWEEP_HEIGHT} className={sweepStale ? 'stale' : undefined}>
        {(size) => {
          if (!report) return null;
          if (sweepSkipped) {
            return <p className="empty not-run">{notRunSentence('sweep', sweepSkipped, report.steps)}</p>;
          }
          const { layout, frame } = sweepOf(report, size);
          return <SweepChart report={report} layout={layout} frame={frame} />;
        }}
      </ChartBox>
      <Legend
        items={[
          { className: 'mark-fd-line', label: 'RMS error over the sweep' },
          { className: 'mark-best', shape: 'ring', label: 'best h of the sweep' },
          { className: 'model-truncation', shape: 'dash', label: 'truncation h²|f‴|/6' },
          { className: 'model-rounding', shape: 'dotted', label: 'rounding ε|f|/h' },
        ]}
      />
      <h3 className="subhead">Each parameter at the selected h</h3>
      <ChartBox minHeight={PARAM_HEIGHT} grow={false}>
        {(size) =>
          report && skipped ? (
            <p className="empty not-run">{notRunSentence('finiteDifference', skipped, report.steps)}</p>
          ) : report ? (
            <ParameterChart report={report} size={size} />
          ) : null
        }
      </ChartBox>
      <Legend
        items={[
          { className: 'mark-fd-dot', shape: 'dot', label: <>a<sub>t</sub></> },
          { className: 'mark-fd-ring', shape: 'ring', label: <>b<sub>t</sub></> },
        ]}
      />
      <Figures
        items={[
          { label: 'selected h', value: report ? formatEps(report.eps) : '—' },
          { label: 'RMS error', value: skipped ? 'not run' : formatNumber(report?.errors.finiteDifferenceRms), className: 'fig-fd' },
          skipped
            ? { label: 'work', value: `${estimatedWork(skipped)} passes, not run` }
            : { label: 'max relative', value: formatNumber(report?.errors.finiteDifferenceMaxRelative) },
          { label: 'best h', value: sweepSkipped ? 'not run' : report?.bestEps ? formatEps(report.bestEps) : '—' },
          { label: 'model h*', value: report?.model.predictedBestEps ? formatEps(report.model.predictedBestEps) : '—' },
        ]}
      />
    </Panel>
  );
}

/**
 * |finite difference − reverse| for every parameter at the selected h, on the sweep's error
 * axis (computed from the sweep alone, so it holds still while the epsilon moves). Memoised: the
 * sweep turning stale on a drag's first input redraws the panel, not this chart.
 */
const ParameterChart = memo(function ParameterChart({ report, size }: { report: LabReport; size: Size }) {
  const frame = makeFrame(size.width, size.height, { ...MARGIN, top: 8 });
  const params = parameterLayout(
    report.gradient.finiteDifference,
    report.gradient.reverse,
    errorDomain(report.sweep),
    frame,
  );
  return (
    <Chart
      frame={frame}
      title="Absolute error of each parameter's finite difference at the selected h"
      controls={
        <StepLayer frame={frame} axis="x" from={0} to={Math.max(1, report.steps - 1)} last={report.steps - 1} what="the parameters of step t" />
      }
    >
      <AxisLeft frame={frame} ticks={params.yTicks} label="|FD − reverse|" />
      <AxisBottom frame={frame} ticks={params.xTicks} label="step t of the parameter" />
      {[false, true].map((zero) => (
        <RingMarks key={`ring${zero}`} className={zero ? 'mark-fd-ring zero' : 'mark-fd-ring'} points={params.b.filter((m) => m.zero === zero)} r={2.6} />
      ))}
      {[false, true].map((zero) => {
        const d = dotsPath(params.a.filter((m) => m.zero === zero), 2.2);
        return d ? <path key={`dot${zero}`} className={zero ? 'mark-fd-dot zero' : 'mark-fd-dot'} d={d} /> : null;
      })}
      <ChartNote frame={frame} text={nonFiniteNote(2 * report.steps - params.a.length - params.b.length)} />
    </Chart>
  );
});
