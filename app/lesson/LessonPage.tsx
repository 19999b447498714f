import '../ui/teach/page.css';
import './lesson.css';
import '../ui/teach/present.css';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLab } from '../state/store/index.ts';
import { ThemeToggle } from '../shell/theme/ThemeToggle.tsx';
import { SectionBoundary } from '../shell/SectionBoundary.tsx';
import { figureAt } from './chapters/row.ts';
import { CHAPTERS, chapterRow } from './chapters/table.ts';
import { LessonContext, type LessonView } from './context.ts';
import { FigureContext, type FigureView } from '../ui/teach/figureView.ts';
import { Glossary } from './Glossary.tsx';
import { formatLessonHash, parseLessonHash, stepChapter, type LessonRoute } from './route.ts';
import { goTo } from './wire.ts';
import { usePresentKeys, type PresentMoves } from '../ui/teach/usePresentKeys.ts';
import { Overview } from './present/Overview.tsx';
import { openNotes } from './present/openNotes.ts';
import { NotesPage } from './present/NotesPage.tsx';
import { useTalkChannel } from './present/talkChannel.ts';
import { Stage } from '../ui/Stage.tsx';

/**
 * The lesson: one chapter at a time, with the chapter list, the glossary and the way back to the
 * lab; in presentation mode the chapter alone on a 1920 × 1080 stage; embedded, the chapter alone;
 * with `notes=1`, the speaker notes.
 */
export function LessonPage() {
  const route = useLab((s) => s.lesson)!;
  return route.notes ? <NotesPage route={route} /> : <Chapters route={route} />;
}

function Chapters({ route }: { route: LessonRoute }) {
  const overview = route.chapter === 0;
  // The chapter the overview was opened from (O goes back to it); chapter 1 if it opened first.
  const [from, setFrom] = useState(Math.max(1, route.chapter));
  if (!overview && route.chapter !== from) setFrom(route.chapter);
  // The first chapter shown keeps the page's focus; one reached from another takes it at its title.
  const [firstShown] = useState(route.chapter);
  const [moved, setMoved] = useState(false);
  if (!moved && route.chapter !== firstShown) setMoved(true);
  // The overview shows no chapter; the hooks below still hold the one it was opened from.
  const shown = overview ? from : route.chapter;
  const view = useMemo<LessonView>(
    () => ({ route, row: chapterRow(shown), figureFont: route.present ? 24 : 15, focusTitle: moved }),
    [route, shown, moved],
  );
  // The same size and mode for the figures the lesson shares with practice (the expression graph).
  const figureView = useMemo<FigureView>(() => ({ figureFont: view.figureFont, present: route.present }), [view.figureFont, route.present]);
  // The chapter's figure for this attempt: a chapter whose code could not be fetched offers Retry,
  // and each try is a fresh import (a failed lazy() stays failed).
  const row = chapterRow(shown);
  const [figureTry, setFigureTry] = useState(() => ({ chapter: shown, n: 0, Figure: figureAt(row, 0) }));
  if (figureTry.chapter !== shown) setFigureTry({ chapter: shown, n: 0, Figure: figureAt(row, 0) });
  const tries = figureTry.n;
  const moves = useMemo<PresentMoves>(() => {
    // Where the page is now, read from the hash, not from this render's route: a key pressed
    // before the page has drawn the previous key's chapter (a clicker pressed twice, a busy
    // machine) counts from where that key went, instead of going there again.
    const now = () => parseLessonHash(window.location.hash, CHAPTERS.length)?.route ?? route;
    return {
      step: (direction) => {
        const at = now();
        const chapter = stepChapter(at.chapter, direction, CHAPTERS.length);
        if (chapter !== at.chapter) goTo({ ...at, chapter });
      },
      leave: () => goTo({ ...now(), present: false }),
      overview: () => {
        const at = now();
        goTo({ ...at, chapter: at.chapter === 0 ? from : 0 });
      },
      notes: () => {
        const at = now();
        openNotes(at.chapter === 0 ? from : at.chapter);
      },
    };
  }, [route, from]);
  const [blank] = usePresentKeys(route.present, moves);
  // "Reset this figure": a new key remounts the chapter's figure with its defaults.
  const [resets, setResets] = useState(0);
  // While presenting, the notes window follows this one, the overview (chapter 0) included, and
  // leads it (app/lesson/present/talkChannel.ts). A lesson read, not presented, follows no other window.
  useTalkChannel(
    route.chapter,
    (message) => {
      if (message.chapter < 1 || message.chapter > CHAPTERS.length) return;
      if (message.kind === 'reset') {
        if (message.chapter === shown) setResets((r) => r + 1);
      } else if (message.chapter !== route.chapter) goTo({ ...route, chapter: message.chapter });
    },
    route.present && !route.embed,
  );
  useTitle(route);
  useScrollOnChange(route);

  const chapter = overview ? (
    <Overview route={route} from={from} />
  ) : (
    <LessonContext.Provider value={view}>
      <FigureContext.Provider value={figureView}>
        <SectionBoundary
          key={`${shown}-${tries}`}
          title={`Chapter ${shown}, ${row.title}`}
          rest="The other chapters still work."
          onRetry={() => setFigureTry({ chapter: shown, n: tries + 1, Figure: figureAt(row, tries + 1) })}
        >
          <Suspense fallback={<p className="lesson-loading">Loading the chapter…</p>}>
            <figureTry.Figure key={`${shown}-${resets}`} />
          </Suspense>
        </SectionBoundary>
      </FigureContext.Provider>
    </LessonContext.Provider>
  );

  if (route.embed) {
    return (
      <main className="lesson embed">
        <h1 className="sr-only">Tape Lab lesson</h1>
        <LessonNotices />
        {chapter}
      </main>
    );
  }
  if (route.present) {
    return (
      <main className="lesson present">
        <Stage>
          <h1 className="sr-only">Tape Lab lesson</h1>
          {chapter}
          {/* Over the slide's top edge until dismissed: a corrected link says so here too. */}
          <LessonNotices />
          {!overview && (
            <button type="button" className="reset-figure" onClick={() => setResets((r) => r + 1)}>
              Reset this figure
            </button>
          )}
          <p className="slide-count">{overview ? `overview · ${CHAPTERS.length} chapters` : `${route.chapter} / ${CHAPTERS.length}`}</p>
        </Stage>
        {blank && <div className="present-blank" role="presentation" aria-hidden="true" />}
        {/* A presentation link opened on a phone: the way out, at the phone's own size. */}
        <button type="button" className="leave-present" onClick={moves.leave}>
          Leave the presentation
        </button>
      </main>
    );
  }
  return (
    <div className="lesson page-lesson">
      <LessonHeader route={route} />
      <LessonNotices />
      <main>{chapter}</main>
      <ChapterSteps route={route} />
    </div>
  );
}

