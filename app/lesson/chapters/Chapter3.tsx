import '../../sections/tape/tape.css';
import { useMemo, useState } from 'react';
import { tapeFrame, tapeStatics } from '../../sections/tape/model.ts';
import { num } from '../../sections/tape/labels.ts';
import { ChapterFrame } from '../ChapterFrame.tsx';
import { Choices } from '../Choices.tsx';
import { useLessonView } from '../context.ts';
import { CARD, useExpression } from '../exprTape.ts';
import { ExprGraph } from '../figures/ExprGraph.tsx';
import { FigureStatus } from '../FigureStatus.tsx';
import { labHashOf } from '../labLink.ts';
import { Predict } from '../Predict.tsx';

const SWEEPS = ['add: adj += …', 'overwrite: adj = …'];

/** Chapter 3: fan-out. A value read twice must collect both contributions; overwriting keeps one. */
export default function Chapter3() {
  const answer = useExpression(CARD);
  const result = answer.value;
  const statics = useMemo(() => (result ? tapeStatics(result.tape) : null), [result]);
  const [wrong, setWrong] = useState(0);
  const [answered, setAnswered] = useState(false);
  const overwrite = wrong === 1;
  const tf = useMemo(() => (statics ? tapeFrame(statics, statics.tl.end, overwrite) : null), [statics, overwrite]);
  const { route } = useLessonView();
  const x = result?.rows.find((r) => r.name === 'x');
  return (
    <ChapterFrame
      labHash={labHashOf({}, CARD)}
      text={
        <>
          <p>
            In z = x·y + sin(x²) − ln y, x is read twice: by x·y and by x². Blame comes back to x along both paths. A
            value read more than once is a <dfn>fan-out</dfn>.
          </p>
          <p>
            The chain rule says paths that meet add up. So the sweep must add each contribution into the adjoint (+=),
            never write over it (=). The fan-out nodes show how many contributions have arrived.
          </p>
          <Predict
            question="If the sweep wrote adj[x] = … instead of adding, what would it report for ∂z/∂x?"
            choices={[
              { label: 'The same answer', correct: false, why: `Writing over throws away every contribution but the last one to arrive: ${x ? num(x.overwritten) : 'a wrong value'} instead of ${x ? num(x.reverse) : 'the sum'}.` },
              { label: 'Only the contribution that arrives last', correct: true, why: `The path through x·y arrives last and sends y = 4; the path through x² is lost. The right answer is their sum${x ? `, ${num(x.reverse)}` : ''}.` },
              { label: 'Zero', correct: false, why: `Each write keeps the newest contribution, so the last one survives: ${x ? num(x.overwritten) : 'not zero'}.` },
            ]}
            onAnswer={() => (setAnswered(true), setWrong(1))}
          />
          <p className="todo">
            <strong>Try:</strong> switch between the two sweeps. The last column is a referee that needs no tape:
            central differences, which nudge each input a little both ways (chapter 6).
          </p>
        </>
      }
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <Choices legend="The sweep" options={SWEEPS} value={wrong} onChange={(i) => (setWrong(i), setAnswered(true))} />
          </div>
          {result && tf ? (
            <>
              <ExprGraph view={result.tape} tf={tf} receipts={false} highlight={false} title={`The finished sweep of z = ${result.source}, ${overwrite ? 'overwriting' : 'adding'} adjoints`} height={route.present ? 440 : 300} />
              <table className="lesson-table">
                <caption className="sr-only">The gradient by each sweep, and by central differences</caption>
                <thead>
                  <tr>
                    <th scope="col">gradient</th>
                    <th scope="col">+= (right)</th>
                    <th scope="col">= (overwrite)</th>
                    <th scope="col">central differences</th>
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((r) => (
                    <tr key={r.name}>
                      <th scope="row">∂z/∂{r.name}</th>
                      <td>{num(r.reverse)}</td>
                      <td className={answered && !Object.is(r.overwritten, r.reverse) ? 'bad' : undefined}>{answered ? num(r.overwritten) : '?'}</td>
                      <td>{num(r.finiteDifference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <figcaption>
                {overwrite
                  ? 'Overwriting: x and y each keep only their last contribution, and both gradients come out wrong.'
                  : 'Adding: x and y each collect two contributions (2/2), and the gradient agrees with central differences.'}
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
