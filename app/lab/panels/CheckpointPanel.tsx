import { chartItems, reportItem } from '../export/items.ts';
import { memo, useMemo } from 'react';
import type { CheckpointReport } from '../../../engine/report.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { ChartBeingDrawn, drawnProps } from '../../ui/charts/BeingDrawn.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { MARGIN, makeFrame } from '../../ui/charts/frame.ts';
import { squaresPath } from '../../ui/charts/pathMarks.ts';
import { ChartNote } from '../../ui/charts/ChartNote.tsx';
import { timelineLayoutSlices } from './timelineLayout.ts';
import { SLICE_ABOVE } from '../../state/perf/slices.ts';
import { useSliced } from '../../state/perf/useSliced.ts';
import type { Size } from '../../ui/charts/useSize.ts';
import { plural } from '../../ui/format.ts';
import { StepLayer } from '../linked/StepLayer.tsx';
import { useLab } from '../../state/store/index.ts';
import { CheckpointCounts } from './CheckpointCounts.tsx';
import { CheckpointNote } from './CheckpointNote.tsx';
import { StateWidthChoice } from './StateWidthChoice.tsx';
import { FrontierChart } from './FrontierChart.tsx';
import { Panel } from './Panel.tsx';
import { Legend } from '../../ui/charts/Legend.tsx';

/** What the panel's Export menu offers (one array, so the memoised menu is not redrawn). */
const EXPORTS = [...chartItems('Schedule timeline', 0), ...chartItems('Memory against recomputation', 1), reportItem];

const TIMELINE_HEIGHT = 230;

/** The schedule's actions over time, its counts against the full tape, and the frontier. */
export function CheckpointPanel() {
  const report = useLab((s) => s.report);
  return (
    <Panel
      title="Checkpoint schedule"
      method="checkpoint"
      exports={EXPORTS}
      caption={
        <>
          A checkpoint is a stored state; a recorded step is that step’s tape. Each bar is one held until the backward
          sweep (blue, stepping down) needs it: hold fewer and the chain must be replayed forward between them, trading
          memory for recomputation.
        </>
      }
    >
      <div className="checkpoint-body">
        <div className="checkpoint-timeline">
          <ChartBox minHeight={TIMELINE_HEIGHT}>
            {(size) => (report ? <TimelineChart checkpoint={report.checkpoint} steps={report.steps} size={size} /> : null)}
          </ChartBox>
          <Legend
            items={[
              { className: 'move-advance', label: 'advance (untaped)' },
              { className: 'move-record', label: 'record (taped)' },
              { className: 'move-reverse', label: 'reverse step' },
              { className: 'move-restore', shape: 'dash', label: 'restore' },
              { className: 'held-tape legend-held', label: 'recorded step, held' },
              { className: 'held-state legend-held', label: 'stored state (checkpoint), held' },
            ]}
          />
        </div>
        <div className="checkpoint-side">
          <StateWidthChoice />
          <CheckpointCounts />
          <CheckpointNote />
          <FrontierChart />
        </div>
      </div>
    </Panel>
  );
}

/** Memoised on its inputs, which keep their identity while unchanged (shareEqual). */
const TimelineChart = memo(function TimelineChart({ checkpoint: cp, steps, size }: { checkpoint: CheckpointReport; steps: number; size: Size }) {
  const frame = useMemo(() => makeFrame(size.width, size.height, MARGIN), [size.width, size.height]);
  // A long chain's schedule (400,000 actions at 100,000 steps) is laid out in slices, so the
  // page stays responsive; until it is done the chart says so.
  const { value: timeline, current } = useSliced(
    () => timelineLayoutSlices(cp.actions, steps, frame),
    [cp.actions, steps, frame],
    cp.actions.length > SLICE_ABOVE,
  );
  const name = cp.schedule === 'periodic' ? `periodic, stride ${cp.stride}` : `binomial (revolve), ${plural(cp.snapshots ?? 0, 'snapshot')}`;
  const title = `Timeline of the ${name} schedule: ${cp.actions.length} actions`;
  const drawing = `Drawing ${cp.actions.length.toLocaleString('en-US')} actions…`;
  if (!timeline) return <ChartBeingDrawn frame={frame} title={title} note={drawing} />;
  // While a new layout is made, the last one stays, dimmed.
  return (
    <Chart
      frame={frame}
      {...drawnProps(current, title)}
      controls={<StepLayer frame={frame} axis="y" from={0} to={Math.max(1, steps)} last={steps} what="state t on the timeline" />}
    >
      {current ? null : <ChartNote frame={frame} text={drawing} />}
      <AxisLeft frame={frame} ticks={timeline.yTicks} label="state t" />
      <AxisBottom frame={frame} ticks={timeline.xTicks} label="time (step evaluations + reverse steps)" />
      <path className="held-tape" d={timeline.tapePath} />
      <path className="held-state" d={timeline.statePath} />
      <path className="move-advance" d={timeline.advancePath} />
      <path className="move-record" d={timeline.recordPath} />
      <path className="move-restore" d={timeline.restorePath} />
      <path className="move-reverse" d={timeline.reversePath} />
      <path className="store-mark" d={squaresPath(timeline.stores, 3)} />
    </Chart>
  );
});
