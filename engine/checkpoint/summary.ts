import { formatAction, type CheckpointAction } from './actions.ts';
import { SCALAR_MODEL, fullTapeBytes, type MemoryModel, type StateWidth } from './bytes.ts';
import { countSchedule } from './executor.ts';
import { buildSchedule, type ScheduleSpec } from './spec.ts';

/** The counts every summary carries, in the order `schedule --json` prints them. */
interface SummaryCounts {
  actions: CheckpointAction[];
  /** The most live states held at once (the executor's `storedStates`). */
  peakStates: number;
  /** The most bytes held at once (the executor's `peakBytes`). */
  peakBytes: number;
  advances: number;
  stepEvaluations: number;
  recomputedSteps: number;
  peakSnapshots: number;
  records: number;
  workUnits: number;
  /** The memory model: the state width, S and R in bytes. */
  state: StateWidth;
  stateBytes: number;
  stepBytes: number;
  /** The full tape's peak, for scale: T + 1 items, R·T + 120 + S bytes. */
  fullTapeStates: number;
  fullTapeBytes: number;
}

/** What `tape-lab schedule --json` prints for a periodic schedule. */
export interface PeriodicSummary extends SummaryCounts {
  schedule: 'periodic';
  steps: number;
  stride: number;
}

/** What `tape-lab schedule --json` prints for a binomial schedule. */
export interface RevolveSummary extends SummaryCounts {
  schedule: 'revolve';
  steps: number;
  snapshots: number;
}

export type ScheduleSummary = PeriodicSummary | RevolveSummary;

/**
 * A schedule's actions and its counts, from a dry run in the executor under the memory model
 * (S = 8 unless a wide state is asked for): `{ schedule, steps, stride | snapshots, actions,
 * peakStates, peakBytes, advances, stepEvaluations, recomputedSteps, peakSnapshots, records,
 * workUnits, state, stateBytes, stepBytes, fullTapeStates, fullTapeBytes }`. peakStates counts
 * held items (each stored state or recorded step one), peakBytes their bytes. Throws RangeError
 * for a spec `validateScheduleSpec` rejects.
 */
export function scheduleSummary(steps: number, spec: ScheduleSpec, memory: MemoryModel = SCALAR_MODEL): ScheduleSummary {
  const actions = buildSchedule(steps, spec);
  const c = countSchedule(steps, actions, memory);
  const counts = {
    actions,
    peakStates: c.storedStates,
    peakBytes: c.peakBytes,
    advances: c.advances,
    stepEvaluations: c.stepEvaluations,
    recomputedSteps: c.recomputedSteps,
    peakSnapshots: c.peakSnapshots,
    records: c.records,
    workUnits: c.workUnits,
    state: memory.width,
    stateBytes: memory.stateBytes,
    stepBytes: memory.stepBytes,
    fullTapeStates: steps + 1,
    fullTapeBytes: fullTapeBytes(steps, memory),
  };
  return spec.schedule === 'periodic'
    ? { schedule: 'periodic', steps, stride: spec.stride, ...counts }
    : { schedule: 'revolve', steps, snapshots: spec.snapshots, ...counts };
}

export interface FormatOptions {
  /** Longest line of the action list (default 96 characters). */
  width?: number;
  /** Show at most this many actions, eliding the middle (default: all). */
  maxActions?: number;
}

/**
 * A readable text form of a summary for the command line: a heading, the action list joined
 * with ` · ` and wrapped, then the counters.
 *
 *   periodic schedule, T = 8, stride 4: 20 actions
 *   store 0 · advance 0→4 · record 4 · record 5 · record 6 · record 7 · reverse 7 · …
 *   peak items 6 · peak bytes 2696 (full tape 5248; …) · peak snapshots 1 · advances 4 · …
 */
export function formatSchedule(summary: ScheduleSummary, options: FormatOptions = {}): string {
  const width = options.width ?? 96;
  const setting = summary.schedule === 'periodic' ? `stride ${summary.stride}` : `${summary.snapshots} snapshots`;
  const n = summary.actions.length;
  const lines = [`${summary.schedule} schedule, T = ${summary.steps}, ${setting}: ${n} actions`];
  const words = elide(summary.actions.map(formatAction), options.maxActions);
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} · ${word}`;
    if (candidate.length > width && line !== '') {
      lines.push(`${line} ·`);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  lines.push(
    [
      `peak items ${summary.peakStates}`,
      `peak bytes ${summary.peakBytes} (full tape ${summary.fullTapeBytes}; a state ${summary.stateBytes} B, a step's tape ${summary.stepBytes} B)`,
      `peak snapshots ${summary.peakSnapshots}`,
      `advances ${summary.advances}`,
      `records ${summary.records}`,
      `step evaluations ${summary.stepEvaluations}`,
      `recomputed ${summary.recomputedSteps}`,
      `work ${round(summary.workUnits)} units`,
    ].join(' · '),
  );
  return lines.join('\n');
}

function elide(words: string[], max: number | undefined): string[] {
  if (max === undefined || words.length <= max) return words;
  const head = Math.ceil(max / 2);
  const tail = Math.max(0, max - head);
  return [...words.slice(0, head), `… ${words.length - head - tail} more …`, ...words.slice(words.length - tail)];
}

function round(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}