function LessonHeader({ route }: { route: LessonRoute }) {
  return (
    <header className="lesson-head">
      <div className="lesson-brand">
        <p className="lesson-kicker">
          <a href="#">Tape Lab</a> · a lesson
        </p>
        <h1 className="lesson-title">How reverse-mode differentiation works, run for real</h1>
      </div>
      <div className="lesson-tools">
        {/* Not offered on a phone: a 1920 × 1080 stage would be drawn at a fifth of its size. */}
        <button type="button" className="offer-present" onClick={() => goTo({ ...route, present: true })}>
          Present
        </button>
        <Glossary />
        <a className="lesson-back" href="#">
          Back to the lab
        </a>
        <ThemeToggle />
      </div>
      <nav className="chapter-list" aria-label="Chapters">
        <ol>
          {CHAPTERS.map(({ number, title }) => (
            <li key={title}>
              <a href={formatLessonHash({ chapter: number, present: false, notes: false, embed: false })} aria-current={number === route.chapter ? 'page' : undefined}>
                <span className="n">{number}</span> {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </header>
  );
}

function LessonNotices() {
  const notices = useLab((s) => s.lessonNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notice corrected lesson-notice" role="status">
      <ul>
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <button type="button" onClick={() => useLab.getState().dismissLessonNotices()}>
        Dismiss
      </button>
    </div>
  );
}

/** Previous and next, at the foot of each chapter. */
function ChapterSteps({ route }: { route: LessonRoute }) {
  const prev = route.chapter > 1 ? route.chapter - 1 : null;
  const next = route.chapter < CHAPTERS.length ? route.chapter + 1 : null;
  const link = (n: number) => formatLessonHash({ chapter: n, present: false, notes: false, embed: false });
  return (
    <nav className="chapter-steps" aria-label="Previous and next chapter">
      {prev ? (
        <a href={link(prev)} rel="prev">
          ← {prev}. {chapterRow(prev).title}
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a href={link(next)} rel="next">
          {next}. {chapterRow(next).title} →
        </a>
      ) : (
        <a href="#">Back to the lab →</a>
      )}
    </nav>
  );
}

function useTitle(route: LessonRoute) {
  useEffect(() => {
    const before = document.title;
    document.title = route.chapter === 0 ? 'All chapters · Tape Lab lesson' : `${route.chapter}. ${chapterRow(route.chapter).title} · Tape Lab lesson`;
    return () => {
      document.title = before;
    };
  }, [route.chapter]);
}

/** A new chapter starts at the top of the page. */
function useScrollOnChange(route: LessonRoute) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!route.present) window.scrollTo(0, 0);
  }, [route.chapter, route.present]);
}
