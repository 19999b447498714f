import { Suspense, useState } from 'react';
import { retryable } from './retryable.ts';
import { SectionBoundary } from './SectionBoundary.tsx';
import { Announcer } from './Announcer.tsx';
import { usePaintedStages } from './usePaintedStages.ts';
import { Controls } from '../lab/Controls.tsx';
import { EngineNote } from './EngineNote.tsx';
import { Header } from './Header.tsx';
import { Notices } from './Notices.tsx';
import { OnScreenGate } from './OnScreenGate.tsx';
import { LinkedPart } from './go/LinkedPart.tsx';
import { Summary } from '../lab/Summary.tsx';
import { EmbedBar } from './embed/EmbedBar.tsx';
import { showsPanel, type PanelKey } from './embed/embed.ts';
import { CheckpointPanel } from '../lab/panels/CheckpointPanel.tsx';
import { FiniteDifferencePanel } from '../lab/panels/FiniteDifferencePanel.tsx';
import { ForwardPanel } from '../lab/panels/ForwardPanel.tsx';
import { ReversePanel } from '../lab/panels/ReversePanel.tsx';
import { WorkPanel } from '../lab/panels/WorkPanel.tsx';
import { PlaygroundSection } from '../sections/playground/PlaygroundSection.tsx';
import { TapeSection } from '../sections/tape/TapeSection.tsx';
import { TensorSection } from '../sections/tensor/TensorSection.tsx';
import { TradeoffsSection } from '../sections/tradeoffs/TradeoffsSection.tsx';
import { BugsSection } from '../sections/bugs/BugsSection.tsx';
import { useLab } from '../state/store/index.ts';

/**
 * The lab, or the lesson when the hash says `#lesson=…`. The lab is the one page: the program, the settings, the figures, the five panels. Embedded in a course
 * page (`#embed=1&panels=fd,work`) it shows only the chosen panels and the controls they need.
 */
export function App({ progressive = false }: { progressive?: boolean }) {
  const lesson = useLab((s) => s.lesson);
  // The lesson's and practice's code for this attempt; Retry makes a fresh import (a failed
  // lazy() stays failed).
  const [lessonTry, setLessonTry] = useState(() => ({ n: 0, Page: lessonPage.at(0) }));
  const [practiceTry, setPracticeTry] = useState(() => ({ n: 0, Page: practicePage.at(0) }));
  const practice = useLab((s) => s.practice);
  if (practice && !lesson) {
    return (
      <SectionBoundary
        key={practiceTry.n}
        title="practice"
        rest="The lab still works: remove #practice from the address, or Retry once the network is back."
        onRetry={() => setPracticeTry(({ n }) => ({ n: n + 1, Page: practicePage.at(n + 1) }))}
      >
        <Suspense fallback={<p className="lesson-loading">Loading practice…</p>}>
          <practiceTry.Page />
        </Suspense>
      </SectionBoundary>
    );
  }
  if (lesson) {
    return (
      <SectionBoundary
        key={lessonTry.n}
        title="the lesson"
        rest="The lab still works: remove #lesson from the address, or Retry once the network is back."
        onRetry={() => setLessonTry(({ n }) => ({ n: n + 1, Page: lessonPage.at(n + 1) }))}
      >
        <Suspense fallback={<p className="lesson-loading">Loading the lesson…</p>}>
          <lessonTry.Page />
        </Suspense>
      </SectionBoundary>
    );
  }
  return <Lab progressive={progressive} />;
}

/** The bugs section's "Second derivatives" part, once its body has loaded. */
const secondDerivatives = (section: Element) => section.querySelector('.bug-second');

/** The practice page (app/practice), fetched only when a `#practice` link asks for it, and again on Retry. */
const practicePage = retryable(() => import('../practice/PracticePage.tsx').then((m) => ({ default: m.PracticePage })));

/** The lesson (app/lesson), fetched only when a `#lesson` link asks for it, and again on Retry. */
const lessonPage = retryable(() => import('../lesson/LessonPage.tsx').then((m) => ({ default: m.LessonPage })));

/**
 * The lab's page. `progressive`: the header's words are painted first, then its formulas, then the
 * settings and the summary, then the panels and the sections below, each in a frame of its own
 * (usePaintedStages says why); a server render draws it all at once.
 */
function Lab({ progressive }: { progressive: boolean }) {
  const embed = useLab((s) => s.embed);
  const stage = usePaintedStages(3, progressive);
  const shows = (key: PanelKey) => showsPanel(embed, key);
  return (
    <div className={embed ? 'page embed' : 'page'}>
      {embed ? <EmbedBar /> : <Header formulas={stage >= 1} />}
      {stage >= 2 ? <Body embed={embed !== null} shows={shows} panels={stage >= 3} /> : null}
      <Announcer />
    </div>
  );
}

/** Everything below the header: the settings, the figures (once `panels`), the sections, the footer. */
function Body({ embed, shows, panels }: { embed: boolean; shows: (key: PanelKey) => boolean; panels: boolean }) {
  return (
    <>
      {/* The settings bar sticks only within the chain's part of the page, which it controls. */}
      <div className="chain-area">
        <Controls />
        <Notices />
        <EngineNote />
        {embed ? null : <Summary />}
        {panels ? (
          <main className="panels">
            {/* Each part far from the screen waits while a slider is dragged (OnScreenGate). */}
            {shows('reverse') ? <OnScreenGate><ReversePanel /></OnScreenGate> : null}
            {shows('forward') ? <OnScreenGate><ForwardPanel /></OnScreenGate> : null}
            {shows('fd') ? <OnScreenGate><FiniteDifferencePanel /></OnScreenGate> : null}
            {shows('checkpoint') ? <OnScreenGate><CheckpointPanel /></OnScreenGate> : null}
            {shows('work') ? <OnScreenGate><WorkPanel /></OnScreenGate> : null}
          </main>
        ) : null}
        {panels && shows('tape') ? <OnScreenGate><TapeSection /></OnScreenGate> : null}
      </div>
      {panels && !embed ? (
        <>
          <OnScreenGate><PlaygroundSection /></OnScreenGate>
          <OnScreenGate><TensorSection /></OnScreenGate>
          <OnScreenGate><TradeoffsSection /></OnScreenGate>
          <OnScreenGate>
            {/* The section has no go= of its own: go=bugs lands on it, go=hvp on its Second derivatives. */}
            <LinkedPart section="bugs">
              <LinkedPart section="hvp" within={secondDerivatives}>
                <BugsSection />
              </LinkedPart>
            </LinkedPart>
          </OnScreenGate>
          <footer className="footer">
            <p>
              A deterministic toy experiment: work counts chain-step evaluations (one unit = one run of the chain) and
              ignores the constant cost of each primitive. Every figure is counted by the code that did the work, in a Web
              Worker, in this tab; nothing leaves the page.
            </p>
          </footer>
        </>
      ) : null}
    </>
  );
}
