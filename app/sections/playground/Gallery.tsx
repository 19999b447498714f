import { agreesWithPublished, GALLERY, type GalleryExample } from '../../../engine/expr/gallery.ts';
import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { useLab } from '../../state/store/index.ts';
import { encodePlayground } from './hash.ts';
import { gradientText } from './resultView.ts';

/** The link that opens an example: the playground's own hash part, so it is what a teacher would copy. */
export function galleryLink(ex: GalleryExample): string {
  return `#${encodePlayground({ source: ex.program, variables: Object.keys(ex.at), values: ex.at })}`;
}

/** Classic worked examples, each one click (Load) and one link away, with its source named. */
export function Gallery() {
  const load = useLab((s) => s.loadExpression);
  const source = useLab((s) => s.exprSource);
  return (
    <div className="gallery" role="group" aria-labelledby="gallery-heading">
      <h3 id="gallery-heading">Classic examples</h3>
      <p>Worked examples from courses and papers. Load one to see its numbers beside the ones its source published.</p>
      <ul>
        {GALLERY.map((ex) => (
          <li key={ex.id}>
            <button type="button" className="preset" aria-pressed={source === ex.program} onClick={() => load(ex.program, ex.at, Object.keys(ex.at))}>
              {ex.title}
            </button>{' '}
            <a href={galleryLink(ex)} aria-label={`Link to ${ex.title}`}>
              link
            </a>
            <p className="gallery-source">
              From{' '}
              <a href={ex.source.url} rel="noreferrer" target="_blank">
                {ex.source.author}, {ex.source.work}
              </a>
              .
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** For a loaded example: what it shows, and each published number beside the computed one. */
export function GalleryNote({ result }: { result: PlaygroundResult }) {
  const ex = GALLERY.find((e) => e.program === result.source);
  if (!ex) return null;
  const d = ex.published.decimals;
  const rows: { what: string; published: number; computed: number }[] = [];
  const output = result.labels[result.tape.output] ?? 'f';
  if (ex.published.value !== undefined) rows.push({ what: `value of ${output}`, published: ex.published.value, computed: result.value });
  for (const [name, g] of Object.entries(ex.published.gradient)) {
    const row = result.rows.find((r) => r.name === name);
    if (row) rows.push({ what: `∂${output}/∂${name}`, published: g, computed: row.reverse });
  }
  if (ex.published.tangent) {
    const row = result.rows.find((r) => r.name === ex.published.tangent?.wrt);
    if (row) rows.push({ what: `tangent ∂${output}/∂${row.name} (forward mode)`, published: ex.published.tangent.value, computed: row.forward });
  }
  return (
    <div className="preset-note">
      <h3>{ex.title}</h3>
      <p>{ex.explanation}</p>
      <table className="published-table">
        <caption>
          Published by {ex.source.author} ({d} decimal{d === 1 ? '' : 's'}) and computed here
        </caption>
        <thead>
          <tr>
            <th scope="col">number</th>
            <th scope="col">published</th>
            <th scope="col">computed</th>
            <th scope="col">agree</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.what}>
              <td>{r.what}</td>
              <td>{r.published.toFixed(d)}</td>
              <td>{gradientText(r.computed)}</td>
              <td>{agreesWithPublished(r.computed, r.published, d) ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ex.published.note ? <p>{ex.published.note}</p> : null}
    </div>
  );
}
