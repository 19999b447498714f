import { useId } from 'react';
import { useLab } from '../state/store/index.ts';

/**
 * Corrections made to a hand-edited link, the engine's failure and its warnings. The first two
 * are alerts, read out as they appear; the warnings are read out with the settled figures
 * (Announcer.tsx), not here.
 */
export function Notices() {
  const notices = useLab((s) => s.notices);
  const dismiss = useLab((s) => s.dismissNotices);
  const failure = useLab((s) => s.failure);
  const warnings = useLab((s) => s.report?.warnings);
  const labelId = useId();
  return (
    <div className="notices">
      {notices.length > 0 ? (
        <div className="notice corrected" role="alert">
          <div>
            <strong>The link’s settings were corrected.</strong>
            <ul>
              {notices.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
          <button type="button" onClick={dismiss} aria-label="Dismiss the notice">
            Dismiss
          </button>
        </div>
      ) : null}
      {failure ? (
        <div className="notice failure" role="alert">
          <strong>The engine could not run these settings:</strong> {failure}
        </div>
      ) : null}
      {warnings && warnings.length > 0 ? (
        // A section named by its own label: a landmark of its own, found when the reader wants it.
        <section className="notice warning" aria-labelledby={labelId}>
          <strong id={labelId}>Numerical notes:</strong>
          <ul>
            {/* Keyed by place: a drag rewrites the numbers in these lines on every report. */}
            {warnings.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
