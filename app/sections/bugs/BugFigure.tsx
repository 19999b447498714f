import type { BugReport } from '../../../engine/bugs/index.ts';
import { Figures } from '../../ui/charts/Legend.tsx';
import { useLab } from '../../state/store/index.ts';
import { formatBytes } from '../../ui/format.ts';
import { LossCurves } from '../../ui/charts/LossCurves.tsx';
import { BytesFigures, DetachSlider, FreeLateChart, GradientFigure, GraphAlive, PrecisionV } from './BugFigures.tsx';
import { ErrorBox } from '../../ui/ErrorBox.tsx';

/** What happens with the bug on: the figure each kind of bug needs. */
export function BugFigure({ report }: { report: BugReport }) {
  const training = useLab((s) => s.bugsTraining);
  const precision = useLab((s) => s.bugsPrecision);
  const steps = useLab((s) => s.steps);
  const held = useLab((s) => s.bugsChain?.freeLateHeld);
  const { correct, buggy } = report;
  switch (report.name) {
    case 'zero-grad':
      return (
        <>
          <GradientFigure correct={correct.gradient!} buggy={buggy.gradient!} buggyLabel="two backward() calls without zero_grad(): exactly twice" />
          {training ? <LossCurves training={training} /> : <p className="tape-placeholder">Training the tensor section’s network with and without zero_grad()…</p>}
        </>
      );
    case 'detach':
      return (
        <>
          <DetachSlider />
          <GradientFigure correct={correct.gradient!} buggy={buggy.gradient!} buggyLabel="detached: 0 before the detached step, exact after it" />
        </>
      );
    case 'in-place':
      return (
        <>
          <ErrorBox outcome={buggy} lead="PyTorch’s version counter sees the change and refuses to sweep:" />
          <GradientFigure correct={correct.gradient!} buggy={buggy.gradient!} buggyLabel="what the sweep gives with the check bypassed (.data.mul_): wrong, silently" />
        </>
      );
    case 'retain-graph':
      return (
        <>
          <ErrorBox outcome={buggy} lead="The second backward() is refused:" />
          <Figures items={[{ label: 'kept between the two sweeps with retain_graph=True', value: formatBytes(correct.bytes ?? NaN), className: 'fig-bug-right' }]} />
        </>
      );
    case 'overwrite':
      return <GradientFigure correct={correct.gradient!} buggy={buggy.gradient!} buggyLabel="= instead of +=: only the last contribution survives" />;
    case 'graph-alive':
      return training ? <GraphAlive training={training} report={report} /> : null;
    case 'free-late':
      return held ? (
        <FreeLateChart held={held} report={report} steps={steps} />
      ) : (
        <BytesFigures report={report} labels={[`peak, each node freed as the sweep passes (T = ${steps})`, 'peak, everything freed at the end']} />
      );
    case 'float32':
      return precision ? (
        <PrecisionV
          sweep={precision.sweep}
          report={report}
          sampled={precision.lanes.length === 2 * steps ? `all ${2 * steps} parameters` : `${precision.lanes.length} of ${2 * steps} parameters, evenly spaced`}
        />
      ) : null;
  }
}
