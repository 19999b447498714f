import { useLab } from '../state/store/index.ts';

/**
 * A thin progress bar (no layout space of its own) while a run has taken longer than 200 ms:
 * it fills with the fraction of the sweep done when the engine reports one, and slides while it
 * does not. Beside the note saying what is computed, a Cancel button stops the run.
 */
export function Status() {
  const busy = useLab((s) => s.busy);
  const note = useLab((s) => s.busyNote);
  const progress = useLab((s) => s.progress);
  const requestCancel = useLab((s) => s.requestCancel);
  const waiting = useLab((s) => s.report === null && s.failure === null);
  const on = busy || waiting;
  const known = busy && progress !== null;
  const percent = known ? Math.round(progress * 100) : null;
  return (
    <>
      <div
        className={`progress${on ? ' on' : ''}${known ? ' known' : ''}`}
        role="progressbar"
        aria-label="Computing"
        aria-hidden={!on}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={percent ?? undefined}
      >
        {known ? <div className="progress-fill" style={{ transform: `scaleX(${progress})` }} /> : null}
      </div>
      <div className={busy ? 'busy-note on' : 'busy-note'}>
        <span role="status" aria-live="polite">
          {busy ? note || 'Computing…' : ''}
        </span>
        {percent !== null ? <span aria-hidden="true">{percent}%</span> : null}
        {busy ? (
          <button type="button" className="cancel-run" onClick={requestCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </>
  );
}
