import { useMemo, useState } from 'react';
import { tapeFrame, tapeStatics } from '../../../ui/tape/model.ts';
import { num } from '../../../ui/tape/labels.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useLessonView } from '../../context.ts';
import { CARD, useExpression } from '../../exprTape.ts';
import { eventWords, nodeWords } from '../../../ui/tape/words.ts';
import { ExprGraph } from '../../../ui/tape/ExprGraph.tsx';
import { TapeList } from '../../../ui/tape/TapeList.tsx';
import { FigureStatus } from '../../FigureStatus.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useShowMe } from '../../useShowMe.ts';
import { WaitingButton } from '../../WaitingButton.tsx';

/** The sweep chapter: the backward sweep on the tiny tape, one event at a time, from the seed 1. */
export default function Chapter2() {
  const answer = useExpression(CARD);
  const result = answer.value;
  const statics = useMemo(() => (result ? tapeStatics(result.tape) : null), [result]);
  // Before the prediction: the tape recorded, the sweep not yet seeded.
  const [applied, setApplied] = useState<number | null>(null);
  const tl = statics?.tl;
  const position = tl ? (applied === null ? tl.seed - 1 : tl.seed + applied) : 0;
  const tf = useMemo(() => (statics ? tapeFrame(statics, position, false) : null), [statics, position]);
  const events = tl?.events ?? 0;
  const show = useShowMe(events + 1, setApplied, !answer.loading);
  const { route } = useLessonView();
  const x = result ? result.rows.find((r) => r.name === 'x') : undefined;
  const y = result ? result.rows.find((r) => r.name === 'y') : undefined;
  let say = 'The tape is recorded. The sweep has not started.';
  if (result && tf && tf.frame.phase === 'sweep') {
    if (tf.event) say = eventWords(result, tf.event);
    else say = `Seeded: the adjoint of z is ${num(statics!.seed)}.`;
    if (applied === events && x && y) say += ` Done: ∂z/∂x = ${num(x.reverse)}, ∂z/∂y = ${num(y.reverse)}.`;
  }
  return (
    <ChapterFrame
      labHash={labHashOf({}, CARD)}
      onAnswer={() => setApplied((a) => a ?? 0)}
      live={{ z: result ? num(result.value) : undefined }}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <button type="button" onClick={() => setApplied((a) => (a === null || a === 0 ? null : a - 1))} disabled={applied === null}>
              Back
            </button>
            <WaitingButton onClick={() => setApplied((a) => Math.min(events, a === null ? 0 : a + 1))} disabled={applied === events}>
              Next event
            </WaitingButton>
            <ShowMeButton show={show} label="run the sweep" />
            {/* Beside the buttons that move it, so a phone shows both on one screen. */}
            {result && tf ? (
              <p className="figure-slider-readout">
                Sweep: {applied === null ? 'not started' : `${applied} of ${events} sweep events`}
                {tf.event ? ` · now at ${nodeWords(result, tf.event.parent)}` : ''}
              </p>
            ) : null}
          </div>
          {result && tf ? (
            <>
              <ExprGraph view={result.tape} tf={tf} receipts={false} title={`The tape of z = ${result.source}, swept backward: ${applied ?? 0} of ${events} sweep events`} height={route.present ? 360 : 260} />
              <TapeList result={result} tf={tf} adjoints={true} />
              <figcaption>{say}</figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Recording the expression and its sweep…" />
          )}
        </figure>
      }
    />
  );
}
