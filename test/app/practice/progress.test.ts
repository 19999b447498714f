import { describe, expect, it } from 'vitest';
import {
  afterCheck,
  BAD_PROGRESS_NOTICE,
  EMPTY_PROGRESS,
  followStored,
  isSolved,
  loadProgress,
  mergeProgress,
  parseProgress,
  PROGRESS_KEY,
  programSeed,
  recordCheck,
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

  it("counts the learner's own program like a generated problem: once, by its text, apart from the levels", () => {
    const program = 'x = Value(3.0)\nz = x*x\ny = z*z + x';
    const mine = { kind: 'adjoints', level: 1, seed: 1, program } as const;
    let p = afterCheck(EMPTY_PROGRESS, mine, true);
    expect(p).toEqual({ solved: { program: [programSeed(program)] }, streak: 1, best: 1 });
    expect(isSolved(p, mine)).toBe(true);
    // Not the generated problem of the same kind, level and seed, nor another program.
    expect(isSolved(p, { kind: 'adjoints', level: 1, seed: 1 })).toBe(false);
    expect(isSolved(p, { ...mine, program: `${program} ` })).toBe(false);
    expect(afterCheck(p, mine, true)).toBe(p);
    p = afterCheck(p, { ...mine, program: 'a = Value(2.0)\nb = a*a' }, true);
    expect([p.streak, p.solved.program.length]).toEqual([2, 2]);
    expect(afterCheck(p, mine, false).streak).toBe(0);
    // Stored and read back; a stored key that is neither a level nor "program" is still refused.
    const s = memory();
    saveProgress(s, p);
    expect(loadProgress(s).progress).toEqual(p);
    expect(parseProgress('{"solved":{"programs":[1]},"streak":0,"best":0}')).toBeNull();
    // Seeds and programs' numbers run to 2³²−1, past a count's limit.
    expect(parseProgress('{"solved":{"adjoints:1":[4294967295]},"streak":0,"best":0}')?.solved).toEqual({ 'adjoints:1': [4294967295] });
    expect(parseProgress('{"solved":{"adjoints:1":[4294967296]},"streak":0,"best":0}')).toBeNull();
    // FNV-1a's published test vectors.
    expect([programSeed(''), programSeed('a'), programSeed('foobar')]).toEqual([0x811c9dc5, 0xe40c292c, 0xbf9cf968]);
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

describe('two tabs doing practice at once', () => {
  it('merge: every seed solved in either, the stored ones first, the longer best, the stored streak', () => {
    const stored = { solved: { 'adjoints:2': [11, 12], 'rule:1': [3] }, streak: 2, best: 2 };
    const mine = { solved: { 'adjoints:2': [12, 40], 'bug:4': [7] }, streak: 5, best: 5 };
    expect(mergeProgress(stored, mine)).toEqual({ solved: { 'adjoints:2': [11, 12, 40], 'rule:1': [3], 'bug:4': [7] }, streak: 2, best: 5 });
    expect(mergeProgress(stored, EMPTY_PROGRESS)).toEqual(stored);
    expect(mergeProgress(EMPTY_PROGRESS, stored)).toEqual({ ...stored, streak: 0 });
  });

  it('each Check is merged with what the other tab stored since this one loaded', () => {
    const shared = memory();
    // Both tabs open the practice page with nothing stored.
    let tabA = loadProgress(shared).progress;
    let tabB = loadProgress(shared).progress;
    tabA = recordCheck(shared, tabA, place, true);
    tabB = recordCheck(shared, tabB, { ...place, seed: 12 }, true);
    tabA = recordCheck(shared, tabA, { kind: 'rule', level: 1, seed: 3 }, true);
    const stored = loadProgress(shared).progress;
    expect(stored.solved).toEqual({ 'adjoints:2': [11, 12], 'rule:1': [3] });
    expect([stored.streak, stored.best]).toEqual([3, 3]);
    expect(tabA).toEqual(stored);
    // B's Check came after A's first (B has seed 11) and before A's last: it sees that one once it
    // follows A's save, or checks again.
    expect(isSolved(tabB, place)).toBe(true);
    expect(isSolved(tabB, { kind: 'rule', level: 1, seed: 3 })).toBe(false);
    expect(followStored(shared.data[PROGRESS_KEY], tabB)).toEqual(stored);
    tabB = recordCheck(shared, tabB, place, false);
    expect(tabB).toEqual({ ...stored, streak: 0 });
  });

  it('follows the other tab: its Reset empties this one, unreadable data changes nothing', () => {
    const mine = afterCheck(EMPTY_PROGRESS, place, true);
    expect(followStored(null, mine)).toEqual(EMPTY_PROGRESS);
    expect(followStored('{"solved": 7', mine)).toBe(mine);
  });

  it('with storage refused, this tab keeps counting on its own copy', () => {
    const refused = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} };
    let p = recordCheck(refused, EMPTY_PROGRESS, place, true);
    p = recordCheck(refused, p, { ...place, seed: 12 }, true);
    expect([p.solved['adjoints:2'], p.streak]).toEqual([[11, 12], 2]);
    expect(recordCheck(null, p, place, false).streak).toBe(0);
  });
});
