/**
 * The talk's plan: a target length and, per chapter, the minutes the lecturer gives it. Chapters
 * without minutes of their own share what is left of the target evenly. Pure functions; the notes
 * window keeps one in localStorage and says, beside its timer, whether the talk is on pace.
 */
export interface TalkPlan {
  /** The whole talk, in minutes. */
  target: number;
  /** Minutes set for single chapters, by chapter number. */
  minutes: Readonly<Record<number, number>>;
}

export const DEFAULT_PLAN: TalkPlan = { target: 45, minutes: {} };

const okMinutes = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 600;

/** A stored plan read back, or null when it is missing or not a plan. */
export function parsePlan(text: string | null): TalkPlan | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<TalkPlan> | null;
    if (!data || !okMinutes(data.target) || data.target === 0 || typeof data.minutes !== 'object' || data.minutes === null) return null;
    const minutes: Record<number, number> = {};
    for (const [k, v] of Object.entries(data.minutes)) {
      if (!/^\d+$/.test(k) || !okMinutes(v)) return null;
      minutes[Number(k)] = v;
    }
    return { target: data.target, minutes };
  } catch {
    return null;
  }
}

/** Minutes planned for chapters 1 … count: those set, and an even share of the rest of the target for the others (never below 0). */
export function plannedMinutes(plan: TalkPlan, count: number): number[] {
  const set = Array.from({ length: count }, (_, i) => plan.minutes[i + 1]);
  const taken = set.reduce<number>((a, m) => a + (m ?? 0), 0);
  const free = set.filter((m) => m === undefined).length;
  const share = free === 0 ? 0 : Math.max(0, plan.target - taken) / free;
  return set.map((m) => m ?? share);
}

/** "12:05" from minutes. */
const clockOf = (minutes: number): string => {
  const s = Math.round(minutes * 60);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Where the talk stands against the plan on chapter `chapter` (1 … count) after `elapsedMs`:
 * the chapter's planned window, and on pace, ahead or behind (by how much).
 */
export function paceWords(elapsedMs: number, plan: TalkPlan, count: number, chapter: number): string {
  const planned = plannedMinutes(plan, count);
  const start = planned.slice(0, chapter - 1).reduce((a, b) => a + b, 0);
  const end = start + planned[chapter - 1];
  const now = elapsedMs / 60000;
  const window = `Plan: this chapter ${clockOf(start)}–${clockOf(end)} of ${clockOf(plan.target)}.`;
  if (now > end) return `${window} ${clockOf(now - end)} behind.`;
  if (now < start) return `${window} ${clockOf(start - now)} ahead.`;
  return `${window} On pace.`;
}
