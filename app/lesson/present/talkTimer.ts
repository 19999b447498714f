/**
 * The talk's timer as plain data, so it survives a reload of the notes window: when it started,
 * the time already counted before the last pause, and whether it runs. Pure functions; the notes
 * page keeps one in localStorage.
 */
export interface TalkTimer {
  /** ms counted before `since` (the pauses left out). */
  counted: number;
  /** When it last started running (ms since the epoch), or null while paused. */
  since: number | null;
}

export const STARTED = (now: number): TalkTimer => ({ counted: 0, since: now });

/** ms of talk so far. */
export const elapsed = (t: TalkTimer, now: number): number => t.counted + (t.since === null ? 0 : Math.max(0, now - t.since));

/** Pauses a running timer, or runs a paused one. */
export const toggle = (t: TalkTimer, now: number): TalkTimer =>
  t.since === null ? { counted: t.counted, since: now } : { counted: elapsed(t, now), since: null };

/** "12:05", or "1:02:09" past an hour. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** A stored timer read back, or null when it is missing or not a timer. */
export function parseTimer(text: string | null): TalkTimer | null {
  if (!text) return null;
  try {
    const t = JSON.parse(text) as Partial<TalkTimer>;
    if (typeof t.counted !== 'number' || !Number.isFinite(t.counted) || t.counted < 0) return null;
    if (t.since !== null && (typeof t.since !== 'number' || !Number.isFinite(t.since))) return null;
    return { counted: t.counted, since: t.since };
  } catch {
    return null;
  }
}
