import type { LabReport } from '../../engine/report.ts';
import type { AppSettings } from '../settings/schema.ts';

/**
 * JSON-ready data by the command line's rules (cli/json.ts, which the app does not import):
 * typed arrays become arrays, and every non-finite number becomes null with its path and value
 * added to `warnings`, so nothing non-finite is silent.
 */
export function jsonData(value: unknown, warnings: string[], path = ''): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    warnings.push(`${path || 'value'} is ${value}; written as null`);
    return null;
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return jsonData(Array.from(value as unknown as ArrayLike<number>), warnings, path);
  }
  if (Array.isArray(value)) {
    const bad: number[] = [];
    const out = value.map((v, i) => {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        bad.push(i);
        return null;
      }
      return jsonData(v, warnings, `${path}[${i}]`);
    });
    if (bad.length > 0) {
      const shown = bad.slice(0, 5).join(', ') + (bad.length > 5 ? ', …' : '');
      warnings.push(`${path}: ${bad.length} non-finite entries (at ${shown}) written as null`);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      out[k] = jsonData(v, warnings, path ? `${path}.${k}` : k);
    }
    return out;
  }
  return value;
}

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
