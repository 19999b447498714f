import { formatNumber, formatWork } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useChainRun } from '../../chainRun.ts';
import { QUICK } from '../../engine.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { labHashOf } from '../../labLink.ts';

/** The methods in the summary, with their colour class and the report's work key. */
const METHODS = [
  { key: 'reverse', label: 'reverse mode', className: 'row-reverse' },
  { key: 'forward', label: 'forward mode', className: 'row-forward' },
  { key: 'finiteDifference', label: 'central differences', className: 'row-fd' },
] as const;

/**
 * The remember chapter, what to remember: the whole lesson in one computed figure. The worker runs the
 * lab's default chain and counts each method's work for the whole gradient; the bars are those
 * counts, the agreement line the measured differences between the three gradients.
 */
export default function Chapter13() {
  const answer = useChainRun({}, QUICK);
  const report = answer.value;
  const most = report ? Math.max(...METHODS.map((m) => report.work[m.key])) : 1;
  return (
    <ChapterFrame
      labHash={labHashOf({})}
      figure={
        <figure className="lesson-figure summary-figure">
          {report ? (
            <>
              <table className="lesson-table summary-table">
                <caption className="figure-readout">
                  The lab’s chain, T = {report.steps}, P = {report.parameters}: passes over the chain for one whole gradient
                </caption>
                <thead>
                  <tr>
                    <th scope="col">method</th>
                    <th scope="col">passes (counted)</th>
                    <th scope="col" className="bar-col">
                      <span className="sr-only">as a bar</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {METHODS.map((m) => (
                    <tr key={m.key} className={m.className}>
                      <th scope="row">{m.label}</th>
                      <td>{formatWork(report.work[m.key])}</td>
                      <td className="bar-col" aria-hidden="true">
                        <span className={`work-bar ${m.className}`} style={{ width: `${(100 * report.work[m.key]) / most}%` }} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="figure-readout">
                Forward mode agrees with reverse mode to {formatNumber(report.errors.forwardVsReverseMax, 2)} (relative); central
                differences at h = {report.eps.toExponential(0)} to {formatNumber(report.errors.finiteDifferenceRms, 2)} (RMS).
              </p>
              <figcaption>Counted by the lesson’s worker on the lab’s default chain: the same code the lab runs.</figcaption>
            </>
          ) : (
            <FigureStatus answer={answer} waiting="Running the lab’s chain three ways…" />
          )}
        </figure>
      }
    />
  );
}
