import { TOO_NOISY, type MethodCost } from '../../../engine/method-cost.ts';
import type { LabReport } from '../../../engine/report.ts';
import { formatWork } from '../../ui/format.ts';
import { runsText } from './runsText.ts';

/** A cell of measured runs of time: "≈ 5.1 (4.8–5.3)", marked when scaled from a shorter chain, or "too noisy to tell". */
export function runsCellText(cost: MethodCost | undefined): string {
  if (!cost || cost.runsOfTime === null) return '—';
  if (cost.noisy) return 'too noisy to tell';
  const spread = cost.runsOfTimeSpread ? ` (${runsText(cost.runsOfTimeSpread[0])}–${runsText(cost.runsOfTimeSpread[1])})` : '';
  return `≈ ${runsText(cost.runsOfTime)}${spread}${cost.estimated ? ' (est.)' : ''}`;
}

/**
 * What the measured times say beside the counted passes, in words that follow the figures: reverse
 * mode's constant against its 2 passes, and central differences' time against their passes. A
 * figure too noisy to tell is said to be so, never read as a number.
 */
export function timeSentences(r: LabReport): { constant: string; shortcut: string } {
  const rev = r.cost.reverse;
  const constant =
    rev.runsOfTime === null
      ? 'In time, the constant is being measured.'
      : rev.noisy
        ? `In time, the constant is ${TOO_NOISY}.`
        : rev.runsOfTime > rev.passes
          ? `In time the constant is ≈ ${runsText(rev.runsOfTime)}, above its ${formatWork(rev.passes)} passes: the tape itself costs time.`
          : `In time the constant is ≈ ${runsText(rev.runsOfTime)}, no more than its ${formatWork(rev.passes)} passes: here the tape’s bookkeeping cost little.`;
  const fd = r.cost.finiteDifference;
  const shortcut =
    fd.runsOfTime === null || !Number.isFinite(fd.passes)
      ? 'Central differences reuse the unchanged start of the chain.'
      : fd.noisy
        ? `Central differences reuse the unchanged start of the chain; their time is ${TOO_NOISY}.`
        : fd.runsOfTime < fd.passes
          ? `Central differences reuse the unchanged start of the chain, so they take less time than their passes: ≈ ${runsText(fd.runsOfTime)} runs against ${formatWork(fd.passes)}.`
          : `Central differences reuse the unchanged start of the chain, yet here they took ≈ ${runsText(fd.runsOfTime)} runs against their ${formatWork(fd.passes)} passes.`;
  return { constant, shortcut };
}
