import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultParams } from '../../../engine/chain.ts';
import {
  LOSS_TAPE_BYTES,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  ScheduleError,
  act,
  countSchedule,
  executeSchedule,
  periodicSchedule,
  recordedStepNodes,
  revolveSchedule,
  type CheckpointAction,
} from '../../../engine/checkpoint/index.ts';
import { StepRecorder } from '../../../engine/checkpoint/step-tape.ts';
import { firstBitDifference, fullTapeGradient, randomParams, seeded } from './reference.ts';

/** The ScheduleError a schedule raises, or null if it runs. */
function refusal(steps: number, actions: CheckpointAction[], dryRun = false): ScheduleError | null {
  try {
    executeSchedule(defaultParams(steps), actions, { dryRun });
    return null;
  } catch (e) {
    if (e instanceof ScheduleError) return e;
    throw e;
  }
}

describe('the executor refuses schedules that read what they did not keep', () => {
  it('refuses a restore of a state that is not held', () => {
    const e = refusal(3, [act.advance(0, 2), act.restore(1)]);
    expect(e?.message).toMatch(/x_1 is not held/);
    expect(e?.index).toBe(1);
    expect(e?.action).toEqual(act.restore(1));
  });

  it('refuses a restore of a snapshot that was freed', () => {
    const e = refusal(2, [act.store(0), act.free(0), act.advance(0, 2), act.restore(0)]);
    expect(e?.message).toMatch(/x_0 is not held/);
  });

  it('restores x_t and x_{t+1} from recorded step t, and nothing else from it', () => {
    // Recorded step 1 holds x_1 and x_2; x_0 and x_3 are not held.
    const base = [act.advance(0, 1), act.record(1)];
    expect(refusal(4, [...base, act.restore(1), act.restore(2), act.restore(0)])?.message).toMatch(/x_0 is not held/);
    expect(refusal(4, [...base, act.advance(2, 3), act.restore(1), act.restore(3)])?.message).toMatch(/x_3 is not held/);
  });

  it('refuses an advance from the wrong state', () => {
    expect(refusal(3, [act.advance(1, 2)])?.message).toMatch(/holds x_0, not x_1/);
    expect(refusal(3, [act.advance(0, 2), act.advance(1, 3)])?.message).toMatch(/holds x_2, not x_1/);
  });

  it('refuses an advance that does not move forward or leaves the chain', () => {
    expect(refusal(3, [act.advance(0, 0)])?.message).toMatch(/must go forward/);
    expect(refusal(3, [act.advance(0, 4)])?.message).toMatch(/must go forward/);
  });

  it('refuses a reverse out of order', () => {
    const swapped = periodicSchedule(3, 3);
    // The full tape: record 0, 1, 2, then reverse 1 before 2.
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    expect(refusal(3, swapped)?.message).toMatch(/the next one is 2/);
  });

  it('refuses reversing a step twice and reversing a step that is not recorded', () => {
    expect(refusal(1, [act.record(0), act.reverse(0), act.reverse(0)])?.message).toMatch(/already been reversed/);
    expect(refusal(2, [act.advance(0, 2), act.reverse(1)])?.message).toMatch(/step 1 is not recorded/);
  });

  it('refuses a schedule that ends before step 0 is reversed', () => {
    const e = refusal(3, periodicSchedule(3, 3).slice(0, -1));
    expect(e?.message).toMatch(/steps 0 … 0 not reversed/);
    expect(e?.action).toBeNull();
    expect(refusal(3, [])?.message).toMatch(/steps 2 … 0 not reversed/);
  });

  it('refuses to record from a working register a reverse has consumed', () => {
    expect(refusal(2, [act.advance(0, 1), act.record(1), act.reverse(1), act.record(1)])?.message).toMatch(
      /already been reversed/,
    );
    expect(refusal(3, [act.advance(0, 2), act.record(2), act.reverse(2), act.record(2)])?.message).toMatch(/already/);
    expect(refusal(3, [act.store(0), act.advance(0, 2), act.record(2), act.reverse(2), act.advance(2, 3)])?.message).toMatch(
      /holds no state/,
    );
  });

  it('refuses storing a state twice, freeing what is not stored and recording a step twice', () => {
    expect(refusal(2, [act.store(0), act.store(0)])?.message).toMatch(/already in a snapshot/);
    expect(refusal(2, [act.free(1)])?.message).toMatch(/no snapshot of x_1/);
    expect(refusal(2, [act.store(0), act.record(0), act.restore(0), act.record(0)])?.message).toMatch(/already recorded/);
  });

  it('refuses steps outside the chain, fractional steps and unknown kinds', () => {
    expect(refusal(2, [act.store(-1)])?.message).toMatch(/not a state of a 2-step chain/);
    expect(refusal(2, [act.store(3)])?.message).toMatch(/not a state/);
    expect(refusal(2, [act.store(0.5)])?.message).toMatch(/not a state/);
    expect(refusal(2, [act.advance(0, 2), act.record(2)])?.message).toMatch(/no step 2 to record/);
    const odd = { kind: 'teleport', step: 0 } as unknown as CheckpointAction;
    expect(refusal(2, [odd])?.message).toMatch(/unknown action kind teleport/);
  });

  it('refuses the same schedules in a dry run', () => {
    expect(refusal(3, [act.advance(0, 2), act.restore(1)], true)?.message).toMatch(/x_1 is not held/);
    expect(refusal(3, periodicSchedule(3, 3).slice(0, -1), true)).not.toBeNull();
  });

  it('needs every action but the frees: dropping any other one makes a schedule fail', () => {
    // The periodic schedule tapes its last segment on the forward pass (as torch's
    // checkpoint_sequential runs its last segment), so no advance is wasted.
    for (let T = 1; T <= 12; T++) {
      const schedules = [
        ...Array.from({ length: T }, (_, k) => periodicSchedule(T, k + 1)),
        ...Array.from({ length: T }, (_, s) => revolveSchedule(T, s + 1)),
      ];
      for (const actions of schedules) {
        for (let i = 0; i < actions.length; i++) {
          const action = actions[i];
          if (action.kind === 'free') continue;
          const without = [...actions.slice(0, i), ...actions.slice(i + 1)];
          expect(() => countSchedule(T, without), `T=${T} without action ${i}`).toThrow(ScheduleError);
        }
      }
    }
  });
});

