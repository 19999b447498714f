import { useMemo, useState } from 'react';
import { tapeFrame, tapeStatics } from '../../../ui/tape/model.ts';
import { num } from '../../../ui/tape/labels.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { CARD, FIVE_NODES, useExpression } from '../../exprTape.ts';
import { nodeWords } from '../../../ui/tape/words.ts';
import { ExprGraph } from '../../../ui/tape/ExprGraph.tsx';
import { TapeList } from '../../../ui/tape/TapeList.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useShowMe } from '../../useShowMe.ts';
import { Choices } from '../../Choices.tsx';
import { useLessonView } from '../../context.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';

/**
 * The program the chapter's text sets up comes first; the smaller one is there to compare. Their
 * labels do not count the nodes: the speaker notes ask the room to count them.
 */
const PROGRAMS = [
  { label: 'x·y + sin(x²) − ln y', expression: CARD },
  { label: 'x·y + sin x', expression: FIVE_NODES },
];

/** The chain chapter: a program is a chain of primitives, each writing its row (inputs, value, local partials) on the tape as it runs. */
export default function Chapter1() {
  const [which, setWhich] = useState(0);
  const program = PROGRAMS[which].expression;
  const answer = useExpression(program);
  const result = answer.value;
  const statics = useMemo(() => (result ? tapeStatics(result.tape) : null), [result]);
  const [position, setPosition] = useState<number | null>(null);
  const nodes = statics?.tl.nodes ?? 0;
  // Until the learner moves it, the whole recording is shown.
  const shown = position === null ? nodes : Math.min(position, nodes);
  const tf = useMemo(() => (statics ? tapeFrame(statics, shown, false) : null), [statics, shown]);
  const show = useShowMe(nodes + 1, setPosition, !answer.loading);
  const { route } = useLessonView();
  const recorded = tf && tf.frame.phase === 'record' && tf.frame.node >= 0 && result ? tf.frame.node : -1;
  return (
    <ChapterFrame
      labHash={labHashOf({}, program)}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <Choices legend="Program" options={PROGRAMS.map((p) => p.label)} value={which} onChange={(i) => (setWhich(i), setPosition(null))} />
            <ShowMeButton show={show} label="record it" />
          </div>
          {result && tf ? (
            <>
              <ExprGraph view={result.tape} tf={tf} sweep={false} title={`The tape of z = ${result.source}: ${result.tape.length} nodes, from the inputs on the left to z on the right`} height={route.present ? 300 : 260} />
              <TapeList result={result} tf={tf} adjoints={false} />
              <FigureSlider
                inline={false}
                label={`Nodes recorded: ${shown} of ${nodes}`}
                min={0}
                max={nodes}
                value={shown}
                valueText={`${shown} of ${nodes} nodes recorded`}
                onChange={setPosition}
              />
              <figcaption>
                {recorded >= 0 && position !== null
                  ? `Just recorded: ${nodeWords(result, recorded)} = ${num(result.tape.value[recorded])}.`
                  : shown === 0
                    ? 'An empty tape.'
                    : `The whole tape: z = ${num(result.value)}. Each row holds one primitive: what it read, its value and its local partials.`}
              </figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Recording the expression on a tape…" />
          )}
        </figure>
      }
    />
  );
}
