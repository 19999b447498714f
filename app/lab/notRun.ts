import type { CheckpointEstimate, CostlyPart, LabReport, PartEstimate } from '../../engine/report.ts';
import { durationText } from '../ui/format.ts';

/**
 * The parts of a run the worker did not run because they would have taken too long at this
 * length (engine/cost-plan.ts), and how every place that shows one of them says so: an estimate
 * is always written with "≈" and "not run", never as a figure that was computed.
 */
export function notRun(report: LabReport | null | undefined, part: CostlyPart): PartEstimate | null {
  // A sweep on screen (an older one, dimmed while the new one computes) is shown, not estimated.
  if (part === 'sweep' && report && report.sweep.length > 0) return null;
  return report?.estimates?.[part] ?? null;
}

const NAMES: Record<CostlyPart, string> = {
  forward: 'Forward mode is',
  finiteDifference: 'Central differences are',
  sweep: 'The sweep over h is',
};

/** "≈ 40,001": estimated work units, rounded to whole runs. */
export function estimatedWork(e: PartEstimate): string {
  return `≈ ${Math.round(e.workUnits).toLocaleString('en-US')}`;
}

/** "≈ 200k", "≈ 40k", "≈ 801": estimated work for a narrow place (the summary). */
export function estimatedWorkShort(e: PartEstimate): string {
  return `≈ ${new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 }).format(Math.round(e.workUnits)).toLowerCase()}`;
}

/** "≈ 3.5 min, not run". */
export function estimatedTime(e: PartEstimate): string {
  return `${durationText(e.ms)}, not run`;
}

/**
 * One sentence for a panel whose figure is not drawn: "Forward mode is not run at T = 20,000: it
 * would take ≈ 3.5 min (≈ 40,001 chain runs), estimated from a timed run at 256 steps."
 */
export function notRunSentence(part: CostlyPart, e: PartEstimate, steps: number): string {
  return `${NAMES[part]} not run at T = ${steps.toLocaleString('en-US')}: it would take ${durationText(e.ms)} (${estimatedWork(e)} passes), estimated from a timed run at ${e.fromSteps} steps.`;
}

/** Where a checkpoint estimate's rate came from. */
function rateBasis(e: CheckpointEstimate): string {
  return e.fromSteps === null ? 'at a nominal rate' : `from a timed run at ${e.fromSteps} steps`;
}

/**
 * One sentence for a checkpoint part the lab left out for its cost (`report.checkpoint.estimates`):
 * "The checkpointed sweep is not run at T = 100,000: its 5,000,050,000 step evaluations would take
 * ≈ 17 min, estimated from a timed run at 128 steps; the counts shown are a dry run's."
 */
export function checkpointNotRunSentence(part: 'run' | 'frontier', e: CheckpointEstimate, steps: number): string {
  const T = steps.toLocaleString('en-US');
  const count = e.count.toLocaleString('en-US');
  return part === 'run'
    ? `The checkpointed sweep is not run at T = ${T}: its ${count} step evaluations would take ${durationText(e.ms)}, estimated ${rateBasis(e)}; the counts shown are a dry run’s.`
    : `The frontier is not run at T = ${T}: its ${count} schedules (every stride and snapshot count) would take ${durationText(e.ms)}, estimated ${rateBasis(e)}.`;
}
