import { useState } from 'react';
import { formatBytes, formatNumber, formatRatio } from '../../../ui/format.ts';
import { tapeTimeCell, tapeTimeSentence } from '../timeWords.ts';
import { HIDDEN_CHOICES } from '../../../../engine/limits.ts';
import { tensorEngine } from '../../../../workers/tensor/host.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { Choices } from '../../Choices.tsx';
import { FigureStatus } from '../../FigureStatus.tsx';
import { labHashOf } from '../../labLink.ts';
import { useAnswer } from '../../../ui/teach/useAnswer.ts';
import { useLessonView } from '../../context.ts';
import { LayerDiagram } from '../../figures/LayerDiagram.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { Legend } from '../../figures/Legend.tsx';

/** Both tapes' node counts at every hidden size the chapter offers, recorded (not timed) one after another. */
async function countNodes(): Promise<{ hidden: number; scalar: number; tensor: number }[]> {
  const out = [];
  for (const hidden of HIDDEN_CHOICES) {
    const c = await tensorEngine.compare({ hidden, minMs: 0 });
    out.push({ hidden, scalar: c.scalar.nodes, tensor: c.tensor.nodes });
  }
  return out;
}

const ms = (x: number | null) => (x === null ? '—' : x < 1 ? `${formatNumber(x * 1000, 3)} µs` : `${formatNumber(x, 3)} ms`);

/** The tensors chapter: the same rules on matrices; one tensor node does the work of thousands of scalar ones. */
export default function Chapter9() {
  const [hidden, setHidden] = useState<number>(16);
  const [revealed, setRevealed] = useState(false);
  const answer = useAnswer(`compare ${hidden}`, () => tensorEngine.compare({ hidden, minMs: 250 }));
  const c = answer.value;
  const counts = useAnswer('node counts', countNodes);
  const { route } = useLessonView();
  const curve = counts.value ?? [];
  const series = [
    { id: 'tensor', points: curve.map((p) => [p.hidden, p.tensor] as const), className: 's-reverse', dots: true, line: true },
    ...(revealed ? [{ id: 'scalar', points: curve.map((p) => [p.hidden, p.scalar] as const), className: 's-fd', dots: true, line: true }] : []),
  ];
  // The axis spans what is drawn, in whole decades with the tensor tape's line clear of the
  // bottom, two at least: before the answer it does not give the scalar tape's size away.
  const most = Math.max(1, ...series.flatMap((s) => s.points.map(([, n]) => n)));
  const least = Math.max(1, Math.min(...curve.map((p) => p.tensor), most));
  const bottom = 10 ** Math.max(0, Math.floor(Math.log10(least) - 0.5));
  const top = Math.max(bottom * 100, 10 ** Math.ceil(Math.log10(most)));
  const chartHeight = route.present ? 340 : 240;
  return (
    <ChapterFrame
      labHash={`${labHashOf({})}`}
      onAnswer={() => (setRevealed(true), setHidden(16))}
      live={c ? { ratio: formatRatio(c.ratios.nodes), scalarNodes: c.scalar.nodes.toLocaleString('en'), tensorNodes: String(c.tensor.nodes) } : {}}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <Choices
              gated
              legend="Hidden units"
              options={HIDDEN_CHOICES.map(String)}
              value={HIDDEN_CHOICES.indexOf(hidden as (typeof HIDDEN_CHOICES)[number])}
              onChange={(i) => (setHidden(HIDDEN_CHOICES[i]), setRevealed(true))}
            />
          </div>
          <div className="tensor-pair">
            <LayerDiagram hidden={hidden} width={route.present ? 390 : 280} height={chartHeight} />
            {curve.length > 0 ? (
              <div className="tensor-chart">
                <LessonChart
                  title={`Nodes on the tape for one training step against hidden units, tensor tape${revealed ? ' and scalar tape' : ''}, both axes logarithmic`}
                  // Hidden units double from choice to choice: on a log axis they are evenly spaced.
                  x={{ kind: 'log', domain: [HIDDEN_CHOICES[0] / 1.25, HIDDEN_CHOICES.at(-1)! * 1.25], ticks: HIDDEN_CHOICES, label: 'hidden units (log)' }}
                  y={{ kind: 'log', domain: [bottom, top], ticks: 'counts', label: 'tape nodes (log)' }}
                  series={series}
                  height={chartHeight}
                  marks={(p) => <line className="t-marker" x1={p.x(hidden)} x2={p.x(hidden)} y1={0} y2={p.frame.innerHeight} />}
                />
                <Legend items={[['s-fd', 'scalar tape'], ['s-reverse', 'tensor tape']]} />
              </div>
            ) : (
              <FigureStatus answer={counts} waiting="Recording both tapes at 4 to 32 hidden units…" />
            )}
          </div>
          {c && c.hidden === hidden ? (
            <>
              <table className="lesson-table">
                <caption className="figure-readout">
                  One training step, {c.batch} points, {c.parameters} parameters
                </caption>
                <thead>
                  <tr>
                    <th scope="col">measure</th>
                    <th scope="col">scalar tape</th>
                    <th scope="col">tensor tape</th>
                    <th scope="col">ratio</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">nodes</th>
                    <td>{revealed ? c.scalar.nodes.toLocaleString('en') : '?'}</td>
                    <td>{c.tensor.nodes}</td>
                    <td>{revealed ? formatRatio(c.ratios.nodes) : '?'}</td>
                  </tr>
                  <tr>
                    <th scope="row">memory</th>
                    <td>{formatBytes(c.scalar.bytes)}</td>
                    <td>{formatBytes(c.tensor.bytes)}</td>
                    <td>{formatRatio(c.ratios.bytes)}</td>
                  </tr>
                  <tr>
                    <th scope="row">time a step</th>
                    {/* Each side's time is one estimate with the ratio: when its rounds spread too widely, neither is shown. */}
                    <td>{c.timeSpread?.noisy ? 'too noisy' : ms(c.scalar.msPerStep)}</td>
                    <td>{c.timeSpread?.noisy ? 'too noisy' : ms(c.tensor.msPerStep)}</td>
                    <td>{tapeTimeCell(c)}</td>
                  </tr>
                </tbody>
              </table>
              <p className="figure-readout">
                The two gradients {c.agreement.agree ? 'agree' : 'DISAGREE'}: largest difference {formatNumber(c.agreement.maxDifference, 2)}{' '}
                (tolerance {formatNumber(c.agreement.tolerance, 2)}).
              </p>
              <p className="todo">
                <strong>Try:</strong> change the hidden units: the scalar tape grows with every weight, the tensor tape
                stays at {c.tensor.nodes} nodes.
              </p>
              <p className="figure-readout">{tapeTimeSentence(c)}</p>
              <figcaption>
                Measured in the tensor worker: both tapes take turns in batches, and the time ratio is the median of the
                turns’ ratios.
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Recording and timing both tapes…" />
          )}
        </figure>
      }
    />
  );
}
