import { useMemo } from 'react';
import type { BugReport, PrecisionPoint, TrainingBugs } from '../../../engine/bugs/index.ts';
import type { GradientPair } from '../../../engine/report.ts';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';
import { useLab } from '../../state/store/index.ts';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { formatBytes, formatEps, formatNumber } from '../../ui/format.ts';
import { RangeControl } from '../../ui/RangeControl.tsx';
import { timedInput } from '../../state/perf/labInput.ts';
import { effectiveLevers } from '../tradeoffs/levers.ts';
import { SeriesChart } from '../../ui/charts/SeriesChart.tsx';

/** The largest |buggy − right| over the largest |right|, over the entries both have. */
function relativeGap(right: GradientPair, buggy: GradientPair): number {
  let gap = 0;
  let size = 0;
  for (let t = 0; t < right.a.length; t++) {
    for (const k of ['a', 'b'] as const) {
      const d = buggy[k][t] - right[k][t];
      if (Number.isFinite(d)) gap = Math.max(gap, Math.abs(d));
      size = Math.max(size, Math.abs(right[k][t]));
    }
  }
  return size > 0 ? gap / size : gap;
}

/** The right gradient as a line over θ = (a₀, b₀, a₁, …), the buggy one as dots on it. */
export function GradientFigure({ correct, buggy, buggyLabel }: { correct: GradientPair; buggy: GradientPair; buggyLabel: string }) {
  const series = useMemo(
    () => [
      { y: correct.a, className: 'bug-right', mark: 'line' as const },
      { y: correct.b, className: 'bug-right-b', mark: 'line' as const },
      { y: buggy.a, className: 'bug-wrong', mark: 'dots' as const },
      { y: buggy.b, className: 'bug-wrong', mark: 'dots' as const },
    ],
    [correct, buggy],
  );
  const gap = relativeGap(correct, buggy);
  return (
    <>
      <ChartBox minHeight={220}>
        {(size) => (
          <SeriesChart
            series={series}
            yZero
            title={`The right gradient and the buggy one, ∂L/∂aₜ and ∂L/∂bₜ for each of the ${correct.a.length} steps; the largest difference is ${formatNumber(gap, 3)} of the largest entry.`}
            xLabel="step t"
            yLabel="∂L/∂aₜ, ∂L/∂bₜ"
            {...size}
          />
        )}
      </ChartBox>
      <Legend
        items={[
          { className: 'bug-right-line', label: 'right ∂L/∂aₜ (the tape’s sweep)' },
          { className: 'bug-right-b-line', label: 'right ∂L/∂bₜ' },
          { className: 'bug-wrong-dot', label: buggyLabel, shape: 'dot' },
        ]}
      />
      <Figures items={[{ label: 'largest |buggy − right| / largest |right|', value: formatNumber(gap, 3), className: 'fig-bug-gap' }]} />
    </>
  );
}

/** The detach step: the truncation lever's window, seen from the other end (s = T − K). */
export function DetachSlider() {
  const steps = useLab((s) => s.steps);
  const window = useLab((s) => effectiveLevers(s.levers, s.steps).window);
  const s = steps - window;
  return (
    <RangeControl
      timeInput={timedInput}
      label="Detach at step s"
      readout={`s = ${s}`}
      hint={`x_${s}.detach(): the same as the truncation window K = ${window} in “What frameworks hide”; both move together.`}
      position={s}
      min={0}
      max={steps}
      step={1}
      onPosition={(v) => useLab.getState().setLever('window', steps - v)}
    />
  );
}

/** One line per side over the training steps: the bug's rising, the fix's flat at 0. */
function AliveChart({ series, title, yLabel }: { series: { correct: Float64Array; buggy: Float64Array }; title: string; yLabel: string }) {
  const lines = useMemo(
    () => [
      { y: series.correct, className: 'bug-right', mark: 'line' as const },
      { y: series.buggy, className: 'bug-wrong', mark: 'line' as const },
    ],
    [series],
  );
  return <ChartBox minHeight={170}>{(size) => <SeriesChart series={lines} yZero title={title} xLabel="training step" yLabel={yLabel} {...size} />}</ChartBox>;
}

/**
 * `graph-alive` as PyTorch 1.13 has it: with backward() every step, a total kept as a tensor keeps
 * every step's autograd nodes (their saved tensors freed); with no backward (evaluation), every
 * forward's saved tensors too. Each with its fix, counted as `bugs --script graph-alive` counts them.
 */
