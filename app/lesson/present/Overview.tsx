import './overview.css';
import { CHAPTERS } from '../chapters/table.ts';
import { formatLessonHash, type LessonRoute } from '../route.ts';

/**
 * The overview (`#lesson=0`, key O in presentation mode): every chapter as a card, its number and
 * title, each a link to it in the same mode. The chapter the presenter came from is marked.
 */
export function Overview({ route, from }: { route: LessonRoute; from: number }) {
  return (
    <section className="overview" aria-labelledby="overview-title">
      <h2 id="overview-title">All chapters</h2>
      <p className="overview-hint">Pick a chapter to jump to it{route.present ? ', or press O to go back' : ''}.</p>
      <ol className="overview-cards">
        {CHAPTERS.map(({ number, title }) => (
          <li key={number}>
            <a
              className="overview-card"
              href={formatLessonHash({ ...route, chapter: number })}
              aria-current={number === from ? 'true' : undefined}
            >
              <span className="n">{number}</span>
              <span className="t">{title}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
