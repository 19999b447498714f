import { memo } from 'react';
import type { CheckpointReport } from '../../../engine/report.ts';
import { AxisBottom, AxisLeft } from '../../ui/charts/Axes.tsx';
import { Chart } from '../../ui/charts/Chart.tsx';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { dotsPath, squaresPath } from '../../ui/charts/pathMarks.ts';
import { makeFrame } from '../../ui/charts/frame.ts';
import { checkpointNotRunSentence } from '../notRun.ts';
import { frontierLayout } from './frontierLayout.ts';
import type { Size } from '../../ui/charts/useSize.ts';
import { formatBytes, formatWork } from '../../ui/format.ts';
import { useLab } from '../../state/store/index.ts';
import { FrontierChoices } from './FrontierChoices.tsx';
import { Legend } from '../../ui/charts/Legend.tsx';

const HEIGHT = 180;

/** Every stride and snapshot count by memory and work, with the current choice ringed. */
export const FrontierChart = memo(function FrontierChart() {
  const checkpoint = useLab((s) => s.report?.checkpoint ?? null);
  const stale = useLab((s) => s.stale.includes('frontier'));
  return (
    <div className="frontier">
      <h3 className="subhead">Memory against recomputation</h3>
      <ChartBox minHeight={HEIGHT} className={stale ? 'stale' : undefined}>
        {(size) =>
          checkpoint?.frontier ? (
            <Frontier checkpoint={checkpoint} size={size} />
          ) : checkpoint ? (
            <p className="empty">
              {checkpoint.estimates?.frontier
                ? checkpointNotRunSentence('frontier', checkpoint.estimates.frontier, checkpoint.fullTapeStates - 1)
                : 'The frontier was left out of this run.'}
            </p>
          ) : null
        }
      </ChartBox>
      <Legend
        items={[
          { className: 'frontier-periodic', shape: 'dot', label: 'periodic, each stride' },
          { className: 'frontier-revolve', shape: 'square', label: 'binomial (revolve), each snapshot count' },
        ]}
      />
    </div>
  );
});

/** Memoised: the frontier turning stale on a drag's first input only dims its box (FrontierChart). */
const Frontier = memo(function Frontier({ checkpoint: cp, size }: { checkpoint: CheckpointReport; size: Size }) {
  const frame = makeFrame(size.width, size.height, { top: 26, right: 14, bottom: 40, left: 50 });
  if (!cp.frontier) return null;
  const setting = (cp.schedule === 'periodic' ? cp.stride : cp.snapshots) ?? 0;
  const layout = frontierLayout(cp.frontier, { schedule: cp.schedule, setting }, frame);
  const cur = layout.current;
  const label = cur ? `${formatBytes(cur.peakBytes)}, ${formatWork(cur.workUnits)} passes` : '';
  // Centred over the ring, but kept inside the chart (about 6.5 px a character at this size).
  const half = (label.length * 6.5) / 2;
  const labelX = cur
    ? Math.min(frame.innerWidth + frame.margin.right - half, Math.max(half - frame.margin.left + 4, cur.x))
    : 0;
  return (
    <Chart
      frame={frame}
      title="Memory against recomputation for every stride and snapshot count"
      controls={<FrontierChoices layout={layout} frame={frame} current={cur ? { schedule: cp.schedule, mark: cur } : null} />}
    >
      <AxisLeft frame={frame} ticks={layout.yTicks} label="work (passes)" />
      <AxisBottom frame={frame} ticks={layout.xTicks} label="memory held at once (bytes, log)" />
      <path className="frontier-revolve" d={squaresPath(layout.revolveDrawn, 2.4)} />
      <path className="frontier-periodic" d={dotsPath(layout.periodicDrawn, 2.8)} />
      {cur ? (
        <g className="frontier-current">
          <circle cx={cur.x} cy={cur.y} r={7.5} />
          <line x1={cur.x} y1={cur.y - 8} x2={cur.x} y2={-8} />
          <text className="halo" x={labelX} y={-12} textAnchor="middle">
            {label}
          </text>
        </g>
      ) : null}
    </Chart>
  );
});
