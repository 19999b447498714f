import { describe, expect, it } from 'vitest';
import {
  LOSS_TAPE_BYTES,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  binomialReach,
  fullTapeBytes,
  periodicCounts,
  periodicPeakBytes,
  periodicStoredStates,
  revolvePeakBytes,
  repetitionNumber,
  revolveAdvances,
  revolveSplit,
} from '../../../engine/checkpoint/index.ts';
import { revolveAdvancesByRecursion } from './reference.ts';

describe('binomial closed forms', () => {
  it('β(s, r) = C(s + r, s)', () => {
    expect([binomialReach(3, 2), binomialReach(4, 1), binomialReach(1, 5), binomialReach(0, 7)]).toEqual([10, 5, 6, 1]);
    expect([binomialReach(3, -1), binomialReach(10, 7), binomialReach(2, 100)]).toEqual([0, 19448, 5151]);
  });

  it('t(10, 3) = 15, t(l, 1) = l(l − 1)/2 and t(l, s ≥ l − 1) = l − 1', () => {
    expect(revolveAdvances(10, 3)).toBe(15);
    expect(repetitionNumber(10, 3)).toBe(2);
    for (let l = 1; l <= 200; l++) {
      expect(revolveAdvances(l, 1)).toBe((l * (l - 1)) / 2);
      expect(revolveAdvances(l, Math.max(1, l - 1))).toBe(Math.max(0, l - 1));
      expect(revolveAdvances(l, 10 * l)).toBe(Math.max(0, l - 1));
    }
  });

  it('t(l, s) = r·l − β(s+1, r−1) equals the optimal-split recursion for l ≤ 120, s ≤ 14', () => {
    const t = revolveAdvancesByRecursion(120, 14);
    for (let s = 1; s <= 14; s++) {
      for (let l = 1; l <= 120; l++) expect(revolveAdvances(l, s), `l=${l} s=${s}`).toBe(t[s][l]);
    }
  });

  it('the split m of revolveSplit is optimal: m + t(l − m, s − 1) + t(m, s) = t(l, s)', () => {
    for (let s = 1; s <= 16; s++) {
      for (let l = 2; l <= 600; l++) {
        const m = revolveSplit(l, s);
        expect(m >= 1 && m < l).toBe(true);
        // With one snapshot left for the right part, that part must be a single turn.
        const right = s === 1 ? (l - m === 1 ? 0 : Infinity) : revolveAdvances(l - m, s - 1);
        expect(m + right + revolveAdvances(m, s), `l=${l} s=${s} m=${m}`).toBe(revolveAdvances(l, s));
      }
    }
  });

  it('stays exact and fast for long chains: t(10000, 10) = 57624 and t(100000, 3)', () => {
    expect(revolveAdvances(10_000, 10)).toBe(57_624);
    // r = 83: C(85, 3) = 98,770 < 100,000 ≤ C(86, 3) = 102,340; t = 83·100000 − C(86, 4).
    expect(repetitionNumber(100_000, 3)).toBe(83);
    expect(revolveAdvances(100_000, 3)).toBe(83 * 100_000 - 2_123_555);
  });
});

describe('periodic closed forms', () => {
  it('T = 40, stride 4: 10 segments, 30 recomputed, 14 states, 2.75 work units', () => {
    expect(periodicCounts(40, 4)).toMatchObject({ segments: 10, recomputedSteps: 30, storedStates: 14, workUnits: 2.75 });
  });

  it('the peak is ⌈T/k⌉ + k when k divides T and one less otherwise (T > k)', () => {
    expect(periodicStoredStates(40, 4)).toBe(14);
    expect(periodicStoredStates(41, 4)).toBe(11 + 3);
    expect(periodicStoredStates(43, 4)).toBe(11 + 3);
    expect(periodicStoredStates(7, 7)).toBe(8);
    expect(periodicStoredStates(1, 1)).toBe(2);
  });

  it('peak bytes: the last segment replayed (step T−1 tapes the loss) or the last full one, 640 bytes a tape', () => {
    // 16 nodes of 40 bytes a recorded step, the loss's 3 more on the last, 8 a plain state.
    expect([STEP_TAPE_BYTES, LOSS_TAPE_BYTES, STATE_BYTES]).toEqual([640, 120, 8]);
    const [B, loss, x] = [STEP_TAPE_BYTES, LOSS_TAPE_BYTES, STATE_BYTES];
    // k divides T: n + L − 1 = n + k − 1 tapes, one with the loss's bytes, and the working state.
    expect(periodicPeakBytes(40, 4)).toBe(13 * B + loss + x);
    expect(periodicPeakBytes(40, 4)).toBe(8448);
    // L = 4 = k − 2: the last full segment wins, n + k − 2 = 11 tapes.
    expect(periodicPeakBytes(40, 6)).toBe(11 * B + x);
    expect(periodicPeakBytes(40, 6)).toBe(7048);
    // L = 1 < k − 1: the last full segment again, 11 + 4 − 2 = 13 tapes.
    expect(periodicPeakBytes(41, 4)).toBe(13 * B + x);
    // L = 1 = k − 1: the end of the forward pass, 21 first-step tapes (step 40's with the loss).
    expect(periodicPeakBytes(41, 2)).toBe(21 * B + loss + x);
    expect(periodicPeakBytes(7, 7)).toBe(7 * B + loss + x);
    for (let T = 1; T <= 100; T++) expect(periodicPeakBytes(T, 1)).toBe(fullTapeBytes(T));
  });
});

describe('binomial peak bytes', () => {
  it('8·u + 768 with u = max(1, min(s, T − 1)) usable snapshots', () => {
    // The snapshots, the turn of step T−1 with the loss, and the working state.
    const turn = STEP_TAPE_BYTES + LOSS_TAPE_BYTES + STATE_BYTES;
    expect(turn).toBe(768);
    expect([3, 5, 10].map((s) => revolvePeakBytes(40, s))).toEqual([792, 808, 848]);
    expect([revolvePeakBytes(40, 39), revolvePeakBytes(40, 400), revolvePeakBytes(1, 5), revolvePeakBytes(2, 5)]).toEqual([
      39 * STATE_BYTES + turn,
      39 * STATE_BYTES + turn,
      STATE_BYTES + turn,
      STATE_BYTES + turn,
    ]);
    expect(revolvePeakBytes(40, 39)).toBe(1080);
  });
});
