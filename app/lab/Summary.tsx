import { formatBytes, formatEps, formatNumber, formatWork } from '../ui/format.ts';
import type { PartEstimate } from '../../engine/report.ts';
import { estimatedWorkShort, leftOutText, notRun } from './notRun.ts';
import { useLab } from '../state/store/index.ts';
import { TimeSummary } from './timing/TimeTable.tsx';

/** The audit-style figures of the current run, all read from the report. */
export function Summary() {
  const report = useLab((s) => s.report);
  // The sweep's figures (best h, the model's h*) carried over from older settings while the sweep
  // is recomputed: dimmed like the sweep chart, and said so to a screen reader.
  const sweepStale = useLab((s) => s.stale.includes('sweep'));
  const r = report;
  const cp = r?.checkpoint ?? null;
  const forwardSkipped = notRun(r, 'forward');
  const fdSkipped = notRun(r, 'finiteDifference');
  const sweepSkipped = notRun(r, 'sweep');
  return (
    <section className="summary" aria-label="Summary of this run">
      <div className="stat stat-work">
        <div className="stat-label">Work per gradient, in passes{r ? ` (P = ${r.parameters})` : ''}</div>
        <div className="work-row">
          <WorkFigure className="m-reverse" value={r?.work.reverse} name="reverse" />
          <WorkFigure className="m-forward" value={r?.work.forward} name="forward" estimate={forwardSkipped} />
          <WorkFigure className="m-fd" value={r?.work.finiteDifference} name="finite diff." estimate={fdSkipped} />
          <WorkFigure className="m-checkpoint" value={r?.work.checkpointed} name="checkpointed" />
        </div>
        <TimeSummary />
      </div>
      <div className="stat">
        <div className="stat-label">Forward vs reverse</div>
        <div className="stat-value m-forward">{forwardSkipped ? 'not run' : formatNumber(r?.errors.forwardVsReverseMax)}</div>
        <div className="stat-note">{forwardSkipped ? leftOutText(forwardSkipped) : 'max relative difference'}</div>
      </div>
      <div className="stat">
        <div className="stat-label">Finite-diff. error (RMS)</div>
        <div className="stat-value m-fd">{fdSkipped ? 'not run' : formatNumber(r?.errors.finiteDifferenceRms)}</div>
        <div className="stat-note">at h = {r ? formatEps(r.eps) : '—'}</div>
      </div>
      <div className={sweepStale ? 'stat stale' : 'stat'} aria-busy={sweepStale}>
        <div className="stat-label">
          Best h{sweepStale ? <span className="sr-only"> (from the earlier settings, being recomputed)</span> : null}
        </div>
        <div className="stat-value m-fd">{sweepSkipped ? 'not run' : r?.bestEps ? formatEps(r.bestEps) : '—'}</div>
        <div className="stat-note">
          {sweepSkipped
            ? `the sweep is ${leftOutText(sweepSkipped)}`
            : `model h* ${r?.model.predictedBestEps ? formatEps(r.model.predictedBestEps) : '—'}`}
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">Held items</div>
        <div className={`stat-value m-checkpoint${cp ? fitClass(`${cp.fullTapeStates} → ${cp.storedStates}`, 11) : ''}`}>
          {cp ? (
            <>
              {cp.fullTapeStates} → {cp.storedStates}
            </>
          ) : (
            '—'
          )}
        </div>
        <div className="stat-note">
          {cp && r ? `${formatBytes(cp.peakBytes)}; every step recorded ${formatBytes(cp.fullTapeBytes)}; ${cp.stepEvaluations} evaluations` : '—'}
        </div>
      </div>
    </section>
  );
}

/** One method's work in passes over the chain; a method not run at this length shows its estimate, marked. */
function WorkFigure({ className, value, name, estimate = null }: { className: string; value: number | undefined; name: string; estimate?: PartEstimate | null }) {
  const text = estimate ? estimatedWorkShort(estimate) : value === undefined ? '—' : formatWork(value);
  return (
    <div className={estimate ? 'work-figure estimated' : 'work-figure'}>
      <div className={`stat-value ${className}${fitClass(text, 5)}`}>{text}</div>
      <div className="stat-note">{estimate ? `${name}, not run` : name}</div>
    </div>
  );
}

/**
 * A smaller size for a figure longer than its box holds at full size (a 100,000-step chain's
 * "≈ 400k" in a quarter of the work card, or "100001 → 25004"), so it never runs into its
 * neighbour: " long" past `fits` characters, else nothing.
 */
function fitClass(text: string, fits: number): string {
  return text.length > fits ? ' long' : '';
}
