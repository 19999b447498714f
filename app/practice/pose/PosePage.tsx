import './pose.css';
import { useEffect, useMemo, useState } from 'react';
import { FigureContext, useFigureView, type FigureView } from '../../ui/teach/figureView.ts';
import { usePresentKeys, type PresentMoves } from '../../ui/teach/usePresentKeys.ts';
import { useAnswer } from '../../ui/teach/useAnswer.ts';
import { useLab } from '../../state/store/index.ts';
import { Stage } from '../../ui/Stage.tsx';
import { practiceEngine } from '../../../workers/practice/host.ts';
import type { TapeView } from '../../../engine/tape-view.ts';
import type { PracticeBundle } from '../../../workers/practice/protocol.ts';
import { pointText } from '../answerText.ts';
import { MAX_SEED, type PracticePlace } from '../hashPart.ts';
import { KIND_TITLES } from '../Overview.tsx';
import { ProblemGraph } from '../ProblemGraph.tsx';
import { practiceHash, problemKey } from '../wire.ts';
import { PoseAnswers } from './PoseAnswers.tsx';

/**
 * From eight nodes, or five layers (a chain of five), a graph takes the stage's whole width to
 * keep its 24 px text, and the answers sit below it beside the tape.
 */
const WIDE_NODES = 8;
const WIDE_LAYERS = 5;

/** The layers of a tape's graph: the longest path from an input, counted in nodes. */
function layers(view: TapeView): number {
  const depth = new Int32Array(view.length);
  for (let i = 0; i < view.length; i++) {
    const a = view.parent0[i];
    const b = view.parent1[i];
    depth[i] = 1 + Math.max(a >= 0 ? depth[a] : 0, b >= 0 ? depth[b] : 0);
  }
  return Math.max(...depth);
}

/** Goes to a practice place (a new history entry, so Back returns). */
function goTo(place: PracticePlace): void {
  window.location.hash = practiceHash(place);
}

/**
 * A practice problem posed to a room (`#practice=…&pose=1`): the problem alone on the lesson's
 * 1920 × 1080 stage, in type a back row can read, its answers hidden until the lecturer reveals
 * them. The lesson's presentation keys (app/ui/teach/keys.ts): PageDown and PageUp (a clicker),
 * → Space and ←, go to the next or previous seed; B or . blanks the screen; Esc goes back to the
 * practice page. R reveals the next answer.
 */
export function PosePage({ place }: { place: PracticePlace }) {
  const moves = useMemo<PresentMoves>(
    () => ({
      step: (direction) => {
        const seed = place.seed + direction;
        if (seed >= 0 && seed <= MAX_SEED) goTo({ ...place, seed });
      },
      leave: () => goTo({ kind: place.kind, level: place.level, seed: place.seed, ...(place.program !== undefined ? { program: place.program } : {}) }),
      // The lesson's overview (O) and speaker notes (N) have no page here.
      overview: () => {},
      notes: () => {},
    }),
    [place],
  );
  const [blank] = usePresentKeys(true, moves);
  const figure = useFigureView();
  const view = useMemo<FigureView>(() => ({ ...figure, present: true, figureFont: 24 }), [figure]);
  const title = place.program !== undefined ? `${KIND_TITLES[place.kind]}: your program` : `${KIND_TITLES[place.kind]}, level ${place.level}, problem ${place.seed}`;
  useEffect(() => {
    document.title = `${title} (posed) · Tape Lab`;
  }, [title]);
  return (
    <main className="lesson present practice pose">
      <Stage>
        <FigureContext.Provider value={view}>
          <h1 className="pose-title">{title}</h1>
          <PoseProblem key={problemKey(place)} place={place} />
        </FigureContext.Provider>
        <PoseNotices />
        <p className="slide-count">
          R: reveal · PageDown: the next problem · Esc: back
        </p>
      </Stage>
      {blank && <div className="present-blank" role="presentation" aria-hidden="true" />}
    </main>
  );
}

/** The heading of the answers, by kind. */
const ANSWERS_TITLE = { adjoints: 'Adjoints ∂f/∂v', rule: 'The rules', bug: 'The answer' } as const;

/** The problem of a place, from the worker, with its answers to reveal. */
function PoseProblem({ place }: { place: PracticePlace }) {
  const key = problemKey(place);
  const answer = useAnswer<PracticeBundle>(key, () => practiceEngine.problem(place));
  // Answers revealed so far (the component is keyed by the problem: a new seed hides them again).
  const [shown, setShown] = useState(0);
  const count = answer.value?.reveal.length ?? 0;
  // R reveals the next answer, as the button does, without reaching for the mouse.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'r' && event.key !== 'R') return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const el = event.target;
      if (el instanceof HTMLElement && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return;
      event.preventDefault();
      setShown((n) => Math.min(count, n + 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);
  if (answer.error) return <p className="figure-error">The problem could not be made: {answer.error}</p>;
  const bundle = answer.value;
  if (!bundle || answer.key !== key) return <p className="lesson-loading">Making the problem…</p>;
  const p = bundle.problem;
  const answers = <PoseAnswers title={ANSWERS_TITLE[p.kind]} items={bundle.reveal} shown={shown} onShown={setShown} />;
  if (p.kind === 'rule') {
    const f = `f(${p.variables.join(', ')}) = ${p.op}`;
    return (
      <div className="pose-body rule">
        <div className="pose-left">
          <p className="pose-task">Write {p.variables.map((v) => `∂f/∂${v}`).join(' and ')} for</p>
          <p className="pose-rule">
            <code>{f}</code>
          </p>
          <p className="pose-task">as {p.variables.length > 1 ? 'expressions' : 'an expression'} of {p.variables.join(' and ')}.</p>
        </div>
        {answers}
      </div>
    );
  }
  const view = bundle.view!;
  const wide = view.length >= WIDE_NODES || layers(view) >= WIDE_LAYERS;
  const wrong = p.kind === 'bug' && shown > 0 ? p.wrongEvent.index : -1;
  return (
    <div className={['pose-body', wide ? 'wide' : '', view.length >= WIDE_NODES ? 'many' : ''].filter(Boolean).join(' ')}>
      <div className="pose-left">
        <p className="pose-task">
          f = <code>{p.expression}</code> at {pointText(p.at)}.{' '}
          {p.kind === 'adjoints' ? 'Find the adjoint ∂f/∂v of every node, from the output back.' : 'One event of this sweep is wrong. Which is the first?'}
        </p>
        <ProblemGraph view={view} labels={bundle.labels} expression={p.expression} revealed={0} height={wide ? 200 : 300} posed tape={p.kind === 'adjoints'} />
        {p.kind === 'bug' ? (
          <ol className="pose-events" aria-label="The recorded sweep">
            {bundle.events.map((text, k) => (
              <li key={k} className={k === wrong ? 'wrong' : undefined}>
                <strong>{k + 1}.</strong> {text}
                {k === wrong ? <strong className="pose-wrong-mark"> ← the first wrong event</strong> : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {answers}
    </div>
  );
}

/** Corrections to the link, one line each, until dismissed. */
function PoseNotices() {
  const notices = useLab((s) => s.practiceNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notice corrected pose-notice" role="status">
      <ul>
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <button type="button" onClick={() => useLab.getState().setPractice(useLab.getState().practice, [])}>
        Dismiss
      </button>
    </div>
  );
}
