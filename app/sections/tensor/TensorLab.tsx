import './tensor.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { useWhenNear } from '../../shell/useWhenNear.ts';
import { Figures, Legend } from '../../ui/charts/Legend.tsx';
import { useLab } from '../../state/store/index.ts';
import { comparisonKeyOf } from './tensorSlice.ts';
import { CompareTable } from './CompareTable.tsx';
import { tensorEngine } from '../../../workers/tensor/host.ts';
import { DecisionMap } from './DecisionMap.tsx';
import { LossChart } from './LossChart.tsx';
import { NetworkDiagram } from './NetworkDiagram.tsx';
import {
  changeTrainSetting,
  createMeasurer,
  pauseTrainingRun,
  resumeTrainingRun,
  setTrainingSpeed,
  startTrainingRun,
  stepTrainingRun,
} from './training.ts';
import { TrainControls, type TrainActions } from './TrainControls.tsx';
import { ZeroGradCompare } from './ZeroGradCompare.tsx';
import type { Speed } from '../../../workers/tensor/protocol.ts';

/** The measurer for the page: one, so a remount does not measure twice. */
const measurer = createMeasurer(useLab, tensorEngine);

const actions: TrainActions = {
  onTrain: () => void startTrainingRun(useLab, tensorEngine),
  onPause: () => pauseTrainingRun(useLab, tensorEngine),
  onResume: () => resumeTrainingRun(useLab, tensorEngine),
  onStep: () => void stepTrainingRun(useLab, tensorEngine),
  onReset: () => {
    const status = useLab.getState().trainStatus;
    if (status === 'running' || status === 'paused') void tensorEngine.stop().catch(() => undefined);
    useLab.getState().resetTraining();
  },
  onSpeed: (speed: Speed) => setTrainingSpeed(useLab, tensorEngine, speed),
  onSetting: (key, value) => changeTrainSetting(useLab, tensorEngine, key, value),
};

/**
 * The tensor panel's body: train the network in the worker and watch it learn; compare one step
 * on the scalar tape and on the tensor tape. It measures once the panel is on screen (its code
 * loads 400 px before that, and a quarter second of timing per tape on a two-core machine would
 * take a core from whatever the reader is looking at, the tape above); once the charts are on screen it trains at a
 * pace one can follow (unless the reader asks for less motion: then it waits for Train or Step).
 */
export function TensorLab() {
  const key = useLab((s) => comparisonKeyOf(s.trainSettings));
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const root = useRef<HTMLDivElement>(null);
  const charts = useRef<HTMLDivElement>(null);
  // Seen: on screen at least once (no margin, unlike the code's loading).
  const [seen, setSeen] = useState(false);
  useWhenNear(root, seen, setSeen, '0px');
  useEffect(() => {
    const s = useLab.getState();
    if (!seen || (s.comparisonKey === key && s.comparison)) return;
    measurer.request({ dataset: s.trainSettings.dataset, hidden: s.trainSettings.hidden });
  }, [key, seen]);
  useEffect(() => {
    const node = charts.current;
    if (reduced || !node || useLab.getState().trainStatus !== 'idle') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        if (useLab.getState().trainStatus === 'idle') void startTrainingRun(useLab, tensorEngine);
      },
      // Once the charts' top is in the upper 70 % of the window: a share of the block's area (it
      // was 30 %) asked a phone or a short projector window for more than the screen could show.
      { threshold: 0, rootMargin: '0px 0px -30% 0px' },
    );
    seen.observe(node);
    return () => seen.disconnect();
  }, [reduced]);
  const measure = () => {
    const s = useLab.getState().trainSettings;
    measurer.request({ dataset: s.dataset, hidden: s.hidden });
  };
  return (
    <div className="tensor-lab" ref={root}>
      <TrainControls {...actions} />
      <div className="tensor-charts" ref={charts}>
        <div className="tensor-chart">
          <h3>Loss, step by step</h3>
          <LossChart />
        </div>
        <div className="tensor-chart tensor-zero-grad">
          <h3>Loss with and without zero_grad()</h3>
          <ZeroGradCompare />
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
          <p className="decision-note">Each point is (x₁, x₂): the two numbers the network takes in.</p>
        </div>
        <div className="tensor-chart tensor-network">
          <h3>The network’s weights</h3>
          <NetworkDiagram />
        </div>
      </div>
      <TrainFigures reduced={reduced} />
      <CompareTable onMeasure={measure} />
    </div>
  );
}

/** Where the run stands, and what the training itself cost in the worker. */
function TrainFigures({ reduced }: { reduced: boolean }) {
  const snap = useLab((s) => s.trainSnapshot);
  const status = useLab((s) => s.trainStatus);
  const failure = useLab((s) => s.trainFailure);
  const spoken = useMemo(() => {
    if (status === 'running') return 'Training in the worker…';
    if (!snap) return status === 'idle' && reduced ? 'Press Train or Step to start: training does not start by itself while your system asks for less motion.' : '';
    const what = status === 'done' ? 'Trained' : status === 'paused' ? 'Paused after' : 'Stopped after';
    return `${what} ${snap.step} ${snap.step === 1 ? 'step' : 'steps'}: loss ${snap.loss.toPrecision(3)}, accuracy ${(100 * snap.accuracy).toFixed(1)} percent.`;
  }, [status, snap, reduced]);
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
            className: 'fig-time',
          },
        ]}
      />
      <p className="train-status" role="status" aria-live="polite">
        {failure ? `Training failed: ${failure}` : spoken}
      </p>
      <p className="train-pace">
        One step is one step of gradient descent: the loss’s gradient over all the points, then each weight moved a
        little against it (the learning rate times its gradient). Pause to look; Step takes one step at a time.
      </p>
    </>
  );
}
