import type { ReactNode } from 'react';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { useColorScheme } from '../../shell/theme/useColorScheme.ts';
import { formatBytes, formatNumber } from '../../ui/format.ts';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';
import { useLab } from '../../state/store/index.ts';
import { JacobianCostChart, JacobianHeatmap } from './figures/JacobianCharts.tsx';
import { MemoryChart } from './figures/MemoryChart.tsx';
import { PairBars } from './figures/PairBars.tsx';
import { sub } from '../../ui/subscript.ts';
import { TruncatedGradientChart, TruncationCurveChart } from './figures/TruncationFigures.tsx';
import { FusedChoice, InputsSlider, OutputsSlider, SavedChoice, WindowSlider } from './LeverControls.tsx';
import { jacobianSkippedText } from './skippedText.ts';
import { crossoverTimeText, fusionTimeSentence } from './timeText.ts';

/** One lever: its heading, its control, its figures and the sentence saying what to notice. */
function Lever({ title, control, notice, children }: { title: string; control: ReactNode; notice: ReactNode; children: ReactNode }) {
  return (
    <div className="lever">
      <h3>{title}</h3>
      <div className="lever-control">{control}</div>
      <p className="lever-notice">{notice}</p>
      {children}
    </div>
  );
}

function micro(us: number): string {
  return us >= 1000 ? `${formatNumber(us / 1000, 3)} ms` : `${formatNumber(us, 3)} µs`;
}

/** Stopping the gradient: the truncated gradient against the full one, and the error over every K. */
export function TruncationLever() {
  const f = useLab((s) => s.tradeoffs);
  if (!f) return null;
  const T = f.steps;
  const K = f.window;
  return (
    <Lever
      title="Stopping the gradient"
      control={<WindowSlider />}
      notice={
        <>
          Treating x{sub(T - K)} as a constant (truncated backpropagation) keeps a tape only K steps long and sets every
          earlier component to 0: notice how fast the error falls as K grows, and how moving c changes that.
        </>
      }
    >
      <div className="lever-charts">
        <ChartBox minHeight={230}>{(size) => <TruncatedGradientChart full={f.gradient} window={K} {...size} />}</ChartBox>
        <ChartBox minHeight={230}>{(size) => <TruncationCurveChart curve={f.truncationCurve} window={K} {...size} />}</ChartBox>
      </div>
      <Legend
        items={[
          { className: 'mark-full-line', label: 'full gradient g (one sweep of the whole tape)' },
          { className: 'mark-reverse-dot', label: 'truncated gradient g_K where the sweep reached (equal to g there)', shape: 'dot' },
          { className: 'mark-reverse-line', label: 'relative error for each K' },
        ]}
      />
      <Figures
        items={[
          { label: 'relative error ‖g_K − g‖/‖g‖', value: formatNumber(f.truncation.relativeError, 3), className: 'fig-truncation-error' },
          { label: 'tape', value: `${f.truncation.tapeNodes} nodes, ${formatBytes(f.truncation.tapeBytes)}`, className: 'fig-truncation-tape' },
          { label: 'whole tape', value: `${f.truncation.fullTapeNodes} nodes, ${formatBytes(f.truncation.fullTapeBytes)}` },
        ]}
      />
    </Lever>
  );
}

/** Fusing: nodes, bytes and time of the primitive tape against the fused one. */
export function FusionLever() {
  const f = useLab((s) => s.tradeoffs);
  const t = useLab((s) => s.timings);
  const fused = useLab((s) => s.levers.fused);
  if (!f) return null;
  const chosen = fused ? f.fusion.fused : f.fusion.primitive;
  // The measured times, unless their rounds spread too widely to tell (then the bars say so).
  const timed = t && !t.fusion.ratio.noisy ? t.fusion : null;
  return (
    <Lever
      title="Fusing a step"
      control={<FusedChoice />}
      notice="One fused node a step, carrying its hand-derived local partials ∂xₜ₊₁/∂xₜ, ∂xₜ₊₁/∂aₜ and ∂xₜ₊₁/∂bₜ, records about a fifth of the nodes and a quarter of the bytes, and the gradient changes only in its last digits."
    >
      <ChartBox minHeight={170} grow={false}>
        {({ width }) => (
          <PairBars
            names={['twelve primitives', 'one fused node']}
            chosen={fused ? 1 : 0}
            classes={['bar-primitive', 'bar-fused']}
            width={width}
            title={`Primitive tape: ${f.fusion.primitive.nodes} nodes, ${formatBytes(f.fusion.primitive.bytes)}; fused tape: ${f.fusion.fused.nodes} nodes, ${formatBytes(f.fusion.fused.bytes)}.`}
            rows={[
              { label: 'nodes', values: [f.fusion.primitive.nodes, f.fusion.fused.nodes], format: (x) => formatNumber(x, 4) },
              { label: 'bytes', values: [f.fusion.primitive.bytes, f.fusion.fused.bytes], format: formatBytes },
              {
                label: 'time',
                values: [timed ? timed.primitiveMicroseconds : null, timed ? timed.fusedMicroseconds : null],
                format: micro,
                missing: t?.fusion.ratio.noisy ? 'too noisy' : '…',
              },
            ]}
          />
        )}
      </ChartBox>
      <p className="lever-note fusion-time">
        Time: one recording of the chain and one sweep, on the tape in use.{t ? ` ${fusionTimeSentence(t.fusion.ratio)}` : ''}
      </p>
      <p className="step-strip" aria-label="The nodes one step records on the tape in use">
        One step on this tape:{' '}
        {fused ? (
          <span className="node fused">step t (3 parents, 3 partials)</span>
        ) : (
          f.fusion.stepOps.map((op, i) => (
            <span key={i} className="node">
              {op}
            </span>
          ))
        )}
      </p>
      <Figures
        items={[
          { label: 'tape in use', value: `${chosen.nodes} nodes, ${formatBytes(chosen.bytes)}`, className: 'fig-fusion-tape' },
          { label: 'largest gradient difference, relative', value: formatNumber(f.fusion.relativeDifference, 2), className: 'fig-fusion-difference' },
        ]}
      />
    </Lever>
  );
}

