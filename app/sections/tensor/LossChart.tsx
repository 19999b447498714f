import { useMemo } from 'react';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { makeFrame, MARGIN } from '../../ui/charts/frame.ts';
import { useLab } from '../../state/store/index.ts';
import { lossLayout } from './lossLayout.ts';

/** The batch loss at every step of the run on screen, drawn as it arrives from the worker. */
export function LossChart() {
  return <ChartBox minHeight={340}>{({ width, height }) => <LossPlot width={width} height={height} />}</ChartBox>;
}

function LossPlot({ width, height }: { width: number; height: number }) {
  const losses = useLab((s) => s.losses);
  const steps = useLab((s) => s.trainSnapshot?.steps ?? s.trainSettings.steps);
  const frame = useMemo(() => makeFrame(width, height, { ...MARGIN, right: 20 }), [width, height]);
  const layout = useMemo(() => lossLayout(losses, steps, frame), [losses, steps, frame]);
  const last = layout.last;
  const title = last
    ? `Training loss over ${last.step + 1} steps, from ${losses[0].toPrecision(3)} to ${last.loss.toPrecision(3)}.`
    : 'Training loss: no steps taken yet.';
  return (
    <Chart frame={frame} title={title} className="loss-chart">
      <AxisLeft frame={frame} ticks={layout.yTicks} label="loss (cross-entropy, log)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="SGD step" />
      <path className="mark-reverse-line" d={layout.path} />
      {last ? <circle className="mark-reverse-dot" cx={last.x} cy={last.y} r={4} /> : null}
      {last ? null : (
        <text className="chart-empty-note" x={frame.innerWidth / 2} y={frame.innerHeight / 2} textAnchor="middle">
          Press Train to watch the loss fall
        </text>
      )}
    </Chart>
  );
}
