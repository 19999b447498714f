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
    // A list of another length is new as a whole; one of the same length is shared up to its first
    // change without allocating (a schedule has hundreds of thousands of actions at 100,000 steps).
    if (previous.length !== next.length) return next;
    let i = 0;
    while (i < next.length && share(previous[i], next[i]) === previous[i]) i++;
    if (i === next.length) return previous;
    const out = previous.slice(0, i);
    for (; i < next.length; i++) out.push(share(previous[i], next[i]));
    return out;
  }
  if (!isPlainObject(previous) || !isPlainObject(next)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  // The copy is made only once a value differs, so an unchanged object allocates nothing.
  let out: Record<string, unknown> | null = keys.length === Object.keys(before).length ? null : {};
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const value = share(before[key], after[key]);
    if (out === null && (value !== before[key] || !(key in before))) {
      out = {};
      for (let j = 0; j < k; j++) out[keys[j]] = before[keys[j]];
    }
    if (out !== null) out[key] = value;
  }
  return out ?? previous;
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
