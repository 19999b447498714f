import { useLab } from '../../state/store/index.ts';
import { comparisonKeyOf } from './tensorSlice.ts';
import { compareRows, count, smallText, tooNoisy, whyRatio } from './compareText.ts';

/** The scalar tape against the tensor tape, measured on the network and batch the panel trains. */
export function CompareTable({ onMeasure }: { onMeasure: () => void }) {
  const c = useLab((s) => s.comparison);
  const comparing = useLab((s) => s.comparing);
  const failure = useLab((s) => s.comparisonFailure);
  const stale = useLab((s) => s.comparing || s.comparisonKey !== comparisonKeyOf(s.trainSettings));
  return (
    <div className="compare" aria-busy={comparing}>
      <h3>One step on the scalar tape and on the tensor tape</h3>
      {c ? (
        <div className="compare-wrap">
          <table className={`compare-table${stale ? ' stale' : ''}`}>
            <caption>
              The same forward pass, loss and reverse sweep of the 2 → {c.hidden} → 2 network ({c.parameters} parameters) on one
              batch of {c.batch} points ({c.dataset}), timed in this tab: the two tapes in turn, in rounds of a batch of steps each; the time ratio is the median of
              the rounds’ ratios.
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">measure</span>
                </th>
                <th scope="col">scalar tape</th>
                <th scope="col">tensor tape</th>
                <th scope="col">scalar ÷ tensor</th>
              </tr>
            </thead>
            <tbody>
              {compareRows(c).map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.scalar}</td>
                  <td>{row.tensor}</td>
                  <td className="ratio">{row.ratio}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="compare-wait">{failure ?? 'Measuring one step on each tape…'}</p>
      )}
      <div className="compare-text">
        {c ? (
          <>
            <p className={`compare-agree ${c.agreement.agree ? 'ok' : 'bad'}`}>
              {c.agreement.agree ? '✓ The gradients agree' : '✗ The gradients disagree'}: the {count(c.parameters)} components
              differ by at most {smallText(c.agreement.maxDifference)} (relative; tolerance {smallText(c.agreement.tolerance)}), the
              losses by {smallText(c.agreement.lossDifference)}.
            </p>
            <p className="compare-why">{whyRatio(c.ratios.time, tooNoisy(c))}</p>
          </>
        ) : null}
        <div className="compare-actions">
          <button type="button" onClick={onMeasure} disabled={comparing}>
            {comparing ? 'Measuring…' : 'Measure again'}
          </button>
          {c && stale && !comparing ? <span className="compare-note">Measured for another network: measure again for this one.</span> : null}
          {failure && c ? <span className="compare-note">{failure}</span> : null}
        </div>
      </div>
    </div>
  );
}
