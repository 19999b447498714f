import { useEffect, useState } from 'react';
import { CHAPTERS, chapterRow } from '../chapters/table.tsx';
import { stepChapter, type LessonRoute } from '../route.ts';
import { goTo } from '../wire.ts';
import { MEANWHILE, NOTES } from './notes.ts';
import { useTalkChannel } from './talkChannel.ts';
import { clock, elapsed, parseTimer, STARTED, toggle, type TalkTimer } from './talkTimer.ts';

const TIMER_KEY = 'tape-lab-talk-timer';

/**
 * The speaker-notes window (`#lesson=N&notes=1`, opened with N in presentation mode): the
 * chapter's notes, the next chapter's title and the talk's timer. It follows the presenter's
 * window and leads it: moving here (buttons, PageDown/PageUp, arrows) moves the slides too.
 */
export function NotesPage({ route }: { route: LessonRoute }) {
  const chapter = Math.max(1, route.chapter);
  const go = (n: number) => n !== chapter && goTo({ ...route, chapter: n });
  const post = useTalkChannel(chapter, (message) => {
    if (message.kind === 'chapter' && message.chapter >= 1 && message.chapter <= CHAPTERS.length) go(message.chapter);
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = event.key === 'PageDown' || event.key === 'ArrowRight';
      const back = event.key === 'PageUp' || event.key === 'ArrowLeft';
      if (!next && !back) return;
      event.preventDefault();
      go(stepChapter(chapter, next ? 1 : -1, CHAPTERS.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => {
    document.title = `Notes · ${chapter}. ${chapterRow(chapter).title}`;
  }, [chapter]);
  const notes = NOTES[chapter];
  const next = chapter < CHAPTERS.length ? chapterRow(chapter + 1) : null;
  return (
    <main className="notes-page">
      <header className="notes-head">
        <h1>
          <span className="chapter-number">{chapter}.</span> {chapterRow(chapter).title}
        </h1>
        <TalkClock />
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
        <p>{notes.ask}</p>
      </section>
      {chapterRow(chapter).question ? (
        <section aria-labelledby="notes-meanwhile">
          <h2 id="notes-meanwhile">While they decide</h2>
          <p>{MEANWHILE}</p>
        </section>
      ) : null}
      <section aria-labelledby="notes-proves">
        <h2 id="notes-proves">What the figure proves</h2>
        <p>{notes.proves}</p>
      </section>
      <section aria-labelledby="notes-wrong">
        <h2 id="notes-wrong">Wrong answers to expect</h2>
        <ul>
          {notes.wrong.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
      <p className="notes-next">
        <strong>Next:</strong> {next ? `${next.number}. ${next.title}` : 'the end of the lesson'}
      </p>
    </main>
  );
}

/** The time since the talk started, with Pause and Reset; kept in localStorage across reloads. */
function TalkClock() {
  const [timer, setTimer] = useState<TalkTimer>(() => parseTimer(localStorage.getItem(TIMER_KEY)) ?? STARTED(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    localStorage.setItem(TIMER_KEY, JSON.stringify(timer));
    if (timer.since === null) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [timer]);
  const running = timer.since !== null;
  return (
    <div className="talk-clock" role="group" aria-label="Talk timer">
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
