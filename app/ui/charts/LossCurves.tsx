import { useMemo, type ReactNode } from 'react';
import type { TrainingBugs } from '../../../engine/bugs/index.ts';
import { ChartBox } from './ChartBox.tsx';
import { SeriesChart } from './SeriesChart.tsx';
import { formatNumber } from '../format.ts';
import { Legend } from './Legend.tsx';

/** The steps at which the loss went up from the step before. */
function rises(losses: Float64Array): number {
  let n = 0;
  for (let s = 1; s < losses.length; s++) if (losses[s] > losses[s - 1]) n++;
  return n;
}

/**
 * The training loss with and without zero_grad(), step by step: drawn by "Bugs you will meet"
 * for zero-grad and by the tensor section beside its own loss chart.
 */
export function LossCurves({ training, heading }: { training: Pick<TrainingBugs, 'steps' | 'zeroGradLosses'>; heading?: ReactNode }) {
  const series = useMemo(
    () => [
      { y: training.zeroGradLosses.correct, className: 'bug-right', mark: 'line' as const },
      { y: training.zeroGradLosses.buggy, className: 'bug-wrong', mark: 'line' as const },
    ],
    [training],
  );
  const last = (x: Float64Array) => x[x.length - 1];
  return (
    <>
      {heading === undefined ? <h4>The tensor section’s training, {training.steps} steps</h4> : heading}
      <ChartBox minHeight={200}>
        {(size) => (
          <SeriesChart
            series={series}
            yLog
            title={`Training loss over ${training.steps} steps: with zero_grad() it ends at ${formatNumber(last(training.zeroGradLosses.correct), 3)} after ${rises(training.zeroGradLosses.correct)} rises, without it at ${formatNumber(last(training.zeroGradLosses.buggy), 3)} after ${rises(training.zeroGradLosses.buggy)} rises.`}
            xLabel="training step"
            yLabel="batch loss (log)"
            {...size}
          />
        )}
      </ChartBox>
      <Legend
        items={[
          { className: 'bug-right-line', label: 'optimizer.zero_grad() each step' },
          { className: 'bug-wrong-line', label: 'never cleared: each step moves by the sum of every gradient so far' },
        ]}
      />
    </>
  );
}

