import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/chain.ts';
import type { LabSettings } from '../../../engine/report.ts';
import {
  checkpointReport,
  checkpointWork,
  compareAtSnapshots,
  compareAtStride,
  comparisonTable,
  countSchedule,
  formatSchedule,
  frontier,
  fullTapeBytes,
  leanestStride,
  leanestStrideTable,
  memoryTable,
  periodicActions,
  periodicPeakBytes,
  revolveActions,
  revolvePeakBytes,
  runCheckpointed,
  scheduleReport,
  scheduleSummary,
  validateScheduleSpec,
} from '../../../engine/checkpoint/index.ts';
import { firstBitDifference, fullTapeGradient } from './reference.ts';

describe('scheduleSummary: what `schedule --json` prints', () => {
  it('has the documented keys in order, counted by the executor (T = 40, stride 4)', () => {
    const summary = scheduleSummary(40, { schedule: 'periodic', stride: 4 });
    expect(Object.keys(summary)).toEqual([
      'schedule',
      'steps',
      'stride',
      'actions',
      'peakStates',
      'peakBytes',
      'advances',
      'stepEvaluations',
      'recomputedSteps',
      'peakSnapshots',
      'records',
      'workUnits',
      'state',
      'stateBytes',
      'stepBytes',
      'fullTapeStates',
      'fullTapeBytes',
    ]);
    // 9 stored starts, the last segment's 4 tapes (step 39's with the loss) and x_40: 14 items,
    // 9·8 + 3·640 + 760 + 8 bytes; every step outside the last segment advanced once.
    expect(summary).toMatchObject({ peakStates: 14, peakBytes: 2760, advances: 36, stepEvaluations: 76, recomputedSteps: 36, workUnits: 2.9 });
    expect(summary).toMatchObject({ state: 'scalar', stateBytes: 8, stepBytes: 640, fullTapeStates: 41, fullTapeBytes: 25_728 });
    expect(summary.actions.slice(0, 3)).toEqual([
      { kind: 'store', step: 0 },
      { kind: 'advance', step: 0, to: 4 },
      { kind: 'store', step: 4 },
    ]);
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });

  it('names the snapshots for a binomial schedule (T = 40, s = 3 and 5)', () => {
    const three = scheduleSummary(40, { schedule: 'revolve', snapshots: 3 });
    expect(Object.keys(three).slice(0, 4)).toEqual(['schedule', 'steps', 'snapshots', 'actions']);
    expect(three).toMatchObject({ peakStates: 5, peakBytes: 792, peakSnapshots: 3, advances: 130, stepEvaluations: 170, recomputedSteps: 130 });
    expect(scheduleSummary(40, { schedule: 'revolve', snapshots: 5 })).toMatchObject({ peakStates: 7, peakBytes: 808, advances: 92 });
  });

  it('formats as a compact action list and the counters', () => {
    const text = formatSchedule(scheduleSummary(8, { schedule: 'periodic', stride: 4 }));
    expect(text).toBe(
      [
        'periodic schedule, T = 8, stride 4: 20 actions',
        'store 0 · advance 0→4 · record 4 · record 5 · record 6 · record 7 · reverse 7 · reverse 6 ·',
        'reverse 5 · reverse 4 · restore 0 · record 0 · record 1 · record 2 · record 3 · reverse 3 ·',
        'reverse 2 · reverse 1 · reverse 0 · free 0',
        "peak items 6 · peak bytes 2696 (full tape 5248; a state 8 B, a step's tape 640 B) · peak snapshots 1 · advances 4 · records 8 · step evaluations 12 · recomputed 4 · work 2.5 units",
      ].join('\n'),
    );
    const short = formatSchedule(scheduleSummary(40, { schedule: 'revolve', snapshots: 3 }), { maxActions: 4 });
    expect(short).toContain('store 0 · advance 0→');
    expect(short).toMatch(/… 190 more … · reverse 0 · free 0/);
  });
});

describe('validateScheduleSpec', () => {
  it('says in one sentence what is wrong with a stride or a snapshot count', () => {
    expect(validateScheduleSpec(40, { schedule: 'periodic', stride: 4 })).toBeNull();
    expect(validateScheduleSpec(40, { schedule: 'periodic', stride: 0 })).toBe('the checkpoint stride must be at least 1; got 0');
    expect(validateScheduleSpec(40, { schedule: 'periodic', stride: 41 })).toBe(
      'the checkpoint stride must be at most the number of steps (40); got 41',
    );
    expect(validateScheduleSpec(40, { schedule: 'periodic', stride: 2.5 })).toBe('the checkpoint stride must be a whole number; got 2.5');
    expect(validateScheduleSpec(40, { schedule: 'periodic', stride: NaN })).toMatch(/whole number; got NaN/);
    expect(validateScheduleSpec(40, { schedule: 'revolve', snapshots: 0 })).toBe('the number of snapshots must be at least 1; got 0');
    expect(validateScheduleSpec(40, { schedule: 'revolve', snapshots: 1.5 })).toMatch(/whole number; got 1.5/);
    expect(validateScheduleSpec(40, { schedule: 'revolve', snapshots: 400 })).toBeNull();
    expect(validateScheduleSpec(0, { schedule: 'revolve', snapshots: 3 })).toMatch(/at least 1; got 0/);
    expect(() => scheduleSummary(40, { schedule: 'periodic', stride: 0 })).toThrow(RangeError);
  });
});

