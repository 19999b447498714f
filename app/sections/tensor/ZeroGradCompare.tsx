import { useEffect, useMemo, useRef, useState } from 'react';
import type { TrainingBugs } from '../../../engine/bugs/index.ts';
import { bugsEngine } from '../../../workers/bugs/host.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import { Figures } from '../../lab/panels/Panel.tsx';
import { LossCurves } from '../../lab/panels/LossCurves.tsx';
import { useWhenNear } from '../../shell/useWhenNear.ts';
import { useLab } from '../../state/store/index.ts';
import type { TrainOptions } from '../../../engine/tensor/mlp.ts';
import { trainOptionsOf } from './training.ts';
import { lossRises } from './lossRises.ts';

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
  const [run, setRun] = useState<{ key: string; training: TrainingBugs } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useMemo(
    () =>
      latestWins(
        (q: Asked) => bugsEngine.training(q.steps, q.options),
        (training, q) => {
          setRun({ key: q.key, training });
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
  return (
    <div ref={root} className="zero-grad-compare">
      {training ? (
        <div className={run.key === key ? '' : 'stale'}>
          <LossCurves training={training} heading={null} />
          <Figures
            items={[
              { label: 'last loss, with zero_grad()', value: lastOf(training.zeroGradLosses.correct), className: 'fig-zg-right' },
              { label: 'last loss, never cleared', value: lastOf(training.zeroGradLosses.buggy), className: 'fig-zg-wrong' },
              { label: 'steps where the loss rose, with zero_grad()', value: String(lossRises(training.zeroGradLosses.correct)), className: 'fig-zg-right-rises' },
              { label: 'steps where the loss rose, never cleared', value: String(lossRises(training.zeroGradLosses.buggy)), className: 'fig-zg-wrong-rises' },
            ]}
          />
          {run.key === key ? null : <p className="train-pace">Training both again with the new settings…</p>}
        </div>
      ) : (
        <p className="tape-placeholder">{failure ? `Could not train: ${failure}` : 'Training the network twice, with and without zero_grad()…'}</p>
      )}
      <p className="train-pace">
        The same {steps} steps with these settings, run twice: with <code>optimizer.zero_grad()</code> before each{' '}
        <code>loss.backward()</code> (the loss chart’s run, loss for loss), and without it. backward() adds into each weight’s .grad, so
        without clearing it every step moves the weights by the sum of all the gradients so far: the
        steps grow, overshoot, and the loss jumps up again and again instead of falling step by step.
      </p>
    </div>
  );
}
