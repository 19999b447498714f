import { jsonData } from '../engine/json-data.ts';

/** JSON-ready data by the lab's rules (engine/json-data.ts), saying 'printed as null'. */
export function toJsonData(value: unknown, warnings: string[], path = ''): unknown {
  return jsonData(value, warnings, path, 'printed');
}

/** Pretty JSON of a report-like object, with a `warnings` array appended when anything was not finite. */
export function printJson(value: Record<string, unknown>): string {
  const warnings: string[] = Array.isArray(value.warnings) ? [...(value.warnings as string[])] : [];
  const { warnings: _omit, ...rest } = value;
  const data = toJsonData(rest, warnings) as Record<string, unknown>;
  return JSON.stringify({ ...data, warnings }, null, 2);
}
