import { describe, expect, it } from 'vitest';
import {
  LOSS_TAPE_BYTES,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  binomialReach,
  fullTapeBytes,
  periodicCounts,
  periodicPeakBytes,
  periodicPeakStates,
  memoryModel,
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

describe('periodic closed forms (stored segment starts, segments re-taped on the way back)', () => {
  it('T = 40, stride 4: 10 segments, 36 recomputed (every step outside the last segment), 14 items, 2.9 work units', () => {
    expect(periodicCounts(40, 4)).toMatchObject({ segments: 10, lastSegment: 4, recomputedSteps: 36, storedStates: 14, peakSnapshots: 9, workUnits: 2.9 });
  });

  it('peak items are ⌈T/k⌉ + k: stored starts, one segment re-taped and the working state', () => {
    expect(periodicPeakStates(40, 4)).toBe(14);
    expect(periodicPeakStates(41, 4)).toBe(11 + 4);
    expect(periodicPeakStates(36, 6)).toBe(12);
    expect(periodicPeakStates(36, 1)).toBe(37);
    expect(periodicPeakStates(7, 7)).toBe(8);
    expect(periodicPeakStates(1, 1)).toBe(2);
  });

  it('peak bytes: S per stored start and working state, 640 a re-taped step, the loss\'s 120 when the last segment is full', () => {
    // 16 nodes of 40 bytes a recorded step, the loss's 3 more on the last, 8 a plain state.
    expect([STEP_TAPE_BYTES, LOSS_TAPE_BYTES, STATE_BYTES]).toEqual([640, 120, 8]);
    // Stride 1: 35 stored states, step 35 taped with the loss, the working x_36.
    expect(periodicPeakBytes(36, 1)).toBe(35 * 8 + 760 + 8);
    expect(periodicPeakBytes(36, 1)).toBe(1048);
    // k divides T: 9 starts stored, the last segment's 4 tapes with the loss, x_40.
    expect(periodicPeakBytes(40, 4)).toBe(9 * 8 + 4 * 640 + 120 + 8);
    // L = 4 < k = 6: re-taping segment 5 (6 tapes) over 6 stored starts and the working state.
    expect(periodicPeakBytes(40, 6)).toBe(6 * 8 + 6 * 640 + 8);
    expect(periodicPeakBytes(40, 40)).toBe(fullTapeBytes(40));
    // Wide states, S = R = 640: stride 6 at T = 36 holds 12 items of 640 and the loss's 120.
    expect(periodicPeakBytes(36, 6, memoryModel('wide'))).toBe(12 * 640 + 120);
    for (let T = 1; T <= 100; T++) expect(periodicPeakBytes(T, T)).toBe(fullTapeBytes(T));
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
    // Wide states: every snapshot and the working state cost a step's tape.
    expect(revolvePeakBytes(40, 3, memoryModel('wide'))).toBe(4 * 640 + 760);
  });
});
