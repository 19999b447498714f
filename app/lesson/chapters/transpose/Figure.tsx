import { useState } from 'react';
import { num } from '../../../ui/tape/labels.ts';
import { subscript } from '../../../ui/tape/labels.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useChainRun } from '../../chainRun.ts';
import { QUICK } from '../../engine.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { useLessonView } from '../../context.ts';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useShowMe } from '../../useShowMe.ts';

/** The transpose chapter: the chain at T = 2 … 5, its states forward and its adjoints backward, beside the transpose formulas. */
export default function Chapter4() {
  const [steps, setSteps] = useState(3);
  const answer = useChainRun({ steps }, QUICK);
  const report = answer.value;
  // How far back the sweep has come: the adjoints x̄_t for t ≥ reached are shown (null: all).
  const [reached, setReached] = useState<number | null>(null);
  const T = report?.steps ?? steps;
  const show = useShowMe(T + 1, (frame) => setReached(T - frame), !answer.loading);
  const shownFrom = reached ?? 0;
  const cols = Array.from({ length: T + 1 }, (_, t) => t);
  const { route } = useLessonView();
  const values = report ? [...report.states, ...report.adjoint] : [0, 1];
  const top = Math.max(...values);
  return (
    <ChapterFrame
      labHash={labHashOf({ steps })}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Chain steps T = ${steps}`}
              min={2}
              max={5}
              value={steps}
              onChange={(value) => {
                setSteps(value);
                setReached(null);
              }}
            />
            <ShowMeButton show={show} label="sweep back" />
          </div>
          {report ? (
            <>
              <table className="lesson-table chain-table">
                <caption className="sr-only">The chain at T = {T}: states forward, adjoints and parameter gradients backward</caption>
                <thead>
                  <tr>
                    <th scope="col">t</th>
                    {cols.map((t) => (
                      <th scope="col" key={t} className={reached !== null && t === reached ? 'in-play' : undefined}>
                        {t}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="row-forward">
                    <th scope="row">x{'\u209C'} →</th>
                    {cols.map((t) => (
                      <td key={t}>{num(report.states[t])}</td>
                    ))}
                  </tr>
                  <tr className="row-reverse">
                    <th scope="row">← x̄{'\u209C'}</th>
                    {cols.map((t) => (
                      <td key={t} className={reached !== null && t === reached ? 'in-play' : undefined}>
                        {t >= shownFrom ? num(report.adjoint[t]) : ''}
                      </td>
                    ))}
                  </tr>
                  <tr className="row-reverse">
                    <th scope="row">∂L/∂a{'\u209C'}</th>
                    {cols.map((t) => (
                      <td key={t}>{t < T && t >= shownFrom ? num(report.gradient.reverse.a[t]) : ''}</td>
                    ))}
                  </tr>
                  <tr className="row-reverse">
                    <th scope="row">∂L/∂b{'\u209C'}</th>
                    {cols.map((t) => (
                      <td key={t}>{t < T && t >= shownFrom ? num(report.gradient.reverse.b[t]) : ''}</td>
                    ))}
                  </tr>
                </tbody>
              </table>
              <LessonChart
                title={`The state x after each step going forward, and its adjoint going backward, t = 0 to ${T}`}
                x={{ kind: 'linear', domain: [0, T], label: 'step t', format: (v) => (Number.isInteger(v) ? String(v) : '') }}
                y={{ kind: 'linear', domain: [Math.min(0, ...values), top * 1.1], label: 'value' }}
                series={[
                  { id: 'x', points: cols.map((t) => [t, report.states[t]]), className: 's-forward', dots: true },
                  { id: 'adj', points: cols.filter((t) => t >= shownFrom).map((t) => [t, report.adjoint[t]]), className: 's-reverse', dots: true },
                ]}
                height={route.present ? 300 : 200}
              />
              <Legend items={[['s-forward', 'xₜ, computed forward'], ['s-reverse', 'x̄ₜ = ∂L/∂xₜ, swept backward']]} />
              <p className="figure-readout">
                Seed: x̄{subscript(T)} = x{subscript(T)} − y = {num(report.states[T])} − {num(report.params.target)} ={' '}
                {num(report.adjoint[T])}
              </p>
              <p className="figure-readout">
                Tape: {report.counts.tapeNodes} nodes for T = {T}, {report.parameters} parameters.
              </p>
              <figcaption>
                Every number here is the worker’s: states from the forward run, adjoints and gradients from one
                backward sweep of the tape.
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Recording the chain and sweeping it back…" />
          )}
        </figure>
      }
    />
  );
}
