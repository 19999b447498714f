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
    ]);
    expect(summary).toMatchObject({ peakStates: 14, peakBytes: 8448, advances: 30, stepEvaluations: 70, recomputedSteps: 30, workUnits: 2.75 });
    expect(summary.actions.slice(0, 3)).toEqual([
      { kind: 'record', step: 0 },
      { kind: 'advance', step: 1, to: 4 },
      { kind: 'record', step: 4 },
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
        'record 0 · advance 1→4 · record 4 · advance 5→8 · restore 5 · record 5 · record 6 · record 7 ·',
        'reverse 7 · reverse 6 · reverse 5 · reverse 4 · restore 1 · record 1 · record 2 · record 3 ·',
        'reverse 3 · reverse 2 · reverse 1 · reverse 0',
        'peak states 6 · peak bytes 3328 · peak snapshots 0 · advances 6 · records 8 · step evaluations 14 · recomputed 6 · work 2.75 units',
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
      fullTapeStates: 41,
      storedStates: 14,
      peakSnapshots: 0,
      peakBytes: 8448,
      fullTapeBytes: 25728,
      advances: 30,
      stepEvaluations: 70,
      recomputedSteps: 30,
      workUnits: 2.75,
    });
    expect(report.actions).toHaveLength(100);
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
    const settings: LabSettings = { steps: 40, eps: 1e-5, stride: 4, schedule: 'revolve', snapshots: 5, c: 0.35, x0: 0.4, target: 0.25 };
    const params = defaultParams(40);
    expect(checkpointReport(params, { ...settings, include: { frontier: false } }).report).toMatchObject({ schedule: 'revolve', snapshots: 5, advances: 92, frontier: null });
    expect(checkpointWork(params, { ...settings, schedule: 'periodic' })).toBe(2.75);
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
        peakBytes: c.peakBytes,
        recomputedSteps: c.recomputedSteps,
        workUnits: c.workUnits,
      });
    }
    for (const p of f.revolve) {
      const c = countSchedule(T, revolveActions(T, p.setting));
      expect([p.storedStates, p.peakBytes]).toEqual([c.storedStates, c.peakBytes]);
    }
    expect(f.periodic[0]).toEqual({ setting: 1, storedStates: T + 1, peakBytes: fullTapeBytes(T), recomputedSteps: 0, workUnits: 2 });
    expect(f.revolve[2]).toMatchObject({ setting: 3, storedStates: 5, peakBytes: revolvePeakBytes(T, 3) });
  });

  it('covers T = 200: 200 points a side, from the full tape to every state snapshotted', () => {
    const T = 200;
    const f = frontier(T);
    expect([f.periodic.length, f.revolve.length]).toEqual([T, T]);
    expect(f.periodic[0]).toEqual({ setting: 1, storedStates: T + 1, peakBytes: fullTapeBytes(T), recomputedSteps: 0, workUnits: 2 });
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
    // T = 40: the leanest stride in bytes is 6 (7048 bytes), where revolve fits with all 39 useful snapshots.
    expect(leanestStride(40)).toBe(6);
    expect(compareAtStride(40, 6)).toEqual({
      steps: 40,
      snapshots: 39,
      revolveStates: 41,
      revolveBytes: 1080,
      revolveAdvances: 39,
      stride: 6,
      periodicStates: 12,
      periodicBytes: 7048,
      periodicAdvances: 33,
    });
    // Below T = 25,106, T = 1 is the one length where a periodic schedule fits in a binomial one's bytes (768 ≤ 776).
    expect(compareAtSnapshots(1, 1)).toMatchObject({ revolveBytes: 776, stride: 1, periodicBytes: 768 });
  });

  it('no periodic stride fits in a binomial schedule\'s bytes for 2 ≤ T ≤ 1000, nor until T = 25,106 by the closed forms', () => {
    const leanest = (T: number) => periodicPeakBytes(T, leanestStride(T));
    for (let T = 2; T <= 1000; T++) expect(leanest(T), `T=${T}`).toBeGreaterThan(revolvePeakBytes(T, T - 1));
    expect(leanest(25_105)).toBeGreaterThan(revolvePeakBytes(25_105, 25_104));
    expect(leanest(25_106)).toBeLessThanOrEqual(revolvePeakBytes(25_106, 25_105));
  });
});

describe('engine/checkpoint/README.md', () => {
  it('shows the tables the executor counts today', () => {
    const readme = readFileSync(new URL('../../../engine/checkpoint/README.md', import.meta.url), 'utf8');
    expect(readme).toContain(memoryTable(40, [1, 4, 6], [3, 5, 10]));
    expect(readme).toContain(comparisonTable([10, 40, 200, 1000], [1, 2, 3, 5, 10]));
    expect(readme).toContain(leanestStrideTable([10, 40, 200, 1000]));
  });
});
