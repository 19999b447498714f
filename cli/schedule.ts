import { MAX_STEPS, formatSchedule, scheduleSummary, validateScheduleSpec, type ScheduleSpec } from '../engine/index.ts';
import { integerOption, parseOptions } from './args.ts';
import { UsageError } from './errors.ts';
import { printJson } from './print-json.ts';

export const SCHEDULE_HELP = `tape-lab schedule --steps L (--stride K | --schedule revolve --snapshots S) [--json]
  The checkpoint schedule as a list of actions (record, advance, store, restore, free, reverse)
  and its counts: peak states, advances, step evaluations, recomputed steps.`;

/** `tape-lab schedule`: a schedule's actions and counts, from a dry run in the executor. */
export function scheduleCommand(argv: string[]): string {
  const { values } = parseOptions(
    argv,
    {
      steps: { type: 'string' },
      stride: { type: 'string' },
      snapshots: { type: 'string' },
      schedule: { type: 'string' },
      json: { type: 'boolean' },
    },
    'schedule',
  );
  const steps = integerOption('steps', values.steps ?? '40', 1, MAX_STEPS) as number;
  const kind = values.schedule ?? (values.snapshots !== undefined ? 'revolve' : 'periodic');
  if (kind !== 'periodic' && kind !== 'revolve') throw new UsageError(`--schedule must be periodic or revolve; got '${kind}'`);
  if (kind === 'periodic' && values.snapshots !== undefined) throw new UsageError('--snapshots goes with --schedule revolve, not periodic');
  if (kind === 'revolve' && values.stride !== undefined) throw new UsageError('--stride goes with the periodic schedule, not revolve');
  const spec: ScheduleSpec =
    kind === 'periodic'
      ? { schedule: 'periodic', stride: integerOption('stride', values.stride ?? String(Math.min(4, steps)), -1e9, 1e9) as number }
      : { schedule: 'revolve', snapshots: integerOption('snapshots', values.snapshots ?? '3', -1e9, 1e9) as number };
  const problem = validateScheduleSpec(steps, spec);
  if (problem) throw new UsageError(problem);
  const summary = scheduleSummary(steps, spec);
  return values.json ? printJson({ ...summary }) : formatSchedule(summary, { maxActions: 400 });
}