describe('runCheckpointed and scheduleReport', () => {
  it('report the counts of the run, every action, the frontier and the full-tape gradient', () => {
    const params = defaultParams(40);
    const { report, gradient } = runCheckpointed(params, { schedule: 'periodic', stride: 4 });
    expect(report).toMatchObject({
      schedule: 'periodic',
      stride: 4,
      snapshots: null,
      stateWidth: 'scalar',
      stateBytes: 8,
      stepBytes: 640,
      fullTapeStates: 41,
      storedStates: 14,
      peakSnapshots: 9,
      peakBytes: 2760,
      fullTapeBytes: 25728,
      advances: 36,
      stepEvaluations: 76,
      recomputedSteps: 36,
      workUnits: 2.9,
    });
    // 9 × (store, advance) + 4 records + 4 reverses + 9 × (restore, 4 records, 4 reverses, free).
    expect(report.actions).toHaveLength(18 + 8 + 90);
    // T = 40: 13 items at strides 5 … 8 (the smallest named); 8·40 + 760 bytes at stride 1.
    expect(report.leastMemory).toEqual({ byItems: { stride: 5, peakStates: 13 }, byBytes: { stride: 1, peakBytes: 1080 } });
    expect(report.frontier?.periodic).toHaveLength(40);
    expect(report.frontier?.revolve).toHaveLength(40);
    const full = fullTapeGradient(params);
    expect(firstBitDifference(report.gradient.a, full.a)).toBe(-1);
    expect(firstBitDifference(gradient.adjoint, full.adjoint)).toBe(-1);
    expect(gradient.c).toBe(full.c);
    expect(scheduleReport(params, { schedule: 'revolve', snapshots: 3 }, { frontier: false })).toMatchObject({
      schedule: 'revolve',
      stride: null,
      snapshots: 3,
      advances: 130,
      peakBytes: 792,
      fullTapeBytes: fullTapeBytes(40),
      frontier: null,
    });
  });

  it('the lab adapter runs the schedule the settings select', () => {
    const settings: LabSettings = { steps: 40, eps: 1e-5, stride: 4, schedule: 'revolve', snapshots: 5, state: 'scalar', c: 0.35, x0: 0.4, target: 0.25 };
    const params = defaultParams(40);
    expect(checkpointReport(params, { ...settings, include: { frontier: false } }).report).toMatchObject({ schedule: 'revolve', snapshots: 5, advances: 92, frontier: null });
    expect(checkpointWork(params, { ...settings, schedule: 'periodic' })).toBe(2.9);
    // A wide state changes the bytes, not the schedule: 14 items of 640 and the loss's 120 more.
    expect(checkpointReport(params, { ...settings, schedule: 'periodic', state: 'wide', include: { frontier: false } }).report).toMatchObject({ stateBytes: 640, storedStates: 14, peakBytes: 14 * 640 + 120 });
    // A stride longer than the chain acts as one segment.
    expect(checkpointWork(defaultParams(2), { ...settings, schedule: 'periodic' })).toBe(checkpointWork(defaultParams(2), { ...settings, schedule: 'periodic', stride: 2 }));
  });
});

