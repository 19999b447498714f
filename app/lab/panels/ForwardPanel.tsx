import { TANGENT_TABLE_LIMIT } from '../../../engine/limits.ts';
import { chartItems, gradientsItem, reportItem } from '../export/items.ts';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { formatWork } from '../../ui/format.ts';
import { estimatedWork, notRun, notRunSentence } from '../notRun.ts';
import { useLab } from '../../state/store/index.ts';
import { GapGauge } from './GapGauge.tsx';
import { Panel } from './Panel.tsx';
import { Figures } from '../../ui/charts/Legend.tsx';
import { TangentChart } from './TangentChart.tsx';

/** What the panel's Export menu offers (one array, so the memoised menu is not redrawn). */
const EXPORTS = [...chartItems('Tangent table'), gradientsItem, reportItem];

const HEIGHT = 220;

/** The tangents forward mode carries, all P directions per step, and its gap to reverse mode. */
export function ForwardPanel() {
  const report = useLab((s) => s.report);
  const tangents = report?.tangents ?? null;
  const skipped = notRun(report, 'forward');
  return (
    <Panel
      title="Forward mode"
      method="forward"
      exports={EXPORTS}
      caption={
        <>
          Every step carries all P tangents ∂x<sub>t</sub>/∂θ<sub>j</sub> forward, even the ones still zero in the blank
          triangle, so the cost grows with P; the gradient it arrives at matches reverse mode to rounding.
        </>
      }
    >
      <ChartBox minHeight={HEIGHT}>
        {(size) =>
          report && tangents ? (
            <TangentChart tangents={tangents} steps={report.steps} size={size} />
          ) : report && skipped ? (
            <p className="empty not-run">{notRunSentence('forward', skipped, report.steps)}</p>
          ) : report ? (
            <p className="empty">
              The tangent table is drawn while it holds at most {TANGENT_TABLE_LIMIT.toLocaleString('en-US')} numbers; at T = {report.steps.toLocaleString('en-US')}{' '}
              it would hold (T + 1)·P = {((report.steps + 1) * report.parameters).toLocaleString('en-US')}.
            </p>
          ) : null
        }
      </ChartBox>
      <GapGauge value={report?.errors.forwardVsReverseMax ?? NaN} notRun={skipped !== null} />
      <Figures
        items={[
          { label: 'tangent lanes', value: report ? String(report.counts.forwardLanes) : '—' },
          { label: 'steps carried', value: report ? String(report.counts.forwardStepEvaluations) : '—' },
          {
            label: 'work',
            value: skipped ? `${estimatedWork(skipped)} passes, not run` : report ? `${formatWork(report.work.forward)} passes (P + 1)` : '—',
            className: 'fig-forward',
          },
        ]}
      />
    </Panel>
  );
}
