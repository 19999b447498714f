import { describe, expect, it } from 'vitest';
import {
  afterCheck,
  BAD_PROGRESS_NOTICE,
  EMPTY_PROGRESS,
  isSolved,
  loadProgress,
  parseProgress,
  PROGRESS_KEY,
  saveProgress,
  type ProgressStorage,
} from '../../../app/practice/progress.ts';

function memory(initial: Record<string, string> = {}): ProgressStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v), removeItem: (k) => void delete data[k] };
}

const place = { kind: 'adjoints', level: 2, seed: 11 } as const;

describe('practice progress', () => {
  it('counts a solved seed once, lengthens the streak, and a wrong Check ends it', () => {
    let p = afterCheck(EMPTY_PROGRESS, place, true);
    expect(p).toEqual({ solved: { 'adjoints:2': [11] }, streak: 1, best: 1 });
    expect(afterCheck(p, place, true)).toBe(p);
    p = afterCheck(p, { ...place, seed: 12 }, true);
    expect([p.streak, p.best, p.solved['adjoints:2']]).toEqual([2, 2, [11, 12]]);
    p = afterCheck(p, { kind: 'rule', level: 1, seed: 3 }, false);
    expect([p.streak, p.best]).toEqual([0, 2]);
    expect(isSolved(p, place)).toBe(true);
    expect(isSolved(p, { kind: 'rule', level: 1, seed: 3 })).toBe(false);
  });

  it('round-trips through storage', () => {
    const s = memory();
    const p = afterCheck(EMPTY_PROGRESS, place, true);
    saveProgress(s, p);
    expect(loadProgress(s)).toEqual({ progress: p, notice: null });
    expect(loadProgress(memory())).toEqual({ progress: EMPTY_PROGRESS, notice: null });
  });

  it.each([
    '{"solved": 7',
    'null',
    '[]',
    '{"solved": {"adjoints:9": [1]}, "streak": 0, "best": 0}',
    '{"solved": {"adjoints:1": [-1]}, "streak": 0, "best": 0}',
    '{"solved": {}, "streak": 1.5, "best": 0}',
    '{"solved": [], "streak": 0, "best": 0}',
  ])('ignores bad stored data %s with one notice', (text) => {
    expect(parseProgress(text)).toBeNull();
    expect(loadProgress(memory({ [PROGRESS_KEY]: text }))).toEqual({ progress: EMPTY_PROGRESS, notice: BAD_PROGRESS_NOTICE });
  });
});
