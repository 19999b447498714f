import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/chain.ts';
import {
  countSchedule,
  executeSchedule,
  frontier,
  leastMemory,
  memoryModel,
  periodicSchedule,
  revolveAdvances,
  revolveSchedule,
  type CheckpointAction,
  type MemoryModel,
} from '../../../engine/checkpoint/index.ts';
import { revolveAdvancesByRecursion } from './reference.ts';

/**
 * An independent count of what a schedule holds: a set of stored states, a set of recorded
 * steps and the working register, replayed from the action list alone (no executor), with the
 * bytes of the memory model written out here: S per state, 640 per recorded step, 760 for the
 * last one.
 */
function replayHeld(steps: number, actions: readonly CheckpointAction[], S: number): { items: number; bytes: number } {
  const stored = new Set<number>();
  const taped = new Set<number>();
  let working = true;
  let items = 1;
  let bytes = S;
  for (const a of actions) {
    if (a.kind === 'store') stored.add(a.step);
    else if (a.kind === 'free') stored.delete(a.step);
    else if (a.kind === 'record') {
      taped.add(a.step);
      working = true;
    } else if (a.kind === 'reverse') {
      taped.delete(a.step);
      working = false;
    } else working = true; // advance, restore
    const tapeBytes = [...taped].reduce((sum, t) => sum + (t === steps - 1 ? 760 : 640), 0);
    items = Math.max(items, stored.size + taped.size + (working ? 1 : 0));
    bytes = Math.max(bytes, S * stored.size + tapeBytes + (working ? S : 0));
  }
  return { items, bytes };
}

/** The periodic closed forms, hand-derived (engine/checkpoint/periodic.ts): n + k items, S·n + R·k + 120·[k | T] bytes. */
function periodicByHand(T: number, k: number, S: number): { items: number; bytes: number } {
  const n = Math.ceil(T / k);
  return { items: n + k, bytes: S * n + 640 * k + (T % k === 0 ? 120 : 0) };
}

const SCALAR = memoryModel('scalar');
const WIDE = memoryModel('wide');

describe('the one memory model: a checkpoint is a stored state (S bytes), a recorded step its tape (640)', () => {
  it('S is 8 for the scalar chain and 640 for a wide state; R is 640 in both', () => {
    expect([SCALAR.stateBytes, SCALAR.stepBytes, WIDE.stateBytes, WIDE.stepBytes]).toEqual([8, 640, 640, 640]);
  });

  for (const T of [36, 40]) {
    for (const model of [SCALAR, WIDE] as MemoryModel[]) {
      it(`periodic, T = ${T}, ${model.width}: every stride's peak items and bytes equal n + k and S·n + R·k + 120·[k | T]`, () => {
        const failures: string[] = [];
        for (let k = 1; k <= T; k++) {
          const actions = periodicSchedule(T, k);
          const want = periodicByHand(T, k, model.stateBytes);
          const counted = countSchedule(T, actions, model);
          const replay = replayHeld(T, actions, model.stateBytes);
          const got = { items: counted.storedStates, bytes: counted.peakBytes };
          if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`k=${k}: executor ${JSON.stringify(got)}, by hand ${JSON.stringify(want)}`);
          if (JSON.stringify(replay) !== JSON.stringify(want)) failures.push(`k=${k}: replay ${JSON.stringify(replay)}, by hand ${JSON.stringify(want)}`);
        }
        expect(failures).toEqual([]);
      });

      it(`revolve, T = ${T}, ${model.width}: Griewank–Walther's fewest advances, u + 2 items and S·(u + 1) + 760 bytes`, () => {
        const optimum = revolveAdvancesByRecursion(T, T);
        const failures: string[] = [];
        for (let s = 1; s <= T; s++) {
          const actions = revolveSchedule(T, s);
          const u = Math.max(1, Math.min(s, T - 1));
          const counted = countSchedule(T, actions, model);
          const replay = replayHeld(T, actions, model.stateBytes);
          const want = { advances: optimum[u][T], items: u + 2, bytes: model.stateBytes * (u + 1) + 760 };
          const got = { advances: counted.advances, items: counted.storedStates, bytes: counted.peakBytes };
          if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`s=${s}: executor ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
          if (replay.items !== want.items || replay.bytes !== want.bytes) failures.push(`s=${s}: replay ${JSON.stringify(replay)}`);
          if (counted.advances !== revolveAdvances(T, s)) failures.push(`s=${s}: closed form ${revolveAdvances(T, s)}`);
        }
        expect(failures).toEqual([]);
      });
    }
  }

  it('T = 36: stride 1 holds 1,048 bytes, far below the full tape\'s 23,168 (stride 36)', () => {
    expect(countSchedule(36, periodicSchedule(36, 1)).peakBytes).toBe(1048);
    expect(countSchedule(36, periodicSchedule(36, 36)).peakBytes).toBe(23_168);
  });

  it('least memory: in held items stride 6 at T = 36 (√36); in bytes stride 1 (√(T·S/R) < 1), stride 6 for a wide state', () => {
    const scalar = leastMemory(frontier(36).periodic);
    expect(scalar.byItems).toEqual({ stride: 6, peakStates: 12 });
    expect(scalar.byBytes).toEqual({ stride: 1, peakBytes: 1048 });
    const wide = leastMemory(frontier(36, WIDE).periodic);
    // 12 items of 640 and the loss's 120 (6 divides 36).
    expect(wide.byBytes).toEqual({ stride: 6, peakBytes: 7800 });
    expect(wide.byItems).toEqual(scalar.byItems);
  });

  it('the real run holds what the dry run counts, in both models (T = 40, strides 1, 4, 6, 40)', () => {
    for (const model of [SCALAR, WIDE]) {
      for (const k of [1, 4, 6, 40]) {
        const actions = periodicSchedule(40, k);
        const run = executeSchedule(defaultParams(40), actions, { memory: model });
        const dry = countSchedule(40, actions, model);
        expect([run.storedStates, run.peakBytes], `${model.width} k=${k}`).toEqual([dry.storedStates, dry.peakBytes]);
      }
    }
  });
});
