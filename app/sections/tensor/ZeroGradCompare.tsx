import { useEffect, useMemo, useRef, useState } from 'react';
import type { TrainingBugs } from '../../../engine/bugs/index.ts';
import { bugsEngine } from '../../../workers/bugs/host.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import { Figures } from '../../ui/charts/Legend.tsx';
import { LossCurves } from '../../ui/charts/LossCurves.tsx';
import { useWhenNear } from '../../shell/useWhenNear.ts';
import { useLab } from '../../state/store/index.ts';
import type { TrainOptions } from '../../../engine/tensor/mlp.ts';
import { trainOptionsOf } from './training.ts';
import { lossRises } from './lossRises.ts';
import { zeroGradCaption } from './zeroGradText.ts';

/** Points per step of the mini-batch run: small batches, as training usually runs. */
export const ZERO_GRAD_BATCH = 32;

interface Asked {
  key: string;
  steps: number;
  options: TrainOptions;
}

/**
 * The settings the two runs follow, as one string: a run for other settings is stale. Every
 * option, whatever `trainOptionsOf` sets (built the same way each time, so its keys come in the
 * same order), so a new one cannot be left out of the key.
 */
function keyOf(steps: number, options: TrainOptions): string {
  return JSON.stringify([steps, options]);
}

/** The last loss as the loss chart writes it (3 significant digits), and 0 as 0. */
const lastOf = (x: Float64Array) => {
  const v = x[x.length - 1];
  return v === 0 ? '0' : v.toPrecision(3);
};

/**
 * The panel's training run twice, in the bugs section's worker, with the panel's settings:
 * optimizer.zero_grad() before each backward(), or never. Asked for once the chart is on screen
 * and again when a setting changes (latest wins).
 */
export function ZeroGradCompare() {
  const settings = useLab((s) => s.trainSettings);
  const steps = settings.steps;
  const options = useMemo(() => trainOptionsOf(settings), [settings]);
  const key = keyOf(steps, options);
  const root = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useWhenNear(root, near, setNear, '0px');
  const [run, setRun] = useState<{ key: string; training: TrainingBugs; mini: TrainingBugs } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useMemo(
    () =>
      latestWins(
        async (q: Asked) => ({
          training: await bugsEngine.training(q.steps, q.options),
          mini: await bugsEngine.training(q.steps, { ...q.options, batch: ZERO_GRAD_BATCH }),
        }),
        ({ training, mini }, q) => {
          setRun({ key: q.key, training, mini });
          setFailure(null);
        },
        (error) => setFailure(error instanceof Error ? error.message : String(error)),
      ),
    [],
  );
  useEffect(() => {
    if (near) latest.request({ key, steps, options });
    // key stands for steps and options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, key, latest]);
  const training = run?.training;
  const mini = run?.mini;
  return (
    <div ref={root} className="zero-grad-compare">
      {training && mini ? (
        <div className={run.key === key ? '' : 'stale'}>
          <LossCurves training={mini} heading={<h4>Mini-batches of {ZERO_GRAD_BATCH} points</h4>} />
          <Figures
            items={[
              { label: 'last loss, with zero_grad()', value: lastOf(mini.zeroGradLosses.correct), className: 'fig-zg-mb-right' },
              { label: 'last loss, never cleared', value: lastOf(mini.zeroGradLosses.buggy), className: 'fig-zg-mb-wrong' },
            ]}
          />
          <LossCurves training={training} heading={<h4>The whole data set every step</h4>} />
          <Figures
            items={[
              { label: 'last loss, with zero_grad()', value: lastOf(training.zeroGradLosses.correct), className: 'fig-zg-right' },
              { label: 'last loss, never cleared', value: lastOf(training.zeroGradLosses.buggy), className: 'fig-zg-wrong' },
              { label: 'steps where the loss rose, with zero_grad()', value: String(lossRises(training.zeroGradLosses.correct)), className: 'fig-zg-right-rises' },
              { label: 'steps where the loss rose, never cleared', value: String(lossRises(training.zeroGradLosses.buggy)), className: 'fig-zg-wrong-rises' },
            ]}
          />
          <p className="train-pace zg-caption">{zeroGradCaption(mini.zeroGradLosses, training.zeroGradLosses, ZERO_GRAD_BATCH)}</p>
          {run.key === key ? null : <p className="train-pace">Training both again with the new settings…</p>}
        </div>
      ) : (
        <p className="tape-placeholder">{failure ? `Could not train: ${failure}` : 'Training the network four times, with and without zero_grad()…'}</p>
      )}
      <p className="train-pace">
        The same {steps} steps with these settings, each run twice: with <code>optimizer.zero_grad()</code> before each{' '}
        <code>loss.backward()</code>, and without it. The whole-data-set run with zero_grad() is the loss chart’s run, loss for loss.
      </p>
    </div>
  );
}
