import { useId } from 'react';
import type { BugReport } from '../../../engine/bugs/index.ts';
import { useLab } from '../../state/store/index.ts';
import { BugFigure } from './BugFigure.tsx';
import { BUGS } from './names.ts';
import { precisionKeyOf } from './sync.ts';

/** The bug switched on: the lines that cause it, the fix, what happens, and why. */
export function BugDetail() {
  const id = useId();
  const on = useLab((s) => s.bugOn);
  const chain = useLab((s) => s.bugsChain);
  const training = useLab((s) => s.bugsTraining);
  const precision = useLab((s) => s.bugsPrecision);
  const fresh = useLab((s) => s.bugsPrecisionKey === precisionKeyOf(s));
  if (on === null) {
    return <p className="bug-none">No bug is on: the sweep gives the right gradient. Switch one on above to see what it does to the chain.</p>;
  }
  let report: BugReport | undefined;
  if (on === 'graph-alive') report = training?.bug;
  else if (on === 'float32') report = fresh ? precision?.bug : undefined;
  else report = chain?.bugs.find((b) => b.name === on);
  const label = BUGS.find((b) => b.name === on)?.label ?? on;
  return (
    <article className="bug-detail" aria-labelledby={id}>
      <h3 id={id}>
        <code>{on}</code>: {label}
      </h3>
      {report ? (
        <>
          <div className="bug-code">
            <div>
              <h4>The lines that cause it</h4>
              <pre>
                <code>{report.pytorch}</code>
              </pre>
            </div>
            <div>
              <h4>The fix</h4>
              <pre>
                <code>{report.fix}</code>
              </pre>
            </div>
          </div>
          <BugFigure report={report} />
          <p className="bug-why">
            <strong>Why.</strong> {report.why}
          </p>
        </>
      ) : (
        <p className="tape-placeholder" role="status">
          {on === 'float32' ? 'Computing the finite-difference sweep in float64 and in float32…' : 'Training the tensor section’s network with and without the bug…'}
        </p>
      )}
    </article>
  );
}
