import { useState } from 'react';
import { formatNumber, formatWork } from '../../ui/format.ts';
import { ChapterFrame } from '../ChapterFrame.tsx';
import { useChainRun } from '../chainRun.ts';
import { useLessonView } from '../context.ts';
import { lessonEngine } from '../engine.ts';
import { FigureStatus } from '../FigureStatus.tsx';
import { LessonChart, type Series } from '../figures/LessonChart.tsx';
import { Legend } from '../figures/Legend.tsx';
import { FigureSlider } from '../figures/FigureSlider.tsx';
import { labHashOf } from '../labLink.ts';
import { ShowMeButton } from '../ShowMeButton.tsx';
import { useAnswer } from '../useAnswer.ts';
import { useShowMe } from '../useShowMe.ts';
import { WORK_STEPS } from '../steps.ts';

const ONLY_WORK = { sweep: false, tangents: false, frontier: false, workCurve: true, thirdDerivatives: false };

/** A measured time: '…' while it is measured, '—' when it could not be (interleavedTimes gives NaN then). */
const ms = (x: number | undefined) =>
  x === undefined ? '…' : !Number.isFinite(x) ? '—' : x < 1 ? `${formatNumber(x * 1000, 3)} µs` : `${formatNumber(x, 3)} ms`;

/** Chapter 5: one sweep gives all P gradients; work 2 against P + 1 and 2P + 1, with measured times. */
export default function Chapter5() {
  const [index, setIndex] = useState(2);
  const [revealed, setRevealed] = useState(false);
  const T = WORK_STEPS[index];
  const answer = useChainRun({ steps: T }, ONLY_WORK);
  const timing = useAnswer('times', () => lessonEngine.times([...WORK_STEPS], 40));
  const show = useShowMe(WORK_STEPS.length, (i) => (setIndex(i), setRevealed(true)), !answer.loading);
  const { route } = useLessonView();
  const report = answer.value;
  const curve = report?.workCurve.filter((p) => p.steps >= 2) ?? [];
  const series: Series[] = [
    { id: 'fd', points: curve.map((p) => [p.steps, p.finiteDifference]), className: 's-fd', dots: true },
    { id: 'forward', points: curve.map((p) => [p.steps, p.forward]), className: 's-forward', dots: true },
    ...(revealed ? [{ id: 'reverse', points: curve.map((p) => [p.steps, p.reverse] as const), className: 's-reverse', dots: true }] : []),
  ];
  const time = timing.value?.find((t) => t.steps === T);
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: T })}
      onAnswer={() => (setRevealed(true), setIndex(WORK_STEPS.indexOf(100)))}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Chain steps T = ${T}`}
              min={0}
              max={WORK_STEPS.length - 1}
              value={index}
              valueText={`T = ${T}, P = ${2 * T}`}
              onChange={(value) => (setIndex(value), setRevealed(true))}
            />
            <ShowMeButton show={show} label="raise T to 200" />
          </div>
          {report ? (
            <>
              <LessonChart
                title={`Work in runs of the chain against chain steps T, for central differences, forward mode${revealed ? ' and reverse mode' : ''}`}
                x={{ kind: 'log', domain: [2, 200], label: 'chain steps T' }}
                y={{ kind: 'log', domain: [1, 1000], label: 'runs of the chain' }}
                series={series}
                height={route.present ? 430 : 280}
                marks={(p) => <line className="t-marker" x1={p.x(T)} x2={p.x(T)} y1={0} y2={p.frame.innerHeight} />}
              />
              <Legend items={[['s-reverse', 'reverse mode'], ['s-forward', 'forward mode'], ['s-fd', 'central differences']]} />
              <table className="lesson-table">
                <caption className="figure-readout">
                  T = {T}, P = {report.parameters}: counted work and measured time for one whole gradient
                </caption>
                <thead>
                  <tr>
                    <th scope="col">method</th>
                    <th scope="col">runs (counted)</th>
                    <th scope="col">time (measured)</th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="row-reverse">
                    <th scope="row">reverse</th>
                    <td>{revealed ? formatWork(report.work.reverse) : '?'}</td>
                    <td>{revealed ? ms(time?.reverseMs) : '?'}</td>
                  </tr>
                  <tr className="row-forward">
                    <th scope="row">forward</th>
                    <td>{formatWork(report.work.forward)}</td>
                    <td>{ms(time?.forwardMs)}</td>
                  </tr>
                  <tr className="row-fd">
                    <th scope="row">central differences</th>
                    <td>{formatWork(report.work.finiteDifference)}</td>
                    <td>{ms(time?.finiteDifferenceMs)}</td>
                  </tr>
                </tbody>
              </table>
              <figcaption>
                Times are measured in the worker on this machine, each method’s fastest batch. Central differences reuse
                the unchanged start of the chain, so they cost less than their count of runs.
                {timing.error ? ` Timing failed: ${timing.error}` : ''}
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} />
          )}
        </figure>
      }
    />
  );
}
