import { revolvePeakBytes } from './bytes.ts';
import { countSchedule, type ScheduleCounts } from './executor.ts';
import { periodicActions, periodicPeakBytes } from './periodic.ts';
import { revolveActions } from './revolve.ts';

/**
 * One binomial and one periodic schedule of the same chain, paired at (nearly) equal peak bytes.
 * A side that has no schedule fitting the other's bytes is all null.
 */
export interface ScheduleComparison {
  steps: number;
  /** The binomial schedule's snapshots. */
  snapshots: number | null;
  /** Its peak live states. */
  revolveStates: number | null;
  /** Its peak bytes, 8·max(1, min(s, T − 1)) + 768 (see `revolvePeakBytes`). */
  revolveBytes: number | null;
  /** Its advances, t(l, s) (every step is recorded once, so these are also its recomputed steps). */
  revolveAdvances: number | null;
  stride: number | null;
  periodicStates: number | null;
  /** Its peak bytes (see `periodicPeakBytes`). */
  periodicBytes: number | null;
  /** Its advances, T − ⌈T/k⌉ (also its recomputed steps). */
  periodicAdvances: number | null;
}

type Side<K extends string> = { [P in K]: number | null };
type RevolveSide = Side<'snapshots' | 'revolveStates' | 'revolveBytes' | 'revolveAdvances'>;
type PeriodicSide = Side<'stride' | 'periodicStates' | 'periodicBytes' | 'periodicAdvances'>;

function revolveSide(snapshots: number | null, c: ScheduleCounts | null): RevolveSide {
  return {
    snapshots,
    revolveStates: c ? c.storedStates : null,
    revolveBytes: c ? c.peakBytes : null,
    revolveAdvances: c ? c.advances : null,
  };
}

function periodicSide(stride: number | null, c: ScheduleCounts | null): PeriodicSide {
  return {
    stride,
    periodicStates: c ? c.storedStates : null,
    periodicBytes: c ? c.peakBytes : null,
    periodicAdvances: c ? c.advances : null,
  };
}

/**
 * The binomial schedule with s snapshots against the periodic stride with the most peak bytes not
 * exceeding the binomial's (the smaller stride on ties), or none if no stride fits. The stride is
 * chosen by the closed form `periodicPeakBytes` (checked against the executor in the tests); both
 * sides' figures come from dry runs in the executor.
 */
export function compareAtSnapshots(steps: number, snapshots: number): ScheduleComparison {
  const revolve = countSchedule(steps, revolveActions(steps, snapshots));
  let stride: number | null = null;
  let best = -1;
  for (let k = 1; k <= steps; k++) {
    const bytes = periodicPeakBytes(steps, k);
    if (bytes <= revolve.peakBytes && bytes > best) {
      best = bytes;
      stride = k;
    }
  }
  const periodic = stride === null ? null : countSchedule(steps, periodicActions(steps, stride));
  return { steps, ...revolveSide(snapshots, revolve), ...periodicSide(stride, periodic) };
}

/**
 * The periodic schedule with stride k against the binomial schedule with the most peak bytes not
 * exceeding the periodic one's, or none if even s = 1 does not fit. The binomial's bytes grow
 * with s up to s = T − 1 and stay there (more snapshots cannot be used), so this is the largest
 * s ≤ max(1, T − 1) that fits, chosen by the closed form `revolvePeakBytes` (checked against the
 * executor in the tests); both sides' figures come from dry runs in the executor.
 */
export function compareAtStride(steps: number, stride: number): ScheduleComparison {
  const periodic = countSchedule(steps, periodicActions(steps, stride));
  let snapshots: number | null = null;
  for (let s = 1; s <= Math.max(1, steps - 1) && revolvePeakBytes(steps, s) <= periodic.peakBytes; s++) snapshots = s;
  const revolve = snapshots === null ? null : countSchedule(steps, revolveActions(steps, snapshots));
  return { steps, ...revolveSide(snapshots, revolve), ...periodicSide(stride, periodic) };
}

/** The stride with the fewest peak bytes for a chain of `steps` steps (the smallest on ties). */
export function leanestStride(steps: number): number {
  let best = 1;
  for (let k = 2; k <= steps; k++) if (periodicPeakBytes(steps, k) < periodicPeakBytes(steps, best)) best = k;
  return best;
}

const HEADER = [
  '| steps l | snapshots s | revolve states | revolve bytes | revolve advances | periodic stride | periodic states | periodic bytes | periodic advances |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];

function row(c: ScheduleComparison): string {
  const cells = [
    c.steps,
    c.snapshots,
    c.revolveStates,
    c.revolveBytes,
    c.revolveAdvances,
    c.stride,
    c.periodicStates,
    c.periodicBytes,
    c.periodicAdvances,
  ];
  return `| ${cells.map((x) => (x === null ? '—' : String(x))).join(' | ')} |`;
}

/** A markdown table of `compareAtSnapshots` over chain lengths × snapshot counts. */
export function comparisonTable(lengths: readonly number[], snapshotCounts: readonly number[]): string {
  const rows = [...HEADER];
  for (const l of lengths) for (const s of snapshotCounts) rows.push(row(compareAtSnapshots(l, s)));
  return rows.join('\n');
}

/** A markdown table of `compareAtStride` at each length's leanest stride (in bytes). */
export function leanestStrideTable(lengths: readonly number[]): string {
  return [...HEADER, ...lengths.map((l) => row(compareAtStride(l, leanestStride(l))))].join('\n');
}

/**
 * A markdown table of states, bytes and advances of some periodic strides and binomial snapshot
 * counts on one chain, each schedule dry-run in the executor.
 */
export function memoryTable(steps: number, strides: readonly number[], snapshotCounts: readonly number[]): string {
  const rows = ['| schedule | states | bytes | advances |', '| :--- | ---: | ---: | ---: |'];
  const line = (name: string, c: ScheduleCounts) => `| ${name} | ${c.storedStates} | ${c.peakBytes} | ${c.advances} |`;
  for (const k of strides) rows.push(line(`periodic, stride ${k}`, countSchedule(steps, periodicActions(steps, k))));
  for (const s of snapshotCounts) rows.push(line(`revolve, s = ${s}`, countSchedule(steps, revolveActions(steps, s))));
  return rows.join('\n');
}
