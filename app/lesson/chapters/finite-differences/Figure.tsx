import { useState } from 'react';
import { formatEps, formatNumber } from '../../../ui/format.ts';
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

const SWEEP = { sweep: true, tangents: false, frontier: false, workCurve: false, thirdDerivatives: true };

/** Where the question puts h: 1e-9, below the best step, where rounding rules. */
const QUESTION_EPS = 1e-9;

/** The finite-differences chapter: central differences against h, the V of truncation and rounding, the best h. */
export default function Chapter6() {
  const answer = useChainRun({ steps: 40 }, SWEEP);
  const report = answer.value;
  const sweep = report?.sweep ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const [revealed, setRevealed] = useState(false);
  const start = Math.max(0, sweep.findIndex((p) => p.eps === QUESTION_EPS));
  const index = picked ?? start;
  const point = sweep[index];
  const show = useShowMe(sweep.length, (i) => (setPicked(i), setRevealed(true)), !answer.loading, 260);
  const { route } = useLessonView();
  // Before the answer, only the steps from the best h up: the left arm of the V, where the error
  // grows as h shrinks, and the models that say so, would answer the question.
  const bestEps = report?.bestEps ?? null;
  const shows = (eps: number) => revealed || bestEps === null || eps >= bestEps;
  const visible = sweep.filter((p) => shows(p.eps));
  const series: Series[] = [
    ...(revealed
      ? ([
          { id: 'trunc', points: visible.map((p) => [p.eps, p.truncation]), className: 's-model', dashed: true },
          { id: 'round', points: visible.map((p) => [p.eps, p.rounding]), className: 's-model', dashed: true },
        ] satisfies Series[])
      : []),
    { id: 'rms', points: visible.map((p) => [p.eps, p.rms]), className: 's-fd', dots: true },
  ];
  // The errors the feedback quotes: at the question's h and at half of it.
  const errorAt = (eps: number) => sweep.find((p) => p.eps === eps)?.rms;
  const at = errorAt(QUESTION_EPS);
  const atHalf = errorAt(QUESTION_EPS / 2);
  // A number is not broken at its exponent's minus sign (a non-breaking hyphen).
  const quote = (x: number) => formatNumber(x, 2).replace('-', '\u2011');
  const live = at === undefined || atHalf === undefined ? {} : { at: quote(at), atHalf: quote(atHalf), ratio: (atHalf / at).toFixed(1) };
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: 40, eps: point?.eps ?? 1e-5 })}
      live={live}
      onAnswer={() => {
        setRevealed(true);
        setPicked(sweep.findIndex((p) => p.eps === QUESTION_EPS / 2));
      }}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Step h = ${point ? formatEps(point.eps) : '…'}`}
              min={0}
              max={Math.max(0, sweep.length - 1)}
              value={index}
              valueText={point ? `h = ${formatEps(point.eps)}, error ${formatNumber(point.rms, 2)}` : undefined}
              onChange={(value) => (setPicked(value), setRevealed(true))}
            />
            <ShowMeButton show={show} label="sweep h" />
          </div>
          {report && point ? (
            <>
              <LessonChart
                title="Root-mean-square error of central differences against the step h, with the truncation and rounding models"
                x={{ kind: 'log', domain: [1e-12, 1e-1], label: 'step h' }}
                y={{ kind: 'log', domain: [1e-12, 1], label: 'RMS error' }}
                series={series}
                height={route.present ? 500 : 300}
                marks={(p) =>
                  shows(point.eps) ? (
                    <g className="picked-point">
                      <circle cx={p.x(point.eps)} cy={p.y(point.rms)} r={p.font * 0.55} />
                    </g>
                  ) : null
                }
              />
              <Legend
                items={[['s-fd', 'measured error (T = 40, P = 80)'], ...(revealed ? ([['s-model', 'models: h²·|L‴|/6 and ε·|L|/h']] as const) : [])]}
              />
              {revealed ? (
                <p className="figure-readout">
                  At h = {formatEps(point.eps)}: RMS error {formatNumber(point.rms, 2)}. Best h of the sweep:{' '}
                  {report.bestEps === null ? '—' : formatEps(report.bestEps)}; the models predict{' '}
                  {report.model.predictedBestEps === null ? '—' : formatEps(report.model.predictedBestEps)}.
                </p>
              ) : (
                <p className="figure-readout">
                  h = {formatEps(point.eps)} now. The chart shows the larger steps; answer the question to see the rest.
                </p>
              )}
              <figcaption>
                Each dot is one central-difference gradient, {report.counts.finiteDifferenceEvaluations} runs of the chain,
                compared with one reverse sweep by its <dfn>RMS error</dfn>: the root mean square of its P errors.
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Sweeping h over twelve decades…" />
          )}
        </figure>
      }
    />
  );
}
