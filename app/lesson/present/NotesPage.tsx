import './notes.css';
import { useEffect, useState } from 'react';
import { CHAPTERS, chapterRow } from '../chapters/table.ts';
import { stepChapter, type LessonRoute } from '../route.ts';
import { goTo } from '../wire.ts';
import { MEANWHILE } from './notes.ts';
import { Words } from '../words/Words.tsx';
import { useTalkChannel } from './talkChannel.ts';
import { DEFAULT_PLAN, paceWords, parsePlan, plannedMinutes, type TalkPlan } from './talkPlan.ts';
import { clock, elapsed, parseTimer, STARTED, toggle, type TalkTimer } from './talkTimer.ts';

const TIMER_KEY = 'tape-lab-talk-timer';
const PLAN_KEY = 'tape-lab-talk-plan';

/**
 * The speaker-notes window (`#lesson=<slug>&notes=1`, opened with N in presentation mode): the
 * chapter's notes, the next chapter's title and the talk's timer. It follows the presenter's
 * window and leads it: moving here (buttons, PageDown/PageUp, arrows) moves the slides too.
 */
export function NotesPage({ route }: { route: LessonRoute }) {
  // 0: the presenter shows the overview of every chapter; the notes follow it there.
  const overview = route.chapter === 0;
  const chapter = overview ? 0 : Math.max(1, route.chapter);
  const go = (n: number) => n !== chapter && goTo({ ...route, chapter: n });
  const post = useTalkChannel(chapter, (message) => {
    if (message.kind === 'chapter' && message.chapter >= 0 && message.chapter <= CHAPTERS.length) go(message.chapter);
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = event.key === 'PageDown' || event.key === 'ArrowRight';
      const back = event.key === 'PageUp' || event.key === 'ArrowLeft';
      if (!next && !back) return;
      event.preventDefault();
      go(stepChapter(Math.max(1, chapter), next ? 1 : -1, CHAPTERS.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => {
    document.title = overview ? 'Notes · overview' : `Notes · ${chapter}. ${chapterRow(chapter).title}`;
  }, [chapter, overview]);
  const [plan, setPlan] = useState<TalkPlan>(() => parsePlan(localStorage.getItem(PLAN_KEY)) ?? DEFAULT_PLAN);
  useEffect(() => localStorage.setItem(PLAN_KEY, JSON.stringify(plan)), [plan]);
  if (overview) return <NotesOverview plan={plan} go={go} />;
  const { notes } = chapterRow(chapter);
  const next = chapter < CHAPTERS.length ? chapterRow(chapter + 1) : null;
  return (
    <main className="notes-page">
      <header className="notes-head">
        <h1>
          <span className="chapter-number">{chapter}.</span> {chapterRow(chapter).title}
        </h1>
        <TalkClock chapter={chapter} plan={plan} onPlan={setPlan} />
      </header>
      <nav className="notes-moves" aria-label="Move the slides">
        <button type="button" onClick={() => go(stepChapter(chapter, -1, CHAPTERS.length))} disabled={chapter === 1}>
          ← Previous
        </button>
        <button type="button" onClick={() => go(stepChapter(chapter, 1, CHAPTERS.length))} disabled={chapter === CHAPTERS.length}>
          Next →
        </button>
        <button type="button" onClick={() => post({ kind: 'reset', chapter })}>
          Reset the figure on the slide
        </button>
      </nav>
      <section aria-labelledby="notes-ask">
        <h2 id="notes-ask">Ask the room</h2>
        <Words blocks={notes.ask} />
      </section>
      {chapterRow(chapter).question ? (
        <section aria-labelledby="notes-meanwhile">
          <h2 id="notes-meanwhile">While they decide</h2>
          <p>{MEANWHILE}</p>
        </section>
      ) : null}
      <section aria-labelledby="notes-proves">
        <h2 id="notes-proves">What the figure proves</h2>
        <Words blocks={notes.proves} />
      </section>
      <section aria-labelledby="notes-wrong">
        <h2 id="notes-wrong">Wrong answers to expect</h2>
        <Words blocks={notes.wrong} />
      </section>
      <p className="notes-next">
        <strong>Next:</strong> {next ? `${next.number}. ${next.title}` : 'the end of the lesson'}
      </p>
    </main>
  );
}

/** The presenter's overview: every chapter with its planned minutes, each a way to jump there. */
function NotesOverview({ plan, go }: { plan: TalkPlan; go: (n: number) => void }) {
  const minutes = plannedMinutes(plan, CHAPTERS.length);
  return (
    <main className="notes-page">
      <header className="notes-head">
        <h1>Overview: {CHAPTERS.length} chapters</h1>
      </header>
      <p>The slides show every chapter as a card. Pick one there, or here.</p>
      <ol className="notes-overview">
        {CHAPTERS.map((row, i) => (
          <li key={row.number}>
            <button type="button" onClick={() => go(row.number)}>
              {row.number}. {row.title}
            </button>{' '}
            <span className="notes-minutes">{Math.round(minutes[i] * 10) / 10} min</span>
          </li>
        ))}
      </ol>
    </main>
  );
}

/** A minutes field: a number from 0 to 600, or nothing (empty) when `optional`. */
function MinutesField({ label, value, placeholder, onChange }: { label: string; value: number | undefined; placeholder?: string; onChange: (m: number | undefined) => void }) {
  return (
    <label className="talk-minutes">
      {label}{' '}
      <input
        type="number"
        min={0}
        max={600}
        step={0.5}
        value={value ?? ''}
        placeholder={placeholder}
        onChange={(e) => {
          const text = e.currentTarget.value;
          const m = Number(text);
          if (text === '') onChange(undefined);
          else if (Number.isFinite(m) && m >= 0 && m <= 600) onChange(m);
        }}
      />{' '}
      min
    </label>
  );
}

/**
 * The time since the talk started, with Pause and Reset, kept in localStorage across reloads;
 * the talk's target length and this chapter's minutes (both the lecturer's to set), and whether
 * the talk is on pace.
 */
function TalkClock({ chapter, plan, onPlan }: { chapter: number; plan: TalkPlan; onPlan: (plan: TalkPlan) => void }) {
  const [timer, setTimer] = useState<TalkTimer>(() => parseTimer(localStorage.getItem(TIMER_KEY)) ?? STARTED(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    localStorage.setItem(TIMER_KEY, JSON.stringify(timer));
    if (timer.since === null) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [timer]);
  const running = timer.since !== null;
  const share = plannedMinutes(plan, CHAPTERS.length)[chapter - 1];
  return (
    <div className="talk-clock" role="group" aria-label="Talk timer">
      <p className="talk-pace">{paceWords(elapsed(timer, now), plan, CHAPTERS.length, chapter)}</p>
      <MinutesField label="Talk length" value={plan.target} onChange={(m) => onPlan({ ...plan, target: m && m > 0 ? m : DEFAULT_PLAN.target })} />
      <MinutesField
        label="This chapter"
        value={plan.minutes[chapter]}
        placeholder={String(Math.round(share * 10) / 10)}
        onChange={(m) => {
          const minutes = { ...plan.minutes };
          if (m === undefined) delete minutes[chapter];
          else minutes[chapter] = m;
          onPlan({ ...plan, minutes });
        }}
      />
      <span className="talk-time" aria-live="off">
        {clock(elapsed(timer, now))}
      </span>
      <button type="button" onClick={() => (setNow(Date.now()), setTimer((t) => toggle(t, Date.now())))}>
        {running ? 'Pause' : 'Resume'}
      </button>
      <button type="button" onClick={() => (setNow(Date.now()), setTimer(STARTED(Date.now())))}>
        Reset
      </button>
    </div>
  );
}
