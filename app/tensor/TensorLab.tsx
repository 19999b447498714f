import '../styles/tensor.css';
import { useEffect, useMemo } from 'react';
import { Figures, Legend } from '../panels/Panel.tsx';
import { useLab } from '../store/index.ts';
import { comparisonKeyOf } from './tensorSlice.ts';
import { CompareTable } from './CompareTable.tsx';
import { tensorEngine } from '../../workers/tensor/host.ts';
import { DecisionMap } from './DecisionMap.tsx';
import { LossChart } from './LossChart.tsx';
import { createMeasurer, startTrainingRun, stopTrainingRun } from './training.ts';
import { TrainControls } from './TrainControls.tsx';

/** The measurer for the page: one, so a remount does not measure twice. */
const measurer = createMeasurer(useLab, tensorEngine);

/**
 * The tensor panel's body: train the network in the worker and watch it learn; compare one step
 * on the scalar tape and on the tensor tape. On first view it measures, then trains once.
 */
export function TensorLab() {
  const key = useLab((s) => comparisonKeyOf(s.trainSettings));
  useEffect(() => {
    const s = useLab.getState();
    if (s.comparisonKey === key && s.comparison) return;
    measurer.request({ dataset: s.trainSettings.dataset, hidden: s.trainSettings.hidden });
  }, [key]);
  useEffect(() => {
    if (useLab.getState().trainStatus === 'idle') void startTrainingRun(useLab, tensorEngine);
  }, []);
  const train = () => void startTrainingRun(useLab, tensorEngine);
  const stop = () => stopTrainingRun(useLab, tensorEngine);
  const reset = () => {
    if (useLab.getState().trainStatus === 'running') void tensorEngine.stop().catch(() => undefined);
    useLab.getState().resetTraining();
  };
  const measure = () => {
    const s = useLab.getState().trainSettings;
    measurer.request({ dataset: s.dataset, hidden: s.hidden });
  };
  return (
    <div className="tensor-lab">
      <TrainControls onTrain={train} onStop={stop} onReset={reset} />
      <div className="tensor-charts">
        <div className="tensor-chart">
          <h3>Loss, step by step</h3>
          <LossChart />
        </div>
        <div className="tensor-chart">
          <h3>Decision region</h3>
          <DecisionMap />
          <Legend
            items={[
              { className: 'pt-0', label: 'class 0 (region tinted where the network predicts it)', shape: 'dot' },
              { className: 'pt-1', label: 'class 1', shape: 'square' },
              { className: 'decision-boundary', label: 'P(class 1) = ½' },
            ]}
          />
        </div>
      </div>
      <TrainFigures />
      <CompareTable onMeasure={measure} />
    </div>
  );
}

/** Where the run stands, and what the training itself cost in the worker. */
function TrainFigures() {
  const snap = useLab((s) => s.trainSnapshot);
  const status = useLab((s) => s.trainStatus);
  const failure = useLab((s) => s.trainFailure);
  const spoken = useMemo(() => {
    if (status === 'running') return 'Training in the worker…';
    if (!snap) return '';
    const what = status === 'done' ? 'Trained' : 'Stopped after';
    return `${what} ${snap.step} steps: loss ${snap.loss.toPrecision(3)}, accuracy ${(100 * snap.accuracy).toFixed(1)} percent.`;
  }, [status, snap]);
  const perStep = snap && snap.step > 0 ? snap.trainMs / snap.step : NaN;
  return (
    <>
      <Figures
        items={[
          { label: 'step', value: snap ? `${snap.step} of ${snap.steps}` : '—' },
          { label: 'loss (all points)', value: snap ? snap.loss.toPrecision(3) : '—', className: 'fig-loss' },
          { label: 'accuracy', value: snap ? `${(100 * snap.accuracy).toFixed(1)}%` : '—' },
          {
            label: 'SGD in the worker',
            value: snap && snap.step > 0 ? `${snap.trainMs.toFixed(0)} ms, ${perStep.toPrecision(2)} ms/step` : '—',
          },
        ]}
      />
      <p className="train-status" role="status" aria-live="polite">
        {failure ? `Training failed: ${failure}` : spoken}
      </p>
      <p className="train-pace">
        The steps run as fast as the worker can take them; the page is sent about sixty updates a run, a frame apart, so
        the curve and the region can be watched as they change.
      </p>
    </>
  );
}
