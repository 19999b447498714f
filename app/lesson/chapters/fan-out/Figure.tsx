import { useMemo, useState } from 'react';
import { tapeFrame, tapeStatics } from '../../../ui/tape/model.ts';
import { num } from '../../../ui/tape/labels.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { Choices } from '../../Choices.tsx';
import { useLessonView } from '../../context.ts';
import { CARD, useExpression } from '../../exprTape.ts';
import { ExprGraph } from '../../../ui/tape/ExprGraph.tsx';
import { FigureStatus } from '../../FigureStatus.tsx';
import { labHashOf } from '../../labLink.ts';

const SWEEPS = ['add: adj += …', 'overwrite: adj = …'];

/** The fan-out chapter: fan-out. A value read twice must collect both contributions; overwriting keeps one. */
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
      // The lab's tape explorer, with its pitfall on (the row's labSection): the chain's own fan-outs.
      labHash={labHashOf({})}
      onAnswer={() => (setAnswered(true), setWrong(1))}
      live={{ overwritten: x ? num(x.overwritten) : undefined, sum: x ? num(x.reverse) : undefined }}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <Choices gated legend="The sweep" options={SWEEPS} value={wrong} onChange={(i) => (setWrong(i), setAnswered(true))} />
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
                  : 'Adding: x and y each collect two contributions (2 of 2), and the gradient agrees with central differences.'}
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Sweeping the tape with += and with =…" />
          )}
        </figure>
      }
    />
  );
}
