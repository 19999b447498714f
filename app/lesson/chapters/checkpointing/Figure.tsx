import { useState } from 'react';
import type { PeakItems } from '../../../../engine/checkpoint/bytes.ts';
import { formatBytes, plural } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useChainRun } from '../../chainRun.ts';
import { Choices } from '../../Choices.tsx';
import { useLessonView } from '../../context.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useShowMe } from '../../useShowMe.ts';
import { leastBy } from './leastMemory.ts';

/** T = 36, so that √T = 6 is a whole stride (the question in this chapter's row names it). */
const STEPS = 36;
const FRONTIER = { sweep: false, tangents: false, frontier: true, workCurve: false, thirdDerivatives: false };
/** The two sizes of a checkpoint the figure offers: one number, or as large as a step's tape. */
const WIDTHS = ['scalar', 'wide'] as const;
/** The choice's labels, with S at each width as the worker counts it once it has answered. */
function widthLabels(bytes: Record<(typeof WIDTHS)[number], number> | undefined): string[] {
  return bytes ? [`one number (${bytes.scalar} B)`, `wide (${bytes.wide} B)`] : ['one number', 'wide'];
}

/** A peak's items by kind, in the words of the chapter: "5 stored states, 6 recorded steps and the working state". */
function itemsText(p: PeakItems): string {
  return `${plural(p.storedStates, 'stored state')}, ${plural(p.recordedSteps, 'recorded step')} and the working state`;
}

/**
 * The checkpointing chapter: periodic checkpoints counted two ways. In held items (each stored state or recorded
 * step one) the least is at k ≈ √T; in bytes, with a state 80 times smaller than a step's tape, it
 * is at stride 1, until the state is made as wide as a step's tape.
 */
export default function Chapter8() {
  const [width, setWidth] = useState(0);
  const answer = useChainRun({ steps: STEPS, state: WIDTHS[width] }, FRONTIER);
  const report = answer.value;
  const frontier = report?.checkpoint.frontier;
  const [stride, setStride] = useState(1);
  const [revealed, setRevealed] = useState(false);
  const periodic = frontier?.periodic ?? [];
  const revolve = frontier?.revolve ?? [];
  const here = periodic.find((p) => p.setting === stride);
  const fewestItems = leastBy(periodic, (p) => p.storedStates);
  const fewestBytes = leastBy(periodic, (p) => p.peakBytes);
  const items = (k: number) => periodic.find((p) => p.setting === k)?.storedStates;
  const partsOf = (k: number) => {
    const p = periodic.find((q) => q.setting === k);
    return p ? itemsText(p.peakItems) : '';
  };
  const tenSnapshots = revolve.find((p) => p.setting === 10);
  const show = useShowMe(STEPS, (i) => (setStride(i + 1), setRevealed(true)), !answer.loading, 240);
  const { route } = useLessonView();
  const upTo = revealed ? STEPS : stride;
  // Held items do not depend on a checkpoint's bytes: the feedback quotes them at either width.
  const live =
    periodic.length > 0
      ? {
          items1: String(items(1)),
          items6: String(items(6)),
          items36: String(items(36)),
          parts6: partsOf(6),
        }
      : {};
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: STEPS, stride, schedule: 'periodic', state: WIDTHS[width] })}
      onAnswer={() => (setRevealed(true), setStride(6), setWidth(0))}
      live={live}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Checkpoint stride k = ${stride}`}
              min={1}
              max={STEPS}
              value={stride}
              valueText={here ? `stride ${stride}: ${here.storedStates} items, ${formatBytes(here.peakBytes)}` : `stride ${stride}`}
              onChange={(value) => (setStride(value), setRevealed(true))}
            />
            <Choices legend="A checkpoint" options={widthLabels(report?.checkpoint.stateBytesByWidth)} value={width} onChange={setWidth} />
            <ShowMeButton show={show} label="step the stride" />
          </div>
          {report && here && fewestItems && fewestBytes ? (
            <>
              <LessonChart
                title={`Held items at once against the checkpoint stride at T = ${STEPS}, with revolve and 10 stored states for comparison`}
                x={{ kind: 'linear', domain: [0, STEPS], label: 'checkpoint stride k' }}
                y={{ kind: 'linear', domain: [0, Math.max(...periodic.map((p) => p.storedStates)) * 1.1], label: 'items held at once' }}
                series={[
                  { id: 'periodic', points: periodic.filter((p) => p.setting <= upTo).map((p) => [p.setting, p.storedStates]), className: 's-checkpoint', dots: true },
                  ...(tenSnapshots
                    ? [{ id: 'revolve', points: [[1, tenSnapshots.storedStates], [STEPS, tenSnapshots.storedStates]] as const, className: 's-forward', dashed: true }]
                    : []),
                ]}
                height={route.present ? 380 : 260}
                marks={(p) => (
                  <g className="picked-point">
                    <circle cx={p.x(stride)} cy={p.y(here.storedStates)} r={p.font * 0.6} />
                    {/* Marked once answered: before, it would point at the answer. */}
                    {revealed ? (
                      <>
                        <line className="t-marker" x1={p.x(6)} x2={p.x(6)} y1={0} y2={p.frame.innerHeight} />
                        <text x={p.x(6) + 6} y={p.font} className="ln-note">
                          √T = 6
                        </text>
                      </>
                    ) : null}
                  </g>
                )}
              />
              <Legend items={[['s-checkpoint', 'periodic, one dot per stride'], ['s-forward', 'revolve, 10 stored states']]} />
              <p className="figure-readout" data-readout="stride">
                Stride {stride}: {here.storedStates} items ({itemsText(here.peakItems)}), {formatBytes(here.peakBytes)},{' '}
                {here.recomputedSteps} steps recomputed.
                {tenSnapshots
                  ? ` Revolve with 10 stored states: ${tenSnapshots.storedStates} items (${itemsText(tenSnapshots.peakItems)}), ${formatBytes(tenSnapshots.peakBytes)}, ${tenSnapshots.recomputedSteps} recomputed.`
                  : ''}
              </p>
              <p className="figure-readout" data-readout="least">
                {revealed
                  ? `Fewest items: stride ${fewestItems.setting}, ${fewestItems.storedStates} items. Fewest bytes: stride ${fewestBytes.setting}, ${formatBytes(fewestBytes.peakBytes)}.`
                  : 'Answer the question to draw the rest of the curve.'}
              </p>
              <figcaption>
                Counted by the worker from each schedule’s own actions. A stored state costs {report.checkpoint.stateBytes} B, a recorded step{' '}
                {report.checkpoint.stepBytes} B ({report.checkpoint.lastStepBytes} B for the last, with the loss), the working
                state {report.checkpoint.stateBytes} B.
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Running every schedule…" />
          )}
        </figure>
      }
    />
  );
}
