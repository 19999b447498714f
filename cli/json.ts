/**
 * Turns a report into JSON-ready data: typed arrays become arrays, and every non-finite number
 * becomes null with its path and value added to `warnings`, so nothing non-finite is silent.
 */
export function toJsonData(value: unknown, warnings: string[], path = ''): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    warnings.push(`${path || 'value'} is ${value}; printed as null`);
    return null;
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return toJsonData(Array.from(value as unknown as ArrayLike<number>), warnings, path);
  }
  if (Array.isArray(value)) {
    const bad: number[] = [];
    const out = value.map((v, i) => {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        bad.push(i);
        return null;
      }
      return toJsonData(v, warnings, `${path}[${i}]`);
    });
    if (bad.length > 0) {
      const shown = bad.slice(0, 5).join(', ') + (bad.length > 5 ? ', …' : '');
      warnings.push(`${path}: ${bad.length} non-finite entries (at ${shown}) printed as null`);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      out[k] = toJsonData(v, warnings, path ? `${path}.${k}` : k);
    }
    return out;
  }
  return value;
}

/** Pretty JSON of a report-like object, with a `warnings` array appended when anything was not finite. */
export function printJson(value: Record<string, unknown>): string {
  const warnings: string[] = Array.isArray(value.warnings) ? [...(value.warnings as string[])] : [];
  const { warnings: _omit, ...rest } = value;
  const data = toJsonData(rest, warnings) as Record<string, unknown>;
  return JSON.stringify({ ...data, warnings }, null, 2);
}
