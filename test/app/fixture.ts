import { runLab } from '../../engine/index.ts';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { DEFAULTS, type AppSettings } from '../../app/state/settings/schema.ts';

/** A real report from the engine (tests may run the engine; the app's main thread may not). */
export function labReport(overrides: Partial<AppSettings> = {}, include?: LabSettings['include']): LabReport {
  return runLab({ ...DEFAULTS, ...overrides, include });
}
