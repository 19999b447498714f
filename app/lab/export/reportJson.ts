import type { LabReport } from '../../../engine/report.ts';
import { jsonData } from '../../../engine/json-data.ts';
import type { AppSettings } from '../../state/settings/schema.ts';

export { jsonData };

/**
 * The report on screen as pretty JSON: the settings that reproduce it first (the same as the
 * link's hash), then every field of the LabReport, then `warnings` (the engine's, and one per
 * non-finite number written as null).
 */
export function reportJson(report: LabReport, settings: AppSettings): string {
  const warnings = [...report.warnings];
  const { warnings: _engine, ...rest } = report;
  const data = jsonData({ settings, ...rest }, warnings) as Record<string, unknown>;
  return `${JSON.stringify({ ...data, warnings }, null, 2)}\n`;
}
