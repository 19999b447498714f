import type { LabReport } from '../../../engine/report.ts';
import type { AppSettings } from '../../state/settings/schema.ts';
import { sameSettings } from '../../../engine/settings-table.ts';
import { selectSettings, type LabState, type LabStore } from '../../state/store/index.ts';
import { ENGINE_GAVE_UP, RUN_CANCELLED } from '../../../workers/channel/faults.ts';

/** A report and the settings that reproduce every part of it. */
export interface OneReport {
  report: LabReport;
  settings: AppSettings;
}

/**
 * The report on screen if every part of it belongs to the settings on screen; null while any part
 * is from older ones (a run for the new settings is in flight, or the sweep over epsilon or the
 * frontier is being recomputed and the old one is shown, dimmed).
 */
export function currentReport(state: LabState): OneReport | null {
  const { report, reportSettings, stale } = state;
  if (!report || !reportSettings || stale.length > 0) return null;
  const settings = selectSettings(state);
  return sameSettings(reportSettings, settings) ? { report, settings } : null;
}

/** How long an export waits for the report of the current settings before it says why it cannot. */
export const EXPORT_WAIT_MS = 60_000;

/**
 * The report of the current settings: at once if it is on screen, else once the runs in flight
 * have brought it. Rejects, saying so plainly, when they cannot: the run failed or was cancelled,
 * or it takes longer than `waitMs`. Never mixes the settings on screen with an older sweep.
 */
export function awaitCurrentReport(store: LabStore, waitMs = EXPORT_WAIT_MS): Promise<OneReport> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (done: () => void) => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
      done();
    };
    const check = (state: LabState): boolean => {
      const current = currentReport(state);
      const why = current ? null : whyNot(state);
      if (current) finish(() => resolve(current));
      else if (why) finish(() => reject(new Error(why)));
      return current !== null || why !== null;
    };
    if (check(store.getState())) return;
    unsubscribe = store.subscribe((state) => void check(state));
    timer = setTimeout(
      () => finish(() => reject(new Error(`the report for these settings is still being computed after ${waitMs / 1000} s; try again when the panels are up to date`))),
      waitMs,
    );
  });
}

/** Why the report of the current settings will not come, or null while it still may. */
function whyNot(state: LabState): string | null {
  if (state.failure !== null) return `the report for these settings could not be computed (${state.failure})`;
  if (state.engineNote === RUN_CANCELLED) return 'the run for these settings was cancelled, so part of the report on screen belongs to earlier settings';
  if (state.engineNote === ENGINE_GAVE_UP) return 'the engine stopped before the report for these settings was computed';
  return null;
}
