import { Suspense, useState } from 'react';
import { retryable, type Retryable } from './retryable.ts';
import { SectionBoundary } from './SectionBoundary.tsx';
import { Announcer } from './Announcer.tsx';
import { usePaintedStages } from './usePaintedStages.ts';
import { Controls } from '../lab/Controls.tsx';
import { EngineNote } from './EngineNote.tsx';
import { Header } from './Header.tsx';
import { Notices } from './Notices.tsx';
import { OnScreenGate } from './OnScreenGate.tsx';
import { Summary } from '../lab/Summary.tsx';
import { EmbedBar } from './embed/EmbedBar.tsx';
import { showsPanel, showsSection, type EmbedView, type PanelKey } from './embed/embed.ts';
import { CheckpointPanel } from '../lab/panels/CheckpointPanel.tsx';
import { FiniteDifferencePanel } from '../lab/panels/FiniteDifferencePanel.tsx';
import { ForwardPanel } from '../lab/panels/ForwardPanel.tsx';
import { ReversePanel } from '../lab/panels/ReversePanel.tsx';
import { WorkPanel } from '../lab/panels/WorkPanel.tsx';
import type { Feature, FeaturePage, FeatureSection } from '../state/feature.ts';
import { installedFeatures, useLab } from '../state/store/index.ts';
import type { LabState } from '../state/store/types.ts';

/**
 * The lab, or a page of its own when the hash names one (the lesson, `#lesson=…`; practice,
 * `#practice=…`). The lab is the one page: the program, the settings, the figures, the five panels,
 * then each feature's section (the registry, app/shell/features.ts, says which and where). Embedded in a course
 * page (`#embed=1&panels=fd,work`) it shows only the chosen panels and the controls they need.
 */
export function App({ progressive = false }: { progressive?: boolean }) {
  const shown = useLab(pageShown);
  if (shown?.page) return <OwnPage key={shown.name} feature={shown} page={shown.page} />;
  return <Lab progressive={progressive} />;
}

/** A page of its own, its code fetched when first shown; Retry makes a fresh import (a failed lazy() stays failed). */
function OwnPage({ feature, page }: { feature: Feature; page: FeaturePage }) {
  const [attempt, setAttempt] = useState(() => ({ n: 0, Page: pageCode(feature, page).at(0) }));
  return (
    <SectionBoundary
      key={attempt.n}
      title={page.title}
      rest={page.rest}
      onRetry={() => setAttempt(({ n }) => ({ n: n + 1, Page: pageCode(feature, page).at(n + 1) }))}
    >
      <Suspense fallback={<p className="lesson-loading">{page.loading}</p>}>
        <attempt.Page />
      </Suspense>
    </SectionBoundary>
  );
}

/** The page on screen instead of the lab: the first feature in the registry whose page is shown (the lesson before practice), or null. */
function pageShown(state: LabState): Feature | null {
  return installedFeatures().find((feature) => feature.page?.shown(state)) ?? null;
}

const pageCodes = new WeakMap<Feature, Retryable>();

/** A page's code, fetched only when a link asks for it, and again on Retry. */
function pageCode(feature: Feature, page: FeaturePage): Retryable {
  let code = pageCodes.get(feature);
  if (!code) {
    code = retryable(page.load);
    pageCodes.set(feature, code);
  }
  return code;
}

/** The features' sections in one area of the lab's page, top to bottom. */
function sectionsIn(area: FeatureSection['area']): { name: string; section: FeatureSection }[] {
  return installedFeatures()
    .flatMap(({ name, section }) => (section?.area === area ? [{ name, section }] : []))
    .sort((a, b) => a.section.place - b.section.place);
}

/**
 * The lab's page. `progressive`: the header's words are painted first, then its formulas, then the
 * settings and the summary, then the panels and the sections below, each in a frame of its own
 * (usePaintedStages says why); a server render draws it all at once.
 */
function Lab({ progressive }: { progressive: boolean }) {
  const embed = useLab((s) => s.embed);
  const stage = usePaintedStages(3, progressive);
  return (
    <div className={embed ? 'page embed' : 'page'}>
      {embed ? <EmbedBar /> : <Header formulas={stage >= 1} />}
      {stage >= 2 ? <Body view={embed} panels={stage >= 3} /> : null}
      <Announcer />
    </div>
  );
}

/** Everything below the header: the settings, the figures (once `panels`), the sections, the footer. */
function Body({ view, panels }: { view: EmbedView | null; panels: boolean }) {
  const embed = view !== null;
  const shows = (key: PanelKey) => showsPanel(view, key);
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
        {panels
          ? sectionsIn('chain').map(({ name, section: { Component, embed: key } }) =>
              showsSection(view, key) ? <OnScreenGate key={name}><Component /></OnScreenGate> : null,
            )
          : null}
      </div>
      {panels && !embed ? (
        <>
          {sectionsIn('below').map(({ name, section: { Component } }) => (
            <OnScreenGate key={name}>
              <Component />
            </OnScreenGate>
          ))}
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
