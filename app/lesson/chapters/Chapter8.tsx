import { useState } from 'react';
import { formatBytes } from '../../ui/format.ts';
import { ChapterFrame } from '../ChapterFrame.tsx';
import { useChainRun } from '../chainRun.ts';
import { useLessonView } from '../context.ts';
import { FigureStatus } from '../FigureStatus.tsx';
import { LessonChart } from '../figures/LessonChart.tsx';
import { Legend } from '../figures/Legend.tsx';
import { FigureSlider } from '../figures/FigureSlider.tsx';
import { labHashOf } from '../labLink.ts';
import { ShowMeButton } from '../ShowMeButton.tsx';
import { useShowMe } from '../useShowMe.ts';

/** T = 36, so that √T = 6 is a whole stride (the question in this chapter's row names it). */
const STEPS = 36;
const FRONTIER = { sweep: false, tangents: false, frontier: true, workCurve: false, thirdDerivatives: false };

/** Chapter 8: periodic checkpoints, the √T sweet spot, and binomial (revolve) schedules at a fraction of the memory. */
export default function Chapter8() {
  const answer = useChainRun({ steps: STEPS }, FRONTIER);
  const report = answer.value;
  const frontier = report?.checkpoint.frontier;
  const [stride, setStride] = useState(1);
  const [revealed, setRevealed] = useState(false);
  const periodic = frontier?.periodic ?? [];
  const revolve = frontier?.revolve ?? [];
  const here = periodic.find((p) => p.setting === stride);
  const least = periodic.length > 0 ? periodic.reduce((a, b) => (b.peakBytes < a.peakBytes ? b : a)) : undefined;
  const tenSnapshots = revolve.find((p) => p.setting === 10);
  const show = useShowMe(STEPS, (i) => (setStride(i + 1), setRevealed(true)), !answer.loading, 240);
  const { route } = useLessonView();
  const upTo = revealed ? STEPS : stride;
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: STEPS, stride, schedule: 'periodic' })}
      onAnswer={() => (setRevealed(true), setStride(6))}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Checkpoint stride k = ${stride}`}
              min={1}
              max={STEPS}
              value={stride}
              valueText={here ? `stride ${stride}: ${formatBytes(here.peakBytes)}, ${here.recomputedSteps} steps recomputed` : `stride ${stride}`}
              onChange={(value) => (setStride(value), setRevealed(true))}
            />
            <ShowMeButton show={show} label="step the stride" />
          </div>
          {report && here && least ? (
            <>
              <LessonChart
                title={`Peak memory against the checkpoint stride at T = ${STEPS}, with a binomial schedule of 10 snapshots for comparison`}
                x={{ kind: 'linear', domain: [0, STEPS], label: 'checkpoint stride k' }}
                y={{ kind: 'linear', domain: [0, (Math.max(...periodic.map((p) => p.peakBytes)) / 1024) * 1.1], label: 'peak memory (KiB)' }}
                series={[
                  { id: 'periodic', points: periodic.filter((p) => p.setting <= upTo).map((p) => [p.setting, p.peakBytes / 1024]), className: 's-checkpoint', dots: true },
                  ...(tenSnapshots
                    ? [{ id: 'revolve', points: [[1, tenSnapshots.peakBytes / 1024], [STEPS, tenSnapshots.peakBytes / 1024]] as const, className: 's-forward', dashed: true }]
                    : []),
                ]}
                height={route.present ? 520 : 300}
                marks={(p) => (
                  <g className="picked-point">
                    <circle cx={p.x(stride)} cy={p.y(here.peakBytes / 1024)} r={p.font * 0.6} />
                    <line className="t-marker" x1={p.x(6)} x2={p.x(6)} y1={0} y2={p.frame.innerHeight} />
                    <text x={p.x(6) + 6} y={p.font} className="ln-note">
                      √T = 6
                    </text>
                  </g>
                )}
              />
              <Legend items={[['s-checkpoint', 'periodic, one dot per stride'], ['s-forward', 'binomial (revolve), 10 snapshots']]} />
              <p className="figure-readout">
                Stride {stride}: {formatBytes(here.peakBytes)} at once, {here.recomputedSteps} steps recomputed.
                {revealed ? ` Least: stride ${least.setting}, ${formatBytes(least.peakBytes)}.` : ''}
                {tenSnapshots ? ` Binomial, 10 snapshots: ${formatBytes(tenSnapshots.peakBytes)}, ${tenSnapshots.recomputedSteps} steps recomputed.` : ''}
                {revealed ? '' : ' Move the stride, or answer the question, to draw the rest of the curve.'}
              </p>
              <figcaption>Every figure is counted by the worker from that schedule’s own list of actions: a recorded step costs 640 bytes, a plain saved state 8.</figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Running every schedule…" />
          )}
        </figure>
      }
    />
  );
}
