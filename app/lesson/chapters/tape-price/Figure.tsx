import { useState } from 'react';
import type { LabReport } from '../../../../engine/report.ts';
import { formatBytes } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useLessonView } from '../../context.ts';
import { lessonEngine, lessonSettings, QUICK } from '../../engine.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useAnswer } from '../../../ui/teach/useAnswer.ts';
import { useShowMe } from '../../useShowMe.ts';
import { WORK_STEPS } from '../../steps.ts';

/** The tape of one chain length, as the worker counted it. */
interface TapeSize {
  steps: number;
  nodes: number;
  bytes: number;
}

const sizeOf = (r: LabReport): TapeSize => ({ steps: r.steps, nodes: r.counts.tapeNodes, bytes: r.counts.tapeNodes * r.counts.bytesPerNode });

/**
 * What the question's feedback quotes, read off the counted tapes at T = 100 and 200: the nodes,
 * the nodes each step adds (its leaves a_t, b_t and its primitives) and the ones that do not grow
 * with T (x_0, c and the loss), and a node's bytes.
 */
function tapeLive(all: readonly TapeSize[]): Record<string, string> {
  const t100 = all.find((x) => x.steps === 100);
  const t200 = all.find((x) => x.steps === 200);
  if (!t100 || !t200) return {};
  const stepNodes = (t200.nodes - t100.nodes) / 100;
  return {
    nodes100: t100.nodes.toLocaleString('en'),
    nodes200: t200.nodes.toLocaleString('en'),
    stepNodes: String(stepNodes),
    stepPrimitives: String(stepNodes - 2),
    fixedNodes: String(t100.nodes - 100 * stepNodes),
    nodeBytes: String(t100.bytes / t100.nodes),
  };
}

/** The tape-price chapter: the tape is the price. Its memory grows with T; three ways to pay. */
export default function Chapter7() {
  const sizes = useAnswer('tape sizes', async () => {
    const out: TapeSize[] = [];
    for (const steps of WORK_STEPS) out.push(sizeOf(await lessonEngine.run(lessonSettings({ steps }, QUICK))));
    return out;
  });
  // Before the answer the line stops below the T the question asks about (100 and 200).
  const [shown, setShown] = useState(WORK_STEPS.indexOf(50));
  const [revealed, setRevealed] = useState(false);
  const show = useShowMe(WORK_STEPS.length, (i) => (setShown(i), setRevealed(true)), !sizes.loading);
  const { route } = useLessonView();
  const all = sizes.value ?? [];
  const upTo = revealed ? shown : Math.min(shown, WORK_STEPS.indexOf(50));
  const visible = all.slice(0, upTo + 1);
  const last = visible[visible.length - 1];
  // Before the answer the axis spans four times what is drawn, not the bytes at T = 200.
  const top = revealed ? Math.max(...all.map((s) => s.bytes)) : 4 * Math.max(0, ...visible.map((s) => s.bytes));
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: last?.steps ?? 40, stride: 1 })}
      onAnswer={() => (setRevealed(true), setShown(WORK_STEPS.length - 1))}
      live={tapeLive(all)}
      figure={
        <figure className="lesson-figure">
          <div className="figure-controls">
            <FigureSlider
              label={`Chain steps T = ${WORK_STEPS[shown]}`}
              min={0}
              max={WORK_STEPS.length - 1}
              value={shown}
              valueText={`T = ${WORK_STEPS[shown]}`}
              onChange={(value) => (setShown(value), setRevealed(true))}
            />
            <ShowMeButton show={show} label="raise T to 200" />
          </div>
          {sizes.value && last ? (
            <>
              <LessonChart
                title="Bytes the tape holds, adjoints included, against chain steps T"
                x={{ kind: 'linear', domain: [0, 200], label: 'chain steps T' }}
                y={{ kind: 'linear', domain: [0, (top / 1024) * 1.08], label: 'tape (KiB)' }}
                series={[{ id: 'bytes', points: visible.map((s) => [s.steps, s.bytes / 1024]), className: 's-reverse', dots: true }]}
                height={route.present ? 540 : 300}
              />
              <p className="figure-readout" data-readout="tape">
                T = {last.steps}: {last.nodes.toLocaleString('en')} nodes, {formatBytes(last.bytes)} with adjoints.
              </p>
              <p className="todo">
                <strong>Try:</strong> once you have answered, move T or press Show me, and read the bytes.
              </p>
              <figcaption>Counted by the worker: nodes on the tape × bytes a node holds.</figcaption>
            </>
          ) : (
            <FigureStatus answer={sizes} waiting="Recording tapes of seven lengths…" />
          )}
        </figure>
      }
    />
  );
}