describe('frontier', () => {
  it('is every stride and snapshot count, counted by dry runs', () => {
    const T = 25;
    const f = frontier(T);
    expect(f.periodic.map((p) => p.setting)).toEqual(Array.from({ length: T }, (_, i) => i + 1));
    for (const p of f.periodic) {
      const c = countSchedule(T, periodicActions(T, p.setting));
      expect(p).toEqual({
        setting: p.setting,
        storedStates: c.storedStates,
        peakItems: c.peakItems,
        peakBytes: c.peakBytes,
        recomputedSteps: c.recomputedSteps,
        workUnits: c.workUnits,
      });
    }
    for (const p of f.revolve) {
      const c = countSchedule(T, revolveActions(T, p.setting));
      expect([p.storedStates, p.peakBytes]).toEqual([c.storedStates, c.peakBytes]);
    }
    // Every step recorded: T recorded steps and the working x_T, no stored state.
    const allRecorded = { storedStates: 0, recordedSteps: T, workingState: 1 };
    expect(f.periodic[T - 1]).toEqual({ setting: T, storedStates: T + 1, peakItems: allRecorded, peakBytes: fullTapeBytes(T), recomputedSteps: 0, workUnits: 2 });
    // Stride 1: T − 1 stored floats, the last step's tape and x_T; every step but the last re-taped.
    expect(f.periodic[0]).toEqual({
      setting: 1,
      storedStates: T + 1,
      peakItems: { storedStates: T - 1, recordedSteps: 1, workingState: 1 },
      peakBytes: 8 * T + 760,
      recomputedSteps: T - 1,
      workUnits: (3 * T - 1) / T,
    });
    expect(f.revolve[2]).toMatchObject({ setting: 3, storedStates: 5, peakBytes: revolvePeakBytes(T, 3) });
  });

  it('covers T = 200: 200 points a side, from every state stored to the full tape', () => {
    const T = 200;
    const f = frontier(T);
    expect([f.periodic.length, f.revolve.length]).toEqual([T, T]);
    // Every step recorded: T recorded steps and the working x_T, no stored state.
    const allRecorded = { storedStates: 0, recordedSteps: T, workingState: 1 };
    expect(f.periodic[T - 1]).toEqual({ setting: T, storedStates: T + 1, peakItems: allRecorded, peakBytes: fullTapeBytes(T), recomputedSteps: 0, workUnits: 2 });
    // s = T acts as T − 1: every state but the last stored, each step advanced once at most.
    expect(f.revolve[T - 1]).toMatchObject({ setting: T, peakBytes: revolvePeakBytes(T, T - 1), recomputedSteps: T - 1 });
    expect(f.revolve[0]).toMatchObject({ setting: 1, storedStates: 3, peakBytes: revolvePeakBytes(T, 1), recomputedSteps: (T * (T - 1)) / 2 });
  });
});

describe('the comparison at equal peak bytes', () => {
  const LENGTHS = [10, 40, 200, 1000];

  it('chooses by closed forms that equal the executor at the table lengths (every stride; s = 1 … 12, T − 1, T)', () => {
    for (const T of LENGTHS) {
      for (let k = 1; k <= T; k++) expect(countSchedule(T, periodicActions(T, k)).peakBytes, `T=${T} k=${k}`).toBe(periodicPeakBytes(T, k));
      for (const s of [...Array.from({ length: 12 }, (_, i) => i + 1), T - 1, T]) {
        expect(countSchedule(T, revolveActions(T, s)).peakBytes, `T=${T} s=${s}`).toBe(revolvePeakBytes(T, s));
      }
    }
  });

  it('pairs each schedule with the other kind\'s largest peak bytes that fit', () => {
    // T = 40: the leanest stride in bytes is 1 (1,080 bytes), which is revolve with 39 snapshots
    // in bytes, items and advances: both store every state but the last and tape one step at a time.
    expect(leanestStride(40)).toBe(1);
    expect(compareAtStride(40, 1)).toEqual({
      steps: 40,
      snapshots: 39,
      revolveStates: 41,
      revolveBytes: 1080,
      revolveAdvances: 39,
      stride: 1,
      periodicStates: 41,
      periodicBytes: 1080,
      periodicAdvances: 39,
    });
    // Fewer snapshots hold less than any periodic stride: 3 snapshots, 792 bytes.
    expect(compareAtSnapshots(40, 3)).toMatchObject({ revolveBytes: 792, stride: null });
  });

  it('the leanest stride in bytes is ≈ √(T·S/R): 1 up to T = 80 (equal to revolve with T − 1 snapshots), 2 at T = 200', () => {
    for (let T = 2; T <= 80; T++) {
      expect(leanestStride(T), `T=${T}`).toBe(1);
      expect(periodicPeakBytes(T, 1), `T=${T}`).toBe(8 * T + 760);
      expect(periodicPeakBytes(T, 1), `T=${T}`).toBe(revolvePeakBytes(T, T - 1));
    }
    // 8·100 + 640·2 + 120 = 2,200 against stride 1's 2,360.
    expect(leanestStride(200)).toBe(2);
    expect(periodicPeakBytes(200, 2)).toBe(2200);
  });
});

describe('engine/checkpoint/README.md', () => {
  it('shows the tables the executor counts today', () => {
    const readme = readFileSync(new URL('../../../engine/checkpoint/README.md', import.meta.url), 'utf8');
    expect(readme).toContain(memoryTable(40, [1, 4, 6, 40], [3, 5, 10]));
    expect(readme).toContain(comparisonTable([10, 40, 200, 1000], [1, 2, 3, 5, 10]));
    expect(readme).toContain(leanestStrideTable([10, 40, 200, 1000]));
  });
});