/** Saving or recomputing: bytes held against step evaluations. */
export function RecomputeLever() {
  const f = useLab((s) => s.tradeoffs);
  const saved = useLab((s) => s.levers.saved);
  if (!f) return null;
  const r = f.recompute;
  const chosen = saved ? r.saved : r.recomputed;
  return (
    <Lever
      title="Saving or recomputing"
      control={<SavedChoice />}
      notice="Recomputing keeps one number per step instead of each step’s tape, and pays with a second run of every step in the sweep; the gradient does not change by a single bit."
    >
      <ChartBox minHeight={230}>
        {(size) => <MemoryChart saved={r.saved.bytesTrace} recomputed={r.recomputed.bytesTrace} useSaved={saved} {...size} />}
      </ChartBox>
      <Legend
        items={[
          { className: 'mark-reverse-line', label: 'saved: every step recorded (its own tape, xₜ and c included) and kept until the sweep uses it' },
          { className: 'mark-checkpoint-line', label: 'recomputed: one number a step kept, one step’s tape at a time', shape: 'dash' },
        ]}
      />
      <Figures
        items={[
          { label: 'bytes held (peak)', value: formatBytes(chosen.bytes), className: 'fig-recompute-bytes' },
          { label: 'step evaluations', value: String(chosen.stepEvaluations), className: 'fig-recompute-steps' },
          { label: saved ? 'recomputing would hold' : 'saving would hold', value: `${formatBytes((saved ? r.recomputed : r.saved).bytes)} for ${(saved ? r.recomputed : r.saved).stepEvaluations} steps` },
          { label: 'largest gradient difference, relative', value: formatNumber(r.relativeDifference, 2) },
        ]}
      />
    </Lever>
  );
}

/** JVP against VJP: the Jacobian of the last M states, its cost by both modes as M grows. */
export function JacobianLever() {
  const f = useLab((s) => s.tradeoffs);
  const t = useLab((s) => s.timings);
  const measuring = useLab((s) => s.measuring);
  const stage = useLab((s) => s.timingsStage);
  const waiting = stage ? `${stage[0].toUpperCase()}${stage.slice(1)}…` : null;
  const scheme = useColorScheme();
  if (!f) return null;
  const N = f.jacobian.inputCount;
  const crossTime = t?.crossover.time ?? null;
  const crossNoisy = t?.crossover.timeNoisy ?? false;
  const skipped = jacobianSkippedText(t?.skipped);
  const wins =
    f.jacobian.crossover === null
      ? `reverse stays cheaper here because the ${N} inputs outnumber the at most ${f.steps} outputs; lower N to see forward mode win.`
      : `the lines cross at M = N = ${N}, and forward mode is cheaper from M = ${f.jacobian.crossover}.`;
  return (
    <Lever
      title="Forward or reverse mode for a Jacobian"
      control={
        <>
          <InputsSlider />
          <OutputsSlider />
        </>
      }
      notice={`Forward mode costs N + 1 = ${N + 1} passes whatever M is, reverse mode one recording plus one sweep per output: ${wins}`}
    >
      <div className="lever-charts">
        <ChartBox minHeight={230}>
          {(size) => <JacobianHeatmap rows={f.jacobian.rows} inputs={f.jacobian.inputs} scheme={scheme} width={size.width} height={Math.max(160, size.height)} />}
        </ChartBox>
        <ChartBox minHeight={230}>
          {(size) =>
            t ? (
              <JacobianCostChart points={t.jacobian} outputs={f.outputs} steps={f.steps} metric="work" crossover={t.crossover.work} {...size} />
            ) : (
              <p className="tape-placeholder">{waiting ?? 'Counting…'}</p>
            )
          }
        </ChartBox>
        <ChartBox minHeight={230}>
          {(size) =>
            t ? (
              <JacobianCostChart points={t.jacobian} outputs={f.outputs} steps={f.steps} metric="time" crossover={crossTime} crossoverNoisy={crossNoisy} {...size} />
            ) : (
              <p className="tape-placeholder">{waiting ?? 'Measuring…'}</p>
            )
          }
        </ChartBox>
      </div>
      {skipped ? <p className="lever-skipped">{skipped}</p> : null}
      <p className="lever-note">
        The count takes each sweep as a whole run of the chain. A sweep from an earlier state xₛ passes only the s steps
        before it, so reverse mode’s measured time grows more slowly than its count.
      </p>
      <Legend
        items={[
          { className: 'mark-forward-line', label: 'forward mode (dual numbers, N tangent lanes)' },
          { className: 'mark-reverse-line', label: 'reverse mode (one tape, one sweep per output)' },
          { className: 'heat-legend', label: 'heat map: darker is larger |∂xₛ/∂input|; blank where a later step cannot move an earlier state', shape: 'square' },
        ]}
      />
      <Figures
        items={[
          { label: 'forward mode work', value: `${f.jacobian.forward.work} passes`, className: 'fig-jacobian-forward' },
          { label: 'reverse mode work', value: `${f.jacobian.reverse.work} passes`, className: 'fig-jacobian-reverse' },
          { label: 'forward vs reverse, largest difference', value: formatNumber(f.jacobian.maxDifference, 2) },
          {
            label: 'forward starts to win (time)',
            value: measuring && !t ? 'measuring…' : t ? crossoverTimeText(t.crossover) : 'not measured',
          },
        ]}
      />
    </Lever>
  );
}
