import { describe, expect, it } from 'vitest';
import { NODES_IN_LOSS, NODES_PER_STEP, defaultParams, type ChainParams } from '../../../engine/chain.ts';
import { fusedAdjoint } from '../../../engine/fused.ts';
import { BYTES_PER_NODE } from '../../../engine/tape.ts';
import {
  LOSS_TAPE_BYTES,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  countSchedule,
  executeSchedule,
  fullTapeBytes,
  periodicCounts,
  periodicSchedule,
  recordedStepBytes,
  revolveAdvances,
  revolvePeakBytes,
  revolveSchedule,
  type CheckpointAction,
  type ScheduleRun,
} from '../../../engine/checkpoint/index.ts';
import { firstBitDifference, fullTapeGradient, randomParams, sameBits, seeded, type FullTapeGradient } from './reference.ts';

const MAX_STEPS = 60;
const MAX_SNAPSHOTS = 12;

/** The chains every schedule runs on: the documented defaults and one seeded random draw per length. */
function chainsOf(steps: number): { name: string; params: ChainParams; full: FullTapeGradient }[] {
  const random = randomParams(steps, seeded(1000 + steps));
  return [
    { name: 'default', params: defaultParams(steps), full: fullTapeGradient(defaultParams(steps)) },
    { name: 'random', params: random, full: fullTapeGradient(random) },
  ];
}

/** The steps of the reverse actions, in schedule order. */
function reverseOrder(actions: readonly CheckpointAction[]): number[] {
  return actions.filter((a) => a.kind === 'reverse').map((a) => a.step);
}

function countdown(steps: number): number[] {
  return Array.from({ length: steps }, (_, i) => steps - 1 - i);
}

/** Empty when the run's gradient has the same bits as the full tape's, else what differs. */
function bitwiseMismatches(run: ScheduleRun, full: FullTapeGradient): string[] {
  const out: string[] = [];
  if (!sameBits(run.loss, full.loss)) out.push(`loss ${run.loss} vs ${full.loss}`);
  if (!sameBits(run.c, full.c)) out.push(`dL/dc ${run.c} vs ${full.c}`);
  for (const key of ['a', 'b', 'adjoint'] as const) {
    const i = firstBitDifference(run[key], full[key]);
    if (i >= 0) out.push(`${key}[${i}] ${run[key][i]} vs ${full[key][i]}`);
  }
  return out;
}

