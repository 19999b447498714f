import { useState } from 'react';
import type { CostedMethod } from '../../../../engine/method-cost.ts';
import type { LabReport } from '../../../../engine/report.ts';
import { formatWork } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useChainRun } from '../../chainRun.ts';
import { useLessonView } from '../../context.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { LessonChart, type Series } from '../../figures/LessonChart.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useShowMe } from '../../useShowMe.ts';
import { WORK_STEPS } from '../../steps.ts';
import { runsText } from '../runsText.ts';
import { runsCellText, timeSentences } from '../timeWords.ts';

/** The work curve and the measured times of this T (in runs of the plain chain). */
const WORK_AND_TIME = { sweep: false, tangents: false, frontier: false, workCurve: true, thirdDerivatives: false, times: true };

const ROWS: readonly (readonly [CostedMethod, string, string])[] = [
  ['reverse', 'reverse', 'row-reverse'],
  ['forward', 'forward', 'row-forward'],
  ['finiteDifference', 'central differences', 'row-fd'],
];

/** A method's measured runs of time in a report of T = 200 (where the answer moves the figure), for the feedback; withheld when too noisy to tell. */
const runsAt200 = (r: LabReport | null, m: CostedMethod) => {
  const x = r?.steps === 200 && !r.cost[m].noisy ? r.cost[m].runsOfTime : null;
  return x == null ? undefined : runsText(x);
};

/**
 * The one-sweep chapter: cost two ways. Counted passes (reverse 2 at every T; forward P + 1; central
 * differences 2P + 1) beside measured time in runs of the plain chain, which shows the constant.
 */
export default function Chapter5() {
  const [index, setIndex] = useState(2);
  const [revealed, setRevealed] = useState(false);
  const T = WORK_STEPS[index];
  const answer = useChainRun({ steps: T }, WORK_AND_TIME);
  const show = useShowMe(WORK_STEPS.length, (i) => (setIndex(i), setRevealed(true)), !answer.loading);
  const { route } = useLessonView();
  const report = answer.value;
  const curve = report?.workCurve.filter((p) => p.steps >= 2) ?? [];
  const series: Series[] = [
    { id: 'fd', points: curve.map((p) => [p.steps, p.finiteDifference]), className: 's-fd', dots: true },
    { id: 'forward', points: curve.map((p) => [p.steps, p.forward]), className: 's-forward', dots: true },
    ...(revealed ? [{ id: 'reverse', points: curve.map((p) => [p.steps, p.reverse] as const), className: 's-reverse', dots: true }] : []),
  ];
  const runs = (m: CostedMethod) => runsCellText(report?.cost[m]);
  const words = report ? timeSentences(report) : null;
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: T })}
      onAnswer={() => (setRevealed(true), setIndex(WORK_STEPS.indexOf(200)))}
      live={{ reverse200: runsAt200(report, 'reverse'), forward200: runsAt200(report, 'forward') }}
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
                title={`Passes over the chain against chain steps T, for central differences, forward mode${revealed ? ' and reverse mode' : ''}`}
                x={{ kind: 'log', domain: [2, 200], ticks: 'counts', label: 'chain steps T (log)' }}
                y={{ kind: 'log', domain: [1, 1000], ticks: 'counts', label: 'passes (counted, log)' }}
                series={series}
                height={route.present ? 380 : 260}
                marks={(p) => <line className="t-marker" x1={p.x(T)} x2={p.x(T)} y1={0} y2={p.frame.innerHeight} />}
              />
              <Legend items={[['s-reverse', 'reverse mode'], ['s-forward', 'forward mode'], ['s-fd', 'central differences']]} />
              <table className="lesson-table">
                <caption className="figure-readout">
                  T = {report.steps}, P = {report.parameters}: one whole gradient, counted and measured
                </caption>
                <thead>
                  <tr>
                    <th scope="col">method</th>
                    <th scope="col">passes (counted)</th>
                    <th scope="col">runs of time (measured)</th>
                  </tr>
                </thead>
                <tbody>
                  {ROWS.map(([m, name, className]) => (
                    <tr key={m} className={className} data-method={m}>
                      <th scope="row">{name}</th>
                      <td>{m === 'reverse' && !revealed ? '?' : formatWork(report.cost[m].passes)}</td>
                      <td>{m === 'reverse' && !revealed ? '?' : runs(m)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {revealed ? (
                <p className="figure-readout">{words?.constant}</p>
              ) : null}
              <figcaption>
                One run of time is one plain run of the chain. Each method is timed in rounds, in turn with a plain run,
                on this machine (in brackets: the middle half of the rounds). {words?.shortcut}
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Counting and timing each method’s work at every chain length…" />
          )}
        </figure>
      }
    />
  );
}
