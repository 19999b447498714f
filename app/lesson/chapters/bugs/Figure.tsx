import { useState } from 'react';
import type { BugReport } from '../../../../engine/bugs/report.ts';
import type { GradientPair } from '../../../../engine/report.ts';
import { bugsEngine } from '../../../../workers/bugs/host.ts';
import { ErrorBox } from '../../../ui/ErrorBox.tsx';
import { formatNumber } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { Choices } from '../../Choices.tsx';
import { useLessonView } from '../../context.ts';
import { lessonSettings } from '../../engine.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { labHashOf } from '../../labLink.ts';
import { useAnswer } from '../../../ui/teach/useAnswer.ts';
import { LESSON_BUGS, outcomeSentence } from './bugsText.ts';
import './bugs.css';

const STEPS = 40;
/** x_30 detached: the sweep keeps the last K = 10 steps, the hidden chapter's window. */
const DETACH_STEP = 30;
/** The entries the table lists: ∂L/∂a_t at the start, the middle and the end of the chain. */
const LISTED = [0, STEPS / 2, STEPS - 1];
/** The entry the question's words quote: the last step's ∂L/∂a. */
const QUOTED = STEPS - 1;

/**
 * The bugs chapter: the bugs you will meet in PyTorch, each run on the real tape of the 40-step chain by
 * the lab's bugs worker: the lines that cause it, the line that fixes it, and what happens — the
 * wrong gradient beside the right one, or the error the framework raises. The zero-grad bug's
 * wrong numbers stay hidden until the question is answered.
 */
export default function Chapter11() {
  const { route } = useLessonView();
  const [which, setWhich] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const chain = lessonSettings({ steps: STEPS });
  const request = { steps: STEPS, c: chain.c, x0: chain.x0, target: chain.target, detachStep: DETACH_STEP, direction: 'ones' as const };
  const answer = useAnswer(`bugs ${STEPS} ${DETACH_STEP}`, () => bugsEngine.chain(request));
  const name = LESSON_BUGS[which];
  const report = answer.value?.bugs.find((b) => b.name === name);
  const zero = answer.value?.bugs.find((b) => b.name === 'zero-grad');
  const late = answer.value?.bugs.find((b) => b.name === 'free-late');
  const lateRatio = late?.buggy.bytes && late.correct.bytes ? formatNumber(late.buggy.bytes / late.correct.bytes, 2) : null;
  // The question is about zero-grad: its wrong numbers wait for the answer.
  const hidden = name === 'zero-grad' && !revealed;
  return (
    <ChapterFrame
      labHash={`${labHashOf({ steps: STEPS })}&bug=${name}`}
      onAnswer={() => (setRevealed(true), setWhich(0))}
      live={
        zero?.correct.gradient && zero.buggy.gradient
          ? { right: exact(zero.correct.gradient.a[QUOTED]), buggy: exact(zero.buggy.gradient.a[QUOTED]) }
          : {}
      }
      figure={
        <figure className="lesson-figure ch11-figure" data-bug={name}>
          <div className="figure-controls">
            <Choices legend="Bug" options={LESSON_BUGS} value={which} onChange={setWhich} />
          </div>
          {report ? (
            <BugOutcome report={report} hidden={hidden} present={route.present} />
          ) : (
            <FigureStatus answer={answer} waiting="Running each bug on the chain’s tape…" />
          )}
          {route.present ? (
            // The stage has room for two lines: the same facts, shorter.
            <figcaption>
              Left to the lab: <code>total += loss</code> keeps every step’s autograd nodes, and with no backward their
              saved tensors;{lateRatio ? ` freeing late holds ${lateRatio}× the peak;` : ' freeing late raises the peak;'} float32 checks have a
              high error floor.
            </figcaption>
          ) : (
            <figcaption>
              Left to the lab’s section: <code>total += loss</code> keeps a graph reaching every step. With backward() each
              step, backward frees the saved tensors but every step’s autograd nodes stay (fix: <code>loss.item()</code>);
              with no backward, every forward’s saved tensors stay too (fix: <code>torch.no_grad()</code>).
              {lateRatio ? ` Freeing saved values late holds ${lateRatio} times the peak memory here;` : ' Freeing saved values late raises the peak memory;'}{' '}
              a float32 gradient check has a high error floor.
            </figcaption>
          )}
        </figure>
      }
    />
  );
}

/** Enough digits that doubling reads exactly: 0.167442 and 0.334884. */
const exact = (x: number) => formatNumber(x, 6);

