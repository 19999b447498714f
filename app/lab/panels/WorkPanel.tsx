import { chartItems, reportItem } from '../export/items.ts';
import { memo, useMemo } from 'react';
import type { LabReport } from '../../../engine/report.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { MARGIN, makeFrame } from '../../ui/charts/frame.ts';
import type { Size } from '../../ui/charts/useSize.ts';
import { workLayout, type WorkLayout, type WorkMethod } from './workLayout.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { formatWork } from '../../ui/format.ts';
import { integerSpec } from '../../ui/charts/chartControl.ts';
import { ChartSlider } from '../../ui/charts/ChartSlider.tsx';
import { timedInput } from '../../state/perf/labInput.ts';
import { RANGES } from '../../state/settings/schema.ts';
import { useLab } from '../../state/store/index.ts';
import { TimeTable } from '../timing/TimeTable.tsx';
import { Panel } from './Panel.tsx';
import { Legend } from '../../ui/charts/Legend.tsx';

/** What the panel's Export menu offers (one array, so the memoised menu is not redrawn). */
const EXPORTS = [...chartItems('Work against steps'), reportItem];

const HEIGHT = 250;

const NAMES: Record<WorkMethod, string> = {
  reverse: 'reverse',
  forward: 'forward',
  finiteDifference: 'finite diff.',
  checkpointed: 'checkpointed',
};

const CLASS: Record<WorkMethod, string> = {
  reverse: 'reverse',
  forward: 'forward',
  finiteDifference: 'fd',
  checkpointed: 'checkpoint',
};

/** Work units of each method against the number of steps, with the current steps marked. */
export function WorkPanel() {
  const report = useLab((s) => s.report);
  return (
    <Panel
      title="Work"
      method="work"
      exports={EXPORTS}
      caption={
        <>
          Reverse mode stays at two passes however long the chain gets, while forward mode (P + 1) and central
          differences (2P + 1) grow with every parameter added.
        </>
      }
    >
      <ChartBox minHeight={HEIGHT}>
        {(size) =>
          report && report.workCurve.length > 0 ? (
            <WorkChart workCurve={report.workCurve} work={report.work} estimates={report.estimates} steps={report.steps} size={size} />
          ) : null
        }
      </ChartBox>
      <Legend
        items={[
          { className: 'mark-reverse-line', label: 'reverse' },
          { className: 'mark-forward-line', label: 'forward (P + 1)' },
          { className: 'mark-fd-line', label: 'central differences (2P + 1)' },
          { className: 'mark-checkpoint-line', label: 'checkpointed' },
        ]}
      />
      <TimeTable />
    </Panel>
  );
}

interface WorkChartProps {
  workCurve: LabReport['workCurve'];
  /** The current chain's work units, counted by its own run. */
  work: LabReport['work'];
  /** The methods not run at this length, estimated (drawn dashed and hollow, marked ≈). */
  estimates: LabReport['estimates'];
  steps: number;
  size: Size;
}


/** Room right of the plot for the labels, and for labels that also say ", not run". */
const LABEL_ROOM = 112;
const LABEL_ROOM_NOT_RUN = 178;

const setSteps = (steps: number, timeStamp: number) => timedInput(() => useLab.getState().setSetting('steps', steps), timeStamp);

/** Memoised on its inputs, which keep their identity while unchanged (shareEqual). */
const WorkChart = memo(function WorkChart({ workCurve, work, estimates, steps, size }: WorkChartProps) {
  const guesses = { forward: estimates?.forward?.workUnits, finiteDifference: estimates?.finiteDifference?.workUnits };
  const anyGuess = guesses.forward !== undefined || guesses.finiteDifference !== undefined;
  // Room on the right for the labels, wider when one says "≈ …, not run" (at most a third of a
  // narrow chart, whose estimated labels then leave out ", not run" and keep their ≈).
  const wide = anyGuess ? LABEL_ROOM_NOT_RUN : LABEL_ROOM;
  const frame = makeFrame(size.width, size.height, { ...MARGIN, top: 20, right: Math.min(wide, Math.max(LABEL_ROOM, Math.round(size.width / 3))) });
  const sayNotRun = frame.margin.right >= LABEL_ROOM_NOT_RUN;
  const layout = workLayout(workCurve, { steps, ...work }, frame, 13, guesses);
  return (
    <Chart
      frame={frame}
      title={`Work units of each method against the number of steps; T = ${steps} marked${anyGuess ? '; the methods not run at this length are estimated, dashed' : ''}`}
      controls={<StepsMarker frame={frame} x={layout.x} />}
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label="work (passes, log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="chain steps T (log)" />
      {layout.series.map((s) => (
        <path key={s.method} className={`mark-${CLASS[s.method]}-line`} d={s.path} />
      ))}
      {layout.series.map((s) =>
        s.estimatePath ? <path key={`${s.method}-estimate`} className={`mark-${CLASS[s.method]}-line estimate-line`} d={s.estimatePath} /> : null,
      )}
      {layout.series.map((s) =>
        s.current ? (
          <g key={s.method} className={`work-label work-${CLASS[s.method]}${s.current.estimated ? ' estimated' : ''}`}>
            <line x1={s.current.x + 5} x2={frame.innerWidth + 6} y1={s.current.y} y2={s.current.labelY} />
            <circle cx={s.current.x} cy={s.current.y} r={4} />
            <text x={frame.innerWidth + 9} y={s.current.labelY} dy="0.32em">
              <tspan className="work-value">{s.current.estimated ? `≈ ${formatWork(Math.round(s.current.value))}` : formatWork(s.current.value)}</tspan> {NAMES[s.method]}
              {s.current.estimated && sayNotRun ? ', not run' : ''}
            </text>
          </g>
        ) : null,
      )}
    </Chart>
  );
});

/**
 * The current T as a slider on the chart: press anywhere on the plot, drag, or use the keys; it
 * moves the header's steps setting. It follows the setting at once, the curves the report.
 */
function StepsMarker({ frame, x }: { frame: Frame; x: WorkLayout['x'] }) {
  const steps = useLab((s) => s.steps);
  // One step an arrow press, ten a page, over the chart's axis (which reaches the chosen T).
  const [lo, hi] = x.domain();
  const spec = useMemo(() => integerSpec(Math.max(RANGES.steps.min, Math.round(lo)), Math.min(RANGES.steps.max, Math.round(hi)), 10), [lo, hi]);
  const cx = x(steps);
  return (
    <ChartSlider
      frame={frame}
      scale={x}
      spec={spec}
      value={steps}
      label="Chain steps, on the chart"
      valueText={`T = ${steps} steps`}
      onValue={setSteps}
    >
      <line className="current-rule" x1={cx} x2={cx} y1={0} y2={frame.innerHeight} />
      <text className="current-label" x={cx} y={-6} textAnchor="middle">
        T = {steps}
      </text>
      <circle className="chart-slider-grip" cx={cx} cy={frame.innerHeight} r={6} />
    </ChartSlider>
  );
}
