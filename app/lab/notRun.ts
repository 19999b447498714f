import type { CheckpointEstimate, CostlyPart, LabReport, PartEstimate } from '../../engine/report.ts';
import { CHECKPOINT_EVALUATION_LIMIT, FRONTIER_STEP_LIMIT } from '../../engine/limits.ts';
import { durationText } from '../ui/format.ts';

/**
 * The parts of a run the worker left out past their step limits (engine/limits.ts,
 * engine/cost-plan.ts: counted work decides, the same on every machine), and how every place that
 * shows one of them says so: an estimate is always written with "≈" and "not run", never as a
 * figure that was computed.
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

/** "left out above 10,000 steps". */
export function leftOutText(e: PartEstimate): string {
  return `left out above ${e.limit.toLocaleString('en-US')} steps`;
}

/**
 * One sentence for a panel whose figure is not drawn: "Forward mode is not run at T = 20,000: it
 * is left out above 10,000 steps. It would take ≈ 40,001 passes (its work counted at 16 and 32 steps)."
 */
export function notRunSentence(part: CostlyPart, e: PartEstimate, steps: number): string {
  return `${NAMES[part]} not run at T = ${steps.toLocaleString('en-US')}: ${part === 'finiteDifference' ? 'they are' : 'it is'} ${leftOutText(e)}. ${part === 'finiteDifference' ? 'They' : 'It'} would take ${estimatedWork(e)} passes (work counted at ${e.countedAt[0]} and ${e.countedAt[1]} steps).`;
}

/**
 * One sentence for a checkpoint part the lab left out for its counted work
 * (`report.checkpoint.estimates`): "The checkpointed sweep is not run at T = 100,000: its
 * 5,000,050,000 step evaluations would take ≈ 17 min at a nominal rate (the limit is 5,000,000);
 * the counts shown are a dry run's."
 */
export function checkpointNotRunSentence(part: 'run' | 'frontier', e: CheckpointEstimate, steps: number): string {
  const T = steps.toLocaleString('en-US');
  const count = e.count.toLocaleString('en-US');
  return part === 'run'
    ? `The checkpointed sweep is not run at T = ${T}: its ${count} step evaluations would take ${durationText(e.ms)} at a nominal rate (it runs up to ${CHECKPOINT_EVALUATION_LIMIT.toLocaleString('en-US')}); the counts shown are a dry run’s.`
    : `The frontier is not run at T = ${T}: its ${count} schedules (every stride and snapshot count) would take ${durationText(e.ms)} at a nominal rate (it runs up to ${FRONTIER_STEP_LIMIT.toLocaleString('en-US')} steps).`;
}