describe('the executor runs any valid schedule', () => {
  it('a dry run counts what the full run counts, with an empty gradient', () => {
    const params = defaultParams(17);
    for (const actions of [periodicSchedule(17, 5), revolveSchedule(17, 2)]) {
      const full = executeSchedule(params, actions);
      const dry = executeSchedule(params, actions, { dryRun: true });
      const { loss: _l, a: _a, b: _b, c: _c, adjoint: _x, ...counts } = full;
      expect(countSchedule(17, actions)).toEqual(counts);
      expect(dry).toMatchObject(counts);
      expect([dry.loss, dry.c, dry.a.length, dry.adjoint.length]).toEqual([NaN, NaN, 0, 0]);
    }
  });

  it('a hand-made schedule that keeps a recorded step through the forward pass gives the full-tape gradient', () => {
    // Record step 0 and keep it, advance to the end, then replay 1 … 3 from its output.
    const actions = [
      act.record(0),
      act.advance(1, 4),
      act.restore(1),
      act.store(1),
      act.record(1),
      act.record(2),
      act.record(3),
      act.free(1),
      act.reverse(3),
      act.reverse(2),
      act.reverse(1),
      act.reverse(0),
    ];
    const params = randomParams(4, seeded(7));
    const run = executeSchedule(params, actions);
    expect(firstBitDifference(run.a, fullTapeGradient(params).a)).toBe(-1);
    expect([run.storedStates, run.peakSnapshots, run.advances, run.records]).toEqual([6, 1, 3, 4]);
    // After record 3: tapes of steps 0, 1, 2 (16 nodes each) and 3 (19, with the loss), the
    // snapshot x_1 and the working x_4.
    expect(run.peakBytes).toBe(4 * STEP_TAPE_BYTES + LOSS_TAPE_BYTES + 2 * STATE_BYTES);
    expect(countSchedule(4, actions).peakBytes).toBe(run.peakBytes);
  });

  it('a recorded step puts on its tape the nodes a dry run counts for it: 16, and 19 for the last step', () => {
    for (const T of [1, 2, 5, 40]) {
      const params = defaultParams(T);
      const recorder = new StepRecorder(params);
      for (let t = 0; t < T; t++) {
        const r = recorder.record(t, 0.3);
        expect(r.tape.length, `T=${T} t=${t}`).toBe(recordedStepNodes(t, T));
        recorder.reverse(r, 1, { x: 0, a: 0, b: 0, c: 0, next: 0, loss: 0 });
      }
      // x_t, a_t, b_t, c and twelve primitives; the last step adds the loss's three.
      expect(recordedStepNodes(T - 1, T)).toBe(19);
      if (T > 1) expect(recordedStepNodes(0, T)).toBe(16);
    }
  });

  it('counts bytes of what is held: 8 a snapshot and the working state, tape nodes × 40 a recorded step', () => {
    const head = [act.store(0), act.advance(0, 2), act.store(2), act.record(2), act.reverse(2), act.free(2), act.restore(0)];
    // Keeping the tape of step 0 while step 1 is recorded: x_0, tapes 0 and 1, the working x_2.
    const keepTwo = [...head, act.record(0), act.record(1), act.reverse(1), act.reverse(0), act.free(0)];
    expect(executeSchedule(defaultParams(3), keepTwo).peakBytes).toBe(STATE_BYTES + 2 * STEP_TAPE_BYTES + STATE_BYTES);
    // One tape at a time: the peak is the turn of step 2 (19 nodes) with x_0, x_2 and the working x_3.
    const oneAtATime = [
      ...head,
      ...[act.advance(0, 1), act.store(1), act.record(1), act.reverse(1), act.free(1)],
      ...[act.restore(0), act.record(0), act.reverse(0), act.free(0)],
    ];
    const lastTurn = 2 * STATE_BYTES + STEP_TAPE_BYTES + LOSS_TAPE_BYTES + STATE_BYTES;
    expect(executeSchedule(defaultParams(3), oneAtATime).peakBytes).toBe(lastTurn);
    expect(countSchedule(3, oneAtATime).peakBytes).toBe(lastTurn);
  });

  it('any chain and any setting: the checkpointed gradient has the full tape bits (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (T, setting, binomial, seed) => {
          const params = randomParams(T, seeded(seed));
          const actions = binomial ? revolveSchedule(T, setting) : periodicSchedule(T, Math.min(setting, T));
          const run = executeSchedule(params, actions);
          const full = fullTapeGradient(params);
          return (
            firstBitDifference(run.a, full.a) === -1 &&
            firstBitDifference(run.b, full.b) === -1 &&
            firstBitDifference(run.adjoint, full.adjoint) === -1 &&
            Object.is(run.c, full.c) &&
            Object.is(run.loss, full.loss)
          );
        },
      ),
      { numRuns: 300, seed: 20260501 },
    );
  });

  it('runs T = 10,000 with 10 snapshots, advancing exactly t(10000, 10) steps', () => {
    const run = executeSchedule(defaultParams(10_000), revolveSchedule(10_000, 10));
    expect(run.advances).toBe(57_624);
    expect(run.peakSnapshots).toBeLessThanOrEqual(10);
    expect(run.storedStates).toBeLessThanOrEqual(12);
  });
});
