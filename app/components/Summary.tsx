import { formatEps, formatNumber, formatWork } from '../format.ts';
import { useLab } from '../store/index.ts';

/** The audit-style figures of the current run, all read from the report. */
export function Summary() {
  const report = useLab((s) => s.report);
  const r = report;
  const cp = r?.checkpoint ?? null;
  return (
    <section className="summary" aria-label="Summary of this run">
      <div className="stat stat-work">
        <div className="stat-label">Work per gradient (chain runs)</div>
        <div className="stat-value work-row">
          <span className="m-reverse" title="reverse mode">
            {r ? formatWork(r.work.reverse) : '—'}
          </span>
          <span className="sep">/</span>
          <span className="m-forward" title="forward mode">
            {r ? formatWork(r.work.forward) : '—'}
          </span>
          <span className="sep">/</span>
          <span className="m-fd" title="central finite differences">
            {r ? formatWork(r.work.finiteDifference) : '—'}
          </span>
          <span className="sep">/</span>
          <span className="m-checkpoint" title="checkpointed reverse mode">
            {r ? formatWork(r.work.checkpointed) : '—'}
          </span>
        </div>
        <div className="stat-note">reverse / forward / finite diff. / checkpointed, P = {r ? r.parameters : '—'}</div>
      </div>
      <div className="stat">
        <div className="stat-label">Forward vs reverse</div>
        <div className="stat-value m-forward">{formatNumber(r?.errors.forwardVsReverseMax)}</div>
        <div className="stat-note">max relative difference</div>
      </div>
      <div className="stat">
        <div className="stat-label">Finite-difference error (RMS)</div>
        <div className="stat-value m-fd">{formatNumber(r?.errors.finiteDifferenceRms)}</div>
        <div className="stat-note">at h = {r ? formatEps(r.eps) : '—'}</div>
      </div>
      <div className="stat">
        <div className="stat-label">Best epsilon</div>
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
