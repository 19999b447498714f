import { countSchedule } from './executor.ts';
import { periodicActions, periodicStoredStates } from './periodic.ts';
import { revolveActions } from './revolve.ts';

/** One binomial and one periodic schedule of the same chain, paired at (nearly) equal live states. */
export interface ScheduleComparison {
  steps: number;
  /** The binomial schedule's snapshots. */
  snapshots: number | null;
  /** Its peak live states. */
  revolveStates: number | null;
  /** Its advances, t(l, s) (every step is recorded once, so these are also its recomputed steps). */
  revolveAdvances: number | null;
  stride: number | null;
  periodicStates: number | null;
  /** Its advances, T − ⌈T/k⌉ (also its recomputed steps). */
  periodicAdvances: number | null;
}

/**
 * The binomial schedule with s snapshots against the periodic stride whose peak live states come
 * closest to the binomial's without exceeding them (the smaller stride on ties), or none if no
 * stride fits. The stride is chosen by the closed form `periodicStoredStates` (checked against the
 * executor in the tests); both rows' counts come from dry runs in the executor.
 */
export function compareAtSnapshots(steps: number, snapshots: number): ScheduleComparison {
  const revolve = countSchedule(steps, revolveActions(steps, snapshots));
  let stride: number | null = null;
  let best = -1;
  for (let k = 1; k <= steps; k++) {
    const states = periodicStoredStates(steps, k);
    if (states <= revolve.storedStates && states > best) {
      best = states;
      stride = k;
    }
  }
  const periodic = stride === null ? null : countSchedule(steps, periodicActions(steps, stride));
  return {
    steps,
    snapshots,
    revolveStates: revolve.storedStates,
    revolveAdvances: revolve.advances,
    stride,
    periodicStates: periodic ? periodic.storedStates : null,
    periodicAdvances: periodic ? periodic.advances : null,
  };
}

/**
 * The periodic schedule with stride k against the binomial schedule with the most snapshots whose
 * peak live states do not exceed the periodic one's (or none if even s = 1 does not fit).
 */
export function compareAtStride(steps: number, stride: number): ScheduleComparison {
  const periodic = countSchedule(steps, periodicActions(steps, stride));
  // A binomial schedule with s snapshots holds at most s + 2 states; search down from there.
  for (let s = Math.max(1, periodic.storedStates - 2); s >= 1; s--) {
    const revolve = countSchedule(steps, revolveActions(steps, s));
    if (revolve.storedStates <= periodic.storedStates) {
      return {
        steps,
        snapshots: s,
        revolveStates: revolve.storedStates,
        revolveAdvances: revolve.advances,
        stride,
        periodicStates: periodic.storedStates,
        periodicAdvances: periodic.advances,
      };
    }
  }
  const none = { snapshots: null, revolveStates: null, revolveAdvances: null };
  return { steps, ...none, stride, periodicStates: periodic.storedStates, periodicAdvances: periodic.advances };
}

/** The stride with the fewest peak live states for a chain of `steps` steps (the smallest on ties). */
export function leanestStride(steps: number): number {
  let best = 1;
  for (let k = 2; k <= steps; k++) if (periodicStoredStates(steps, k) < periodicStoredStates(steps, best)) best = k;
  return best;
}

const HEADER = [
  '| steps l | snapshots s | revolve states | revolve advances | periodic stride | periodic states | periodic advances |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];

function row(c: ScheduleComparison): string {
  const cell = (x: number | null) => (x === null ? '—' : String(x));
  return `| ${c.steps} | ${cell(c.snapshots)} | ${cell(c.revolveStates)} | ${cell(c.revolveAdvances)} | ${cell(c.stride)} | ${cell(c.periodicStates)} | ${cell(c.periodicAdvances)} |`;
}

/** A markdown table of `compareAtSnapshots` over chain lengths × snapshot counts. */
export function comparisonTable(lengths: readonly number[], snapshotCounts: readonly number[]): string {
  const rows = [...HEADER];
  for (const l of lengths) for (const s of snapshotCounts) rows.push(row(compareAtSnapshots(l, s)));
  return rows.join('\n');
}

/** A markdown table of `compareAtStride` at each length's leanest stride. */
export function leanestStrideTable(lengths: readonly number[]): string {
  return [...HEADER, ...lengths.map((l) => row(compareAtStride(l, leanestStride(l))))].join('\n');
}
