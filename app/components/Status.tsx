import { useLab } from '../store/index.ts';

/**
 * A thin progress bar (no layout space of its own) while a run has taken longer than 200 ms,
 * and the engine's failure or warnings in words.
 */
export function Status() {
  const busy = useLab((s) => s.busy);
  const waiting = useLab((s) => s.report === null && s.failure === null);
  return (
    <>
      <div className={busy || waiting ? 'progress on' : 'progress'} role="progressbar" aria-label="Computing" aria-hidden={!(busy || waiting)} />
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? 'Computing…' : ''}
      </span>
    </>
  );
}
