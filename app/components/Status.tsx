import { useLab } from '../store/index.ts';

/**
 * A thin progress bar (no layout space of its own) while a run has taken longer than 200 ms,
 * and the engine's failure or warnings in words.
 */
export function Status() {
  const busy = useLab((s) => s.busy);
  const hasReport = useLab((s) => s.report !== null);
  return (
    <>
      <div className={busy || !hasReport ? 'progress on' : 'progress'} role="progressbar" aria-label="Computing" aria-hidden={!busy} />
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? 'Computing…' : ''}
      </span>
    </>
  );
}
