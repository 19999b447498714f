import { MAX_STEPS, formatSchedule, memoryModel, scheduleSummary, validateScheduleSpec, type ScheduleSpec } from '../engine/index.ts';
import { integerOption, parseOptions, quoted } from './args.ts';
import { UsageError } from './errors.ts';
import { printJson } from './print-json.ts';

export const SCHEDULE_HELP = `tape-lab schedule --steps L (--stride K | --schedule revolve --snapshots S)
                 [--state scalar|wide] [--json]
  The checkpoint schedule as a list of actions (store, advance, restore, free, record, reverse)
  and its counts: peak held items (peakStates: each stored state or recorded step one) and
  peak bytes (peakBytes), advances, step evaluations, recomputed steps. The periodic schedule
  stores each segment's start and re-tapes the segment on the way back; stride L is the full tape.
    --state scalar|wide   a stored state's bytes: 8 (scalar, default) or 640, a step's tape (wide)`;

/** `tape-lab schedule`: a schedule's actions and counts, from a dry run in the executor. */
export function scheduleCommand(argv: string[]): string {
  const { values } = parseOptions(
    argv,
    {
      steps: { type: 'string' },
      stride: { type: 'string' },
      snapshots: { type: 'string' },
      schedule: { type: 'string' },
      state: { type: 'string' },
      json: { type: 'boolean' },
    },
    'schedule',
  );
  const steps = integerOption('steps', values.steps ?? '40', 1, MAX_STEPS) as number;
  const kind = values.schedule ?? (values.snapshots !== undefined ? 'revolve' : 'periodic');
  if (kind !== 'periodic' && kind !== 'revolve') throw new UsageError(`--schedule must be periodic or revolve; got ${quoted(kind)}`);
  if (kind === 'periodic' && values.snapshots !== undefined) throw new UsageError('--snapshots goes with --schedule revolve, not periodic');
  if (kind === 'revolve' && values.stride !== undefined) throw new UsageError('--stride goes with the periodic schedule, not revolve');
  const spec: ScheduleSpec =
    kind === 'periodic'
      ? { schedule: 'periodic', stride: integerOption('stride', values.stride ?? String(Math.min(4, steps)), -1e9, 1e9) as number }
      : { schedule: 'revolve', snapshots: integerOption('snapshots', values.snapshots ?? '3', -1e9, 1e9) as number };
  const problem = validateScheduleSpec(steps, spec);
  if (problem) throw new UsageError(problem);
  const state = values.state ?? 'scalar';
  if (state !== 'scalar' && state !== 'wide') throw new UsageError(`--state must be scalar or wide; got ${quoted(state)}`);
  const summary = scheduleSummary(steps, spec, memoryModel(state));
  return values.json ? printJson({ ...summary }) : formatSchedule(summary, { maxActions: 400 });
}
