import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { agreement, differenceText, gradientText } from './resultView.ts';

/** One row per variable: ∂f/∂v by reverse mode, dual numbers and central differences, and how far each is from reverse mode. */
export function GradientTable({ result }: { result: PlaygroundResult }) {
  const n = result.rows.length;
  if (n === 0) {
    return <p className="grad-empty">The expression has no variables: its value is a constant and its gradient is empty.</p>;
  }
  return (
    <div>
      <div className="grad-wrap">
        <table className="grad-table">
          <caption>
            ∂f/∂v at this point, three ways. Each difference is relative to reverse mode: |g − r| / max(1, |r|).
          </caption>
          <thead>
            <tr>
              <th scope="col">variable</th>
              <th scope="col">value</th>
              <th scope="col" className="m-reverse">
                reverse mode <span className="th-note">(tape)</span>
              </th>
              <th scope="col" className="m-forward">
                dual numbers
              </th>
              <th scope="col" className="m-fd">
                central differences
              </th>
              <th scope="col">
                step h
              </th>
              <th scope="col">dual vs reverse</th>
              <th scope="col">central vs reverse</th>
              <th scope="col" className="wrong-col">
                with = <span className="th-note">(the bug)</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.name}>
                <th scope="row" className="var-cell">
                  {r.name}
                </th>
                <td data-label="value">{gradientText(r.at)}</td>
                <td className="m-reverse" data-label="reverse mode">{gradientText(r.reverse)}</td>
                <td className="m-forward" data-label="dual numbers">{gradientText(r.forward)}</td>
                <td className="m-fd" data-label="central differences">{gradientText(r.finiteDifference)}</td>
                <td className="muted" data-label="step h">{differenceText(r.h)}</td>
                <td className={`diff ${agreement(r.forwardVsReverse)}`} data-label="dual vs reverse">{differenceText(r.forwardVsReverse)}</td>
                <td className={`diff ${agreement(r.finiteDifferenceVsReverse)}`} data-label="central vs reverse">{differenceText(r.finiteDifferenceVsReverse)}</td>
                <td className={Object.is(r.overwritten, r.reverse) ? 'muted' : 'wrong'} data-label="with = (the bug)">{gradientText(r.overwritten)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="grad-cost">
        Cost of this gradient: reverse mode <b className="m-reverse">1 recording + 1 sweep</b> whatever the number of
        variables; dual numbers <b className="m-forward">{result.passes.forward} {result.passes.forward === 1 ? 'pass' : 'passes'}</b>{' '}
        (one per variable); central differences{' '}
        <b className="m-fd">{result.passes.finiteDifference} evaluations</b> (two per variable, h = ∛ε · max(1, |v|)). The
        last column is what a sweep that overwrites adjoints (adj = …) instead of adding to them (+=) would report.
      </p>
    </div>
  );
}
