import '../ui/teach/page.css';
import '../ui/teach/present.css';
import './practice.css';
import { useEffect } from 'react';
import type { AdjointsProblem, BugProblem } from '../../engine/practice/types.ts';
import { practiceEngine } from '../../workers/practice/host.ts';
import type { PracticeBundle } from '../../workers/practice/protocol.ts';
import { useAnswer } from '../ui/teach/useAnswer.ts';
import { ThemeToggle } from '../shell/theme/ThemeToggle.tsx';
import { useLab } from '../state/store/index.ts';
import { AdjointsPractice } from './AdjointsPractice.tsx';
import { BugPractice } from './BugPractice.tsx';
import { PRACTICE_KIND_NAMES, type PracticePlace } from './hashPart.ts';
import { KIND_TITLES, LEVEL_TITLES, Overview } from './Overview.tsx';
import { isSolved } from './progress.ts';
import { PosePage } from './pose/PosePage.tsx';
import { RulePractice } from './RulePractice.tsx';
import { useProgress } from './useProgress.ts';
import { practiceHash, problemKey } from './wire.ts';

/**
 * Backprop by hand, graded: the problem at `#practice=KIND&level=L&seed=N` (the same as
 * `tape-lab practice` prints for that seed), its kind and level to choose, and the progress kept
 * in this browser. With `&pose=1`, the problem posed to a room (pose/PosePage.tsx).
 */
export function PracticePage() {
  const place = useLab((s) => s.practice)!;
  return place.pose ? <PosePage place={place} /> : <PracticeWork place={place} />;
}

function PracticeWork({ place }: { place: PracticePlace }) {
  const { progress, notice, record, reset, dismiss } = useProgress();
  useEffect(() => {
    document.title = place.program !== undefined ? `Practice: ${KIND_TITLES[place.kind]}, your program · Tape Lab` : `Practice: ${KIND_TITLES[place.kind]}, level ${place.level}, seed ${place.seed} · Tape Lab`;
  }, [place]);
  const key = problemKey(place);
  return (
    <div className="lesson page-lesson practice">
      <header className="lesson-head">
        <div className="lesson-brand">
          <p className="lesson-kicker">
            <a href="#">Tape Lab</a> · practice
          </p>
          <h1 className="lesson-title">Backprop by hand, checked</h1>
        </div>
        <div className="lesson-tools">
          <a className="lesson-back" href={practiceHash({ ...place, pose: true })}>
            Present this problem
          </a>
          <a className="lesson-back" href="#lesson=1">
            The lesson
          </a>
          <a className="lesson-back" href="#">
            Back to the lab
          </a>
          <ThemeToggle />
        </div>
        <nav className="chapter-list" aria-label="Kind of problem">
          <ol>
            {PRACTICE_KIND_NAMES.map((kind) => (
              <li key={kind}>
                <a href={practiceHash({ ...place, kind, program: undefined })} aria-current={place.program === undefined && kind === place.kind ? 'page' : undefined}>
                  {KIND_TITLES[kind]}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <nav className="chapter-list" aria-label="Level">
          <ol>
            {LEVEL_TITLES.map((title, i) => (
              <li key={title}>
                <a href={practiceHash({ ...place, level: (i + 1) as PracticePlace['level'], program: undefined })} aria-current={place.program === undefined && i + 1 === place.level ? 'page' : undefined}>
                  <span className="n">{i + 1}</span> {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      <PracticeNotices storageNotice={notice} onDismiss={dismiss} />
      <main>
        {place.program !== undefined ? (
          <ProgramProblem place={place} program={place.program} solved={isSolved(progress, place)} onChecked={(right) => record(place, right)} />
        ) : (
          <>
            <h2 className="practice-title">
              {KIND_TITLES[place.kind]}, level {place.level}, problem {place.seed}
              {isSolved(progress, place) ? <span className="solved"> · solved</span> : null}
            </h2>
            <Problem key={key} place={place} onChecked={(right) => record(place, right)} />
            <p className="practice-next">
              <a href={practiceHash({ ...place, seed: place.seed + 1 })}>Another problem</a>
              <span className="words"> · the same problem for a class: </span>
              <code>tape-lab practice --kind {place.kind} --level {place.level} --seed {place.seed}</code>
            </p>
          </>
        )}
      </main>
      <Overview progress={progress} onReset={reset} />
    </div>
  );
}

/** A learner's own program, posed as an adjoints problem: graded and counted like any other (under "your own programs"). */
function ProgramProblem({ place, program, solved, onChecked }: { place: PracticePlace; program: string; solved: boolean; onChecked: (right: boolean) => void }) {
  return (
    <>
      <h2 className="practice-title">
        {KIND_TITLES.adjoints}: your program
        {solved ? <span className="solved"> · solved</span> : null}
      </h2>
      <pre className="practice-program">
        <code>{program}</code>
      </pre>
      <Problem key={problemKey(place)} place={place} onChecked={onChecked} />
      <p className="practice-next">
        <span className="words">The same problem on the command line: </span>
        <code>tape-lab practice --program {JSON.stringify(program)}</code>
      </p>
    </>
  );
}

/** The problem of a place, from the worker. */
function Problem({ place, onChecked }: { place: PracticePlace; onChecked: (right: boolean) => void }) {
  const answer = useAnswer<PracticeBundle>(problemKey(place), () => practiceEngine.problem(place));
  if (answer.error) return <p className="figure-error">The problem could not be made: {answer.error}</p>;
  const bundle = answer.value;
  if (!bundle || answer.key !== problemKey(place)) return <p className="lesson-loading">Making the problem…</p>;
  const p = bundle.problem;
  if (p.kind === 'rule') return <RulePractice place={place} problem={p} onChecked={onChecked} />;
  if (p.kind === 'bug') return <BugPractice place={place} bundle={bundle as PracticeBundle & { problem: BugProblem }} onChecked={onChecked} />;
  return <AdjointsPractice place={place} bundle={bundle as PracticeBundle & { problem: AdjointsProblem }} onChecked={onChecked} />;
}

/** Corrections to the link, and unreadable stored progress: one notice each, never a blank page. */
function PracticeNotices({ storageNotice, onDismiss }: { storageNotice: string | null; onDismiss: () => void }) {
  const notices = useLab((s) => s.practiceNotices);
  const all = storageNotice ? [...notices, storageNotice] : notices;
  if (all.length === 0) return null;
  return (
    <div className="notice corrected lesson-notice" role="status">
      <ul>
        {all.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          useLab.getState().setPractice(useLab.getState().practice, []);
          onDismiss();
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
