/**
 * Structural sharing between two reports: a value deep-equal to `next` in which every part equal
 * to the same part of `previous` is `previous`'s object (and an object with some parts changed is
 * a new object holding the shared parts and the changed ones). A slider that moves one figure then leaves
 * every other array and object of the report identical (===) to what is on screen, so the charts
 * drawn from them (memoised on their inputs) are not rendered again.
 *
 * Equality is exact: numbers and array elements compare with Object.is (NaN equals NaN, −0 does not
 * equal 0), so a shared part always shows exactly what a fresh one would.
 */
export function shareEqual<T>(previous: unknown, next: T): T {
  return share(previous, next) as T;
}

function share(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (typeof next !== 'object' || next === null || typeof previous !== 'object' || previous === null) return next;
  if (ArrayBuffer.isView(next)) return sameElements(previous, next) ? previous : next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    const out = next.map((item, i) => share(previous[i], item));
    return out.length === previous.length && out.every((item, i) => item === previous[i]) ? previous : out;
  }
  if (!isPlainObject(previous) || !isPlainObject(next)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const out: Record<string, unknown> = {};
  let same = keys.length === Object.keys(before).length;
  for (const key of keys) {
    out[key] = share(before[key], after[key]);
    if (out[key] !== before[key] || !(key in before)) same = false;
  }
  return same ? previous : out;
}

function isPlainObject(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype;
}

function sameElements(previous: object, next: ArrayBufferView): boolean {
  if (!ArrayBuffer.isView(previous) || previous.constructor !== next.constructor) return false;
  const a = previous as unknown as ArrayLike<number>;
  const b = next as unknown as ArrayLike<number>;
  if (a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
