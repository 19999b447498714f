/**
 * JSON-ready data by the lab's rules, shared by the command line (`--json`) and the app's
 * report download: typed arrays become arrays, and every non-finite number becomes null with its
 * path and value added to `warnings`, so nothing non-finite is silent. Imports nothing, so the
 * main thread may use it without pulling in the engine.
 */
export function jsonData(value: unknown, warnings: string[], path = '', verb = 'written'): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    warnings.push(`${path || 'value'} is ${value}; ${verb} as null`);
    return null;
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return jsonData(Array.from(value as unknown as ArrayLike<number>), warnings, path, verb);
  }
  if (Array.isArray(value)) {
    const bad: number[] = [];
    const out = value.map((v, i) => {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        bad.push(i);
        return null;
      }
      return jsonData(v, warnings, `${path}[${i}]`, verb);
    });
    if (bad.length > 0) {
      const shown = bad.slice(0, 5).join(', ') + (bad.length > 5 ? ', …' : '');
      warnings.push(`${path}: ${bad.length} non-finite entries (at ${shown}) ${verb} as null`);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    // No prototype: a key named __proto__ (a variable of the playground) is data like any other.
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      out[k] = jsonData(v, warnings, path ? `${path}.${k}` : k, verb);
    }
    return out;
  }
  return value;
}
