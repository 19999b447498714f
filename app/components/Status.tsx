import { useLab } from '../store/index.ts';

/**
 * A thin progress bar (no layout space of its own) while a run has taken longer than 200 ms,
 * and the engine's failure or warnings in words.
 */
export function Status() {
  const busy = useLab((s) => s.busy);
  const note = useLab((s) => s.busyNote);
  const waiting = useLab((s) => s.report === null && s.failure === null);
  return (
    <>
      <div className={busy || waiting ? 'progress on' : 'progress'} role="progressbar" aria-label="Computing" aria-hidden={!(busy || waiting)} />
      <span className={busy ? 'busy-note on' : 'busy-note'} role="status" aria-live="polite">
        {busy ? note || 'Computing…' : ''}
      </span>
    </>
  );
}