/** One bug: its lines, its fix, what it does to the gradient (or the error), and why. */
function BugOutcome({ report, hidden, present }: { report: BugReport; hidden: boolean; present: boolean }) {
  const { correct, buggy } = report;
  const right = correct.gradient;
  const wrong = hidden ? undefined : buggy.gradient;
  const refused = report.name === 'in-place' || report.name === 'retain-graph';
  // A refused sweep shows the error too: on the stage the chart is lower and the readout stands for the table.
  const height = present ? (refused ? 180 : 230) : 210;
  const table = !(present && report.name === 'in-place');
  return (
    <>
      <div className="ch11-code">
        <div>
          <p className="ch11-code-head">The lines that cause it</p>
          <pre>
            <code>{report.pytorch}</code>
          </pre>
        </div>
        <div>
          <p className="ch11-code-head">The fix</p>
          <pre>
            <code>{report.fix}</code>
          </pre>
        </div>
      </div>
      {refused ? <ErrorBox outcome={buggy} lead={report.name === 'in-place' ? 'PyTorch’s version check refuses to sweep:' : 'The second backward() is refused:'} /> : null}
      {/* On the stage PyTorch's in-place text, word for word, takes the chart's room: the readout keeps its number. */}
      {right && report.name !== 'retain-graph' && !(present && report.name === 'in-place') ? (
        <GradientChart right={right} wrong={wrong} height={height} label={wrongLabel(report)} />
      ) : null}
      {right && table ? <EntryTable right={right} wrong={hidden ? null : (buggy.gradient ?? 'refused')} label={report.name === 'in-place' ? 'check bypassed' : 'with the bug'} /> : null}
      <p className="figure-readout" data-readout="outcome">
        {hidden ? 'Answer the question to see what the second backward() leaves in .grad.' : outcomeSentence(report, DETACH_STEP)}
      </p>
      {hidden ? null : (
        <p className="ch11-why">
          <strong>Why:</strong> {report.why}
        </p>
      )}
    </>
  );
}

function wrongLabel(report: BugReport): string {
  switch (report.name) {
    case 'zero-grad':
      return 'after two backward() calls';
    case 'detach':
      return `x_${DETACH_STEP} detached`;
    case 'in-place':
      return 'the sweep with the check bypassed (.data)';
    default:
      return 'with the bug';
  }
}

/**
 * The right ∂L/∂a_t and ∂L/∂b_t as lines over the steps, the buggy ones as dots (each dot carries
 * its value as data-y, which the browser test reads).
 */
function GradientChart({ right, wrong, height, label }: { right: GradientPair; wrong?: GradientPair; height: number; label: string }) {
  const points = (xs: Float64Array) => Array.from(xs, (y, t) => [t, y] as const);
  const all = [...right.a, ...right.b, ...(wrong ? [...wrong.a, ...wrong.b] : [])].filter(Number.isFinite);
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const pad = (hi - lo) * 0.06 || 1;
  return (
    <>
      <LessonChart
        title={`The right gradient${wrong ? ` and the gradient ${label}` : ''}: ∂L/∂aₜ and ∂L/∂bₜ for each of the ${right.a.length} steps.`}
        x={{ kind: 'linear', domain: [0, right.a.length - 1], label: 'step t' }}
        y={{ kind: 'linear', domain: [lo - pad, hi + pad], label: 'gradient' }}
        series={[
          { id: 'right-a', points: points(right.a), className: 's-reverse' },
          { id: 'right-b', points: points(right.b), className: 's-right-b' },
          ...(wrong
            ? [
                { id: 'wrong-a', points: points(wrong.a), className: 's-wrong', dots: true, line: false },
                { id: 'wrong-b', points: points(wrong.b), className: 's-wrong s-wrong-b', dots: true, line: false },
              ]
            : []),
        ]}
        height={height}
      />
      <Legend
        items={[
          ['s-reverse', 'right ∂L/∂aₜ'],
          ['s-right-b', 'right ∂L/∂bₜ'],
          ...(wrong
            ? ([
                ['s-wrong ch11-dot', `dots ${label}: ∂L/∂aₜ filled`],
                ['s-wrong ch11-dot ch11-dot-b', '∂L/∂bₜ open'],
              ] as const)
            : []),
        ]}
      />
    </>
  );
}

/** ∂L/∂a_t at three steps, right and buggy: '?' until the question is answered, 'refused' where the sweep is. */
function EntryTable({ right, wrong, label }: { right: GradientPair; wrong: GradientPair | 'refused' | null; label: string }) {
  return (
    <table className="lesson-table ch11-table">
      <thead>
        <tr>
          <th scope="col">entry</th>
          <th scope="col">right</th>
          <th scope="col">{label}</th>
        </tr>
      </thead>
      <tbody>
        {LISTED.map((t) => (
          <tr key={t} data-step={t}>
            <th scope="row">∂L/∂a{subscript(t)}</th>
            <td className="right" data-value={right.a[t]}>
              {exact(right.a[t])}
            </td>
            <td className="wrong" data-value={wrong !== null && wrong !== 'refused' ? wrong.a[t] : undefined}>
              {wrong === null ? '?' : wrong === 'refused' ? 'refused' : exact(wrong.a[t])}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const subscript = (n: number) => String(n).replace(/\d/g, (d) => SUBSCRIPTS[Number(d)]);
