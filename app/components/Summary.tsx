import { formatEps, formatNumber, formatWork } from '../format.ts';
import { useLab } from '../store/index.ts';

/** The audit-style figures of the current run, all read from the report. */
export function Summary() {
  const report = useLab((s) => s.report);
  // The sweep's figures (best h, the model's h*) carried over from older settings while the sweep
  // is recomputed: dimmed like the sweep chart, and said so to a screen reader.
  const sweepStale = useLab((s) => s.stale.includes('sweep'));
  const r = report;
  const cp = r?.checkpoint ?? null;
  return (
    <section className="summary" aria-label="Summary of this run">
      <div className="stat stat-work">
        <div className="stat-label">Work per gradient, in chain runs{r ? ` (P = ${r.parameters})` : ''}</div>
        <div className="work-row">
          <WorkFigure className="m-reverse" value={r?.work.reverse} name="reverse" />
          <WorkFigure className="m-forward" value={r?.work.forward} name="forward" />
          <WorkFigure className="m-fd" value={r?.work.finiteDifference} name="finite diff." />
          <WorkFigure className="m-checkpoint" value={r?.work.checkpointed} name="checkpointed" />
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">Forward vs reverse</div>
        <div className="stat-value m-forward">{formatNumber(r?.errors.forwardVsReverseMax)}</div>
        <div className="stat-note">max relative difference</div>
      </div>
      <div className="stat">
        <div className="stat-label">Finite-diff. error (RMS)</div>
        <div className="stat-value m-fd">{formatNumber(r?.errors.finiteDifferenceRms)}</div>
        <div className="stat-note">at h = {r ? formatEps(r.eps) : '—'}</div>
      </div>
      <div className={sweepStale ? 'stat stale' : 'stat'} aria-busy={sweepStale}>
        <div className="stat-label">
          Best epsilon{sweepStale ? <span className="sr-only"> (from the earlier settings, being recomputed)</span> : null}
        </div>
        <div className="stat-value m-fd">{r?.bestEps ? formatEps(r.bestEps) : '—'}</div>
        <div className="stat-note">model h* {r?.model.predictedBestEps ? formatEps(r.model.predictedBestEps) : '—'}</div>
      </div>
      <div className="stat">
        <div className="stat-label">Stored states</div>
        <div className="stat-value m-checkpoint">
          {cp ? (
            <>
              {cp.fullTapeStates} → {cp.storedStates}
            </>
          ) : (
            '—'
          )}
        </div>
        <div className="stat-note">
          {cp && r ? `${cp.stepEvaluations} evaluations for ${r.steps} steps` : '—'}
        </div>
      </div>
    </section>
  );
}

function WorkFigure({ className, value, name }: { className: string; value: number | undefined; name: string }) {
  return (
    <div className="work-figure">
      <div className={`stat-value ${className}`}>{value === undefined ? '—' : formatWork(value)}</div>
      <div className="stat-note">{name}</div>
    </div>
  );
}
