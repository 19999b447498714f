import { useId, useMemo } from 'react';
import type { HvpFigure } from '../../../engine/bugs/request.ts';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';
import { useLab } from '../../state/store/index.ts';
import { ChartBox } from '../../ui/charts/ChartBox.tsx';
import { formatBytes, formatEps, formatNumber } from '../../ui/format.ts';
import { SeriesChart } from '../../ui/charts/SeriesChart.tsx';

const DIRECTIONS = [
  ['ones', 'all ones'],
  ['random', 'random (seed 1)'],
] as const;

/** H·v of the chain's loss by forward over reverse, against central differences of its gradient. */
export function SecondDerivatives() {
  const id = useId();
  const hvp = useLab((s) => s.bugsChain?.hvp);
  const direction = useLab((s) => s.hvpDirection);
  const series = useMemo(
    () =>
      hvp
        ? [
            { y: hvp.hvp.a, className: 'bug-right', mark: 'line' as const },
            { y: hvp.hvp.b, className: 'bug-right-b', mark: 'line' as const },
            { y: hvp.finiteDifference.a, className: 'bug-check', mark: 'dots' as const },
            { y: hvp.finiteDifference.b, className: 'bug-check', mark: 'dots' as const },
          ]
        : [],
    [hvp],
  );
  if (!hvp) return null;
  return (
    <section className="bug-second" aria-labelledby={id}>
      <h3 id={id}>Second derivatives</h3>
      <p>
        The tape’s sweep run on dual numbers, each leaf seeded with a direction v, gives the Hessian times v in one pass:
        forward over reverse. vᵀHv is the curvature along v; a Newton step solves H·d = −∇L by conjugate gradients, which
        need only products H·v, never H itself.
      </p>
      <fieldset className="schedule lever-choice">
        <legend>Direction v</legend>
        <div className="segmented">
          {DIRECTIONS.map(([value, label]) => (
            <label key={value} className={value === direction ? 'on' : undefined}>
              <input type="radio" name={`${id}-v`} value={value} checked={value === direction} onChange={() => useLab.getState().setHvpDirection(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <ChartBox minHeight={220}>
        {(size) => (
          <SeriesChart
            series={series}
            yZero
            title={`H·v for each a_t and b_t of the ${hvp.hvp.a.length} steps, by the dual sweep and by central differences of the gradient; ${checkWords(hvp)}.`}
            xLabel="step t"
            yLabel="(H·v) at aₜ, bₜ"
            {...size}
          />
        )}
      </ChartBox>
      <Legend
        items={[
          { className: 'bug-right-line', label: 'H·v at aₜ: one recording and one sweep on dual numbers' },
          { className: 'bug-right-b-line', label: 'H·v at bₜ' },
          { className: 'bug-check-dot', label: '(∇L(θ + hv) − ∇L(θ − hv)) / 2h: two plain sweeps', shape: 'dot' },
        ]}
      />
      <Figures
        items={[
          hvp.resolved
            ? { label: 'largest difference / largest |H·v|', value: formatNumber(hvp.maxRelative, 2), className: 'fig-hvp-check' }
            : { label: 'largest |H·v|, below what differences resolve', value: `${formatNumber(largestOf(hvp.hvp), 2)} < ${formatNumber(hvp.resolution, 2)}`, className: 'fig-hvp-check' },
          { label: 'h of the check', value: formatEps(hvp.h) },
          { label: 'work: H·v, one gradient', value: `${formatNumber(hvp.workUnits, 3)}, ${formatNumber(hvp.gradientWorkUnits, 3)} units (H·v’s on pairs of numbers)` },
          { label: 'tape: dual, plain', value: `${formatBytes(hvp.tapeBytes)}, ${formatBytes(hvp.gradientTapeBytes)}` },
        ]}
      />
    </section>
  );
}

/** The largest |entry| of H·v. */
function largestOf(g: { a: Float64Array; b: Float64Array }): number {
  let m = 0;
  for (let t = 0; t < g.a.length; t++) m = Math.max(m, Math.abs(g.a[t]), Math.abs(g.b[t]));
  return m;
}

/** The check in words: how far the differences are from H·v, or that H·v is below what they can resolve. */
function checkWords(hvp: HvpFigure): string {
  return hvp.resolved
    ? `they differ by at most ${formatNumber(hvp.maxRelative, 2)} of the largest entry`
    : `H·v (largest ${formatNumber(largestOf(hvp.hvp), 2)}) is below what central differences resolve at this h (about ${formatNumber(hvp.resolution, 2)}), so they do not check it`;
}