describe('periodic schedules over steps 1 … 60 and every stride', () => {
  it('reverse each step once in order, count their closed forms and give the full-tape gradient bitwise', () => {
    const failures: string[] = [];
    for (let T = 1; T <= MAX_STEPS; T++) {
      const chains = chainsOf(T);
      for (let k = 1; k <= T; k++) {
        const actions = periodicSchedule(T, k);
        const expected = periodicCounts(T, k);
        const where = `T=${T} k=${k}`;
        if (reverseOrder(actions).join() !== countdown(T).join()) failures.push(`${where}: reverse order`);
        // The dry run counts 16 or 19 nodes a recorded step; the real runs read the tapes' lengths.
        const dryBytes = countSchedule(T, actions).peakBytes;
        for (const { name, params, full } of chains) {
          const run = executeSchedule(params, actions);
          const counted = {
            advances: run.advances,
            records: run.records,
            stepEvaluations: run.stepEvaluations,
            recomputedSteps: run.recomputedSteps,
            storedStates: run.storedStates,
            peakBytes: run.peakBytes,
            peakSnapshots: run.peakSnapshots,
            workUnits: run.workUnits,
            reverseSteps: run.reverseSteps,
          };
          if (run.peakBytes !== dryBytes) failures.push(`${where} ${name}: ${run.peakBytes} bytes, dry run ${dryBytes}`);
          const claimed = {
            advances: expected.advances,
            records: expected.records,
            stepEvaluations: expected.stepEvaluations,
            recomputedSteps: T - (T - (Math.ceil(T / k) - 1) * k),
            storedStates: expected.storedStates,
            peakBytes: expected.peakBytes,
            peakSnapshots: Math.ceil(T / k) - 1,
            workUnits: expected.workUnits,
            reverseSteps: T,
          };
          if (JSON.stringify(counted) !== JSON.stringify(claimed)) {
            failures.push(`${where} ${name}: counted ${JSON.stringify(counted)}, closed form ${JSON.stringify(claimed)}`);
          }
          const mismatch = bitwiseMismatches(run, full);
          if (mismatch.length > 0) failures.push(`${where} ${name}: ${mismatch.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('stride T is the full tape: T+1 items, 640·T + 128 bytes, nothing recomputed, 2 work units', () => {
    for (let T = 1; T <= MAX_STEPS; T++) {
      const actions = periodicSchedule(T, T);
      const expected: CheckpointAction[] = [
        ...Array.from({ length: T }, (_, t): CheckpointAction => ({ kind: 'record', step: t })),
        ...countdown(T).map((t): CheckpointAction => ({ kind: 'reverse', step: t })),
      ];
      expect(actions).toEqual(expected);
      const run = executeSchedule(defaultParams(T), actions);
      expect([run.storedStates, run.recomputedSteps, run.stepEvaluations, run.workUnits]).toEqual([T + 1, 0, T, 2]);
      // T one-step tapes of x_t, a_t, b_t, c and the step's primitives, the loss's nodes on the
      // last, and the working x_T.
      expect(run.peakBytes).toBe(fullTapeBytes(T));
      expect(fullTapeBytes(T)).toBe((T * (4 + NODES_PER_STEP) + NODES_IN_LOSS) * BYTES_PER_NODE + STATE_BYTES);
      expect(fullTapeBytes(T)).toBe(640 * T + 128);
    }
    expect(fullTapeBytes(40)).toBe(25_728);
  });

  it('stride 1 stores x_0 … x_{T−2}, tapes the last step at once and re-tapes the others one at a time', () => {
    const actions = periodicSchedule(3, 1);
    expect(actions).toEqual([
      { kind: 'store', step: 0 },
      { kind: 'advance', step: 0, to: 1 },
      { kind: 'store', step: 1 },
      { kind: 'advance', step: 1, to: 2 },
      { kind: 'record', step: 2 },
      { kind: 'reverse', step: 2 },
      { kind: 'restore', step: 1 },
      { kind: 'record', step: 1 },
      { kind: 'reverse', step: 1 },
      { kind: 'free', step: 1 },
      { kind: 'restore', step: 0 },
      { kind: 'record', step: 0 },
      { kind: 'reverse', step: 0 },
      { kind: 'free', step: 0 },
    ]);
    // T = 36: 35 stored floats, step 35's 760-byte tape and the working x_36, against 23,168.
    const run = executeSchedule(defaultParams(36), periodicSchedule(36, 1));
    expect([run.storedStates, run.peakBytes, fullTapeBytes(36)]).toEqual([37, 1048, 23_168]);
  });

  it('T = 40: stride 4 holds 14 items and 2,760 bytes and recomputes 36 steps; stride 6 12 items, 3,896 bytes, 36', () => {
    const four = executeSchedule(defaultParams(40), periodicSchedule(40, 4));
    expect([four.storedStates, four.peakBytes, four.recomputedSteps, four.stepEvaluations, four.workUnits]).toEqual([14, 2760, 36, 76, 2.9]);
    // The peak: the last segment taped, 4 tapes (step 39's with the loss), 9 stored starts, x_40.
    expect(four.peakBytes).toBe(4 * STEP_TAPE_BYTES + LOSS_TAPE_BYTES + 9 * STATE_BYTES + STATE_BYTES);
    const six = executeSchedule(defaultParams(40), periodicSchedule(40, 6));
    expect([six.storedStates, six.peakBytes, six.advances]).toEqual([13, 3896, 36]);
  });
});

describe('binomial schedules over steps 1 … 60 and snapshots 1 … 12', () => {
  it('hold at most s snapshots, reverse each step once in order, advance t(l, s) steps and give the full-tape gradient bitwise', () => {
    const failures: string[] = [];
    for (let T = 1; T <= MAX_STEPS; T++) {
      const chains = chainsOf(T);
      for (let s = 1; s <= Math.min(T, MAX_SNAPSHOTS); s++) {
        const actions = revolveSchedule(T, s);
        const where = `T=${T} s=${s}`;
        if (reverseOrder(actions).join() !== countdown(T).join()) failures.push(`${where}: reverse order`);
        const dryBytes = countSchedule(T, actions).peakBytes;
        // s snapshots, the one recorded step of a turn (at most step T−1's), and the working x_{t+1} after it.
        const bound = s * STATE_BYTES + recordedStepBytes(T - 1, T) + STATE_BYTES;
        for (const { name, params, full } of chains) {
          const run = executeSchedule(params, actions);
          if (run.peakSnapshots > s) failures.push(`${where}: ${run.peakSnapshots} snapshots held`);
          if (run.storedStates > s + 2) failures.push(`${where}: ${run.storedStates} live states`);
          if (run.peakBytes !== dryBytes) failures.push(`${where} ${name}: ${run.peakBytes} bytes, dry run ${dryBytes}`);
          if (run.peakBytes > bound) failures.push(`${where} ${name}: ${run.peakBytes} bytes > 8s + 768 = ${bound}`);
          if (run.peakBytes !== revolvePeakBytes(T, s)) failures.push(`${where} ${name}: ${run.peakBytes} bytes, closed form ${revolvePeakBytes(T, s)}`);
          if (run.advances !== revolveAdvances(T, s)) failures.push(`${where}: ${run.advances} advances, t(l, s) = ${revolveAdvances(T, s)}`);
          if (run.records !== T || run.reverseSteps !== T) failures.push(`${where}: ${run.records} records, ${run.reverseSteps} reverses`);
          if (run.recomputedSteps !== run.advances) failures.push(`${where}: recomputed ${run.recomputedSteps} ≠ advances`);
          const mismatch = bitwiseMismatches(run, full);
          if (mismatch.length > 0) failures.push(`${where} ${name}: ${mismatch.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('snapshot counts at or above the steps run as s = T − 1 and store every state once', () => {
    for (let T = 1; T <= 30; T++) {
      for (const s of [T, T + 1, 5 * T]) {
        const run = executeSchedule(defaultParams(T), revolveSchedule(T, s));
        expect(run.advances).toBe(Math.max(0, T - 1));
        expect(run.peakSnapshots).toBeLessThanOrEqual(Math.max(1, T - 1));
        expect(run.peakBytes).toBe(Math.max(1, T - 1) * STATE_BYTES + recordedStepBytes(T - 1, T) + STATE_BYTES);
        expect(revolveSchedule(T, s)).toEqual(revolveSchedule(T, Math.max(1, T - 1)));
      }
    }
  });

  it('T = 40 with 3, 5 and 10 snapshots advances t(40, s) = 130, 92 and 68 steps in 792, 808 and 848 bytes', () => {
    const [three, five, ten] = [3, 5, 10].map((s) => executeSchedule(defaultParams(40), revolveSchedule(40, s)));
    expect([three.advances, three.peakSnapshots, three.storedStates, three.peakBytes]).toEqual([130, 3, 5, 792]);
    expect([five.advances, five.peakSnapshots, five.storedStates, five.peakBytes]).toEqual([92, 5, 7, 808]);
    expect([ten.advances, ten.peakSnapshots, ten.storedStates, ten.peakBytes]).toEqual([68, 10, 12, 848]);
  });
});

describe('the checkpointed gradient against the hand-written adjoint (fusedAdjoint)', () => {
  it('matches it to rounding, and bitwise where both take the same operations (loss, x̄_T, the last step)', () => {
    for (const T of [1, 2, 7, 40, 60]) {
      for (const params of [defaultParams(T), randomParams(T, seeded(T))]) {
        const run = executeSchedule(params, revolveSchedule(T, 3));
        const fused = fusedAdjoint(params);
        expect(sameBits(run.loss, fused.loss)).toBe(true);
        expect(sameBits(run.adjoint[T], fused.adjoint[T])).toBe(true);
        expect(sameBits(run.a[T - 1], fused.a[T - 1])).toBe(true);
        expect(sameBits(run.b[T - 1], fused.b[T - 1])).toBe(true);
        // Elsewhere x̄_t is summed in a different order (see engine/checkpoint/README.md).
        const scale = Math.max(...run.a.map(Math.abs), ...run.b.map(Math.abs));
        for (let t = 0; t < T; t++) {
          expect(Math.abs(run.a[t] - fused.a[t])).toBeLessThanOrEqual(1e-13 * scale);
          expect(Math.abs(run.b[t] - fused.b[t])).toBeLessThanOrEqual(1e-13 * scale);
        }
      }
    }
  });
});
