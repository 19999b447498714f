import { useState } from 'react';
import { formatBytes, formatNumber, formatRatio } from '../../ui/format.ts';
import { HIDDEN_CHOICES } from '../../sections/tensor/tensorSlice.ts';
import { tensorEngine } from '../../../workers/tensor/host.ts';
import { ChapterFrame } from '../ChapterFrame.tsx';
import { Choices } from '../Choices.tsx';
import { FigureStatus } from '../FigureStatus.tsx';
import { labHashOf } from '../labLink.ts';
import { useAnswer } from '../useAnswer.ts';

const ms = (x: number | null) => (x === null ? '—' : x < 1 ? `${formatNumber(x * 1000, 3)} µs` : `${formatNumber(x, 3)} ms`);

/** Chapter 9: the same rules on matrices; one tensor node does the work of thousands of scalar ones. */
export default function Chapter9() {
  const [hidden, setHidden] = useState<number>(16);
  const [revealed, setRevealed] = useState(false);
  const answer = useAnswer(`compare ${hidden}`, () => tensorEngine.compare({ hidden, minMs: 250 }));
  const c = answer.value;
  return (
    <ChapterFrame
      labHash={`${labHashOf({})}`}
      onAnswer={() => (setRevealed(true), setHidden(16))}
      live={c ? { ratio: formatRatio(c.ratios.nodes), scalarNodes: c.scalar.nodes.toLocaleString('en'), tensorNodes: String(c.tensor.nodes) } : {}}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <Choices
              legend="Hidden units"
              options={HIDDEN_CHOICES.map(String)}
              value={HIDDEN_CHOICES.indexOf(hidden as (typeof HIDDEN_CHOICES)[number])}
              onChange={(i) => (setHidden(HIDDEN_CHOICES[i]), setRevealed(true))}
            />
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
                    <td>{ms(c.scalar.msPerStep)}</td>
                    <td>{ms(c.tensor.msPerStep)}</td>
                    <td>{c.ratios.time === null ? '—' : formatRatio(c.ratios.time)}</td>
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
              <figcaption>Measured in the tensor worker: both tapes timed in alternation, each at its fastest batch.</figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Recording and timing both tapes…" />
          )}
        </figure>
      }
    />
  );
}