export function GraphAlive({ training, report }: { training: TrainingBugs; report: BugReport }) {
  const { correct, buggy } = report;
  const steps = training.steps;
  return (
    <>
      <h4>Training: loss.backward() every step</h4>
      <AliveChart
        series={training.aliveNodes}
        title={`Autograd nodes still alive after each of ${steps} training steps: ${buggy.nodes ?? 0} with total += loss, ${correct.nodes ?? 0} with loss.item(); the saved tensors are freed by each backward either way (${formatBytes(buggy.bytes ?? 0)} left).`}
        yLabel="autograd nodes alive"
      />
      <h4>Evaluation: no backward, no torch.no_grad()</h4>
      <AliveChart
        series={training.evaluationBytes}
        title={`Bytes of saved tensors still held after each of ${steps} forward passes: ${formatBytes(buggy.evaluation?.bytes ?? 0)} with the total a tensor, ${formatBytes(correct.evaluation?.bytes ?? 0)} under torch.no_grad().`}
        yLabel="saved bytes held"
      />
      <Legend
        items={[
          { className: 'bug-right-line', label: 'the fix: total += loss.item(); torch.no_grad() for evaluation' },
          { className: 'bug-wrong-line', label: 'total += loss: a tensor whose graph reaches every step' },
        ]}
      />
      <Figures
        items={[
          { label: `nodes alive after ${steps} training steps`, value: String(buggy.nodes ?? NaN), className: 'fig-alive-nodes' },
          { label: 'saved bytes left after those steps', value: formatBytes(buggy.bytes ?? NaN), className: 'fig-alive-bytes' },
          { label: `saved bytes after ${steps} evaluation passes`, value: formatBytes(buggy.evaluation?.bytes ?? NaN), className: 'fig-alive-eval' },
          { label: 'with the fixes', value: `${correct.nodes ?? NaN} nodes, ${formatBytes(correct.evaluation?.bytes ?? NaN)}`, className: 'fig-bug-right' },
        ]}
      />
    </>
  );
}

/**
 * `free-late`: bytes held at each node of the sweep, buffers released as the sweep passes them
 * (falling) or all at the end (rising, then flat until the sweep returns).
 */
export function FreeLateChart({ held, report, steps }: { held: { correct: Float64Array; buggy: Float64Array }; report: BugReport; steps: number }) {
  const series = useMemo(
    () => [
      { y: held.correct, className: 'bug-right', mark: 'line' as const },
      { y: held.buggy, className: 'bug-wrong', mark: 'line' as const },
    ],
    [held],
  );
  const nodes = held.correct.length - 2;
  return (
    <>
      <ChartBox minHeight={200}>
        {(size) => (
          <SeriesChart
            series={series}
            yZero
            title={`Bytes held as the sweep passes each of the ${nodes} nodes of the chain’s tape, from the loss back to x₀: freed as it goes, the most is ${formatBytes(report.correct.bytes ?? 0)} at the start and it falls; freed at the end, it rises to ${formatBytes(report.buggy.bytes ?? 0)} and stays there until the sweep returns.`}
            xLabel="nodes the sweep has passed (loss → x₀)"
            yLabel="bytes held"
            {...size}
          />
        )}
      </ChartBox>
      <Legend
        items={[
          { className: 'bug-right-line', label: 'each gradient freed as the sweep passes its node, each saved tensor once no node still needs it' },
          { className: 'bug-wrong-line', label: 'everything kept until the sweep ends' },
        ]}
      />
      <BytesFigures report={report} labels={[`peak, each node freed as the sweep passes (T = ${steps})`, 'peak, everything freed at the end']} />
    </>
  );
}

/** Right and buggy bytes side by side, with their ratio. */
export function BytesFigures({ report, labels = ['right', 'buggy'] }: { report: BugReport; labels?: [string, string] }) {
  const right = report.correct.bytes ?? NaN;
  const wrong = report.buggy.bytes ?? NaN;
  return (
    <Figures
      items={[
        { label: labels[0], value: formatBytes(right), className: 'fig-bug-right' },
        { label: labels[1], value: formatBytes(wrong), className: 'fig-bug-wrong' },
        { label: 'buggy ÷ right', value: `${formatNumber(wrong / right, 3)}×`, className: 'fig-bug-ratio' },
      ]}
    />
  );
}

/** The finite-difference V in float64 and in float32. */
export function PrecisionV({ sweep, report, sampled }: { sweep: PrecisionPoint[]; report: BugReport; sampled: string }) {
  const series = useMemo(() => {
    const x = sweep.map((p) => p.eps);
    return [
      { x, y: sweep.map((p) => p.float64), className: 'bug-right', mark: 'both' as const },
      { x, y: sweep.map((p) => p.float32), className: 'bug-wrong', mark: 'both' as const },
    ];
  }, [sweep]);
  const { correct, buggy } = report;
  return (
    <>
      <ChartBox minHeight={220}>
        {(size) => (
          <SeriesChart
            series={series}
            xLog
            yLog
            title={`RMS error of central differences against the exact gradient for each step h: float64 bottoms out at ${formatNumber(correct.errorFloor, 2)} at h = ${formatEps(correct.bestEps ?? NaN)}, float32 at ${formatNumber(buggy.errorFloor, 2)} at h = ${formatEps(buggy.bestEps ?? NaN)}.`}
            xLabel="step h (log)"
            yLabel="RMS error (log)"
            {...size}
          />
        )}
      </ChartBox>
      <Legend
        items={[
          { className: 'bug-right-line', label: 'float64' },
          { className: 'bug-wrong-line', label: 'float32: every operation rounded (Math.fround)' },
        ]}
      />
      <Figures
        items={[
          { label: 'float64: best h, error there', value: `${formatEps(correct.bestEps ?? NaN)}, ${formatNumber(correct.errorFloor, 2)}`, className: 'fig-bug-right' },
          { label: 'float32: best h, error there', value: `${formatEps(buggy.bestEps ?? NaN)}, ${formatNumber(buggy.errorFloor, 2)}`, className: 'fig-bug-wrong' },
          { label: 'differenced', value: sampled },
        ]}
      />
      <p className="bug-rule">
        The rule: check gradients in float64, with central differences, h near 1e-6, and call them right when the relative
        error is below 1e-6.
      </p>
    </>
  );
}
