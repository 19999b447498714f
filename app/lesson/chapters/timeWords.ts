import { TOO_NOISY, type MethodCost } from '../../../engine/method-cost.ts';
import type { LabReport } from '../../../engine/report.ts';
import type { TapeComparison } from '../../../engine/tensor/compare.ts';
import { formatRatio } from '../../ui/format.ts';
import { formatWork } from '../../ui/format.ts';
import { runsText } from './runsText.ts';

/** A cell of measured runs of time: "≈ 5.1 (4.8–5.3)", marked when scaled from a shorter chain, or "too noisy to tell". */
export function runsCellText(cost: MethodCost | undefined): string {
  if (cost?.noisy) return 'too noisy to tell';
  if (!cost || cost.runsOfTime === null) return '—';
  const spread = cost.runsOfTimeSpread ? ` (${runsText(cost.runsOfTimeSpread[0])}–${runsText(cost.runsOfTimeSpread[1])})` : '';
  return `≈ ${runsText(cost.runsOfTime)}${spread}${cost.estimated ? ' (est.)' : ''}`;
}

/** " (4.5–4.9)": the middle half of a measured time's turns. */
function spreadOf(cost: MethodCost): string {
  return cost.runsOfTimeSpread ? ` (${runsText(cost.runsOfTimeSpread[0])}–${runsText(cost.runsOfTimeSpread[1])})` : '';
}

/**
 * What the measured times say beside the counted passes, in words that follow the figures: reverse
 * mode's constant against its 2 passes, and central differences' time against their passes. A
 * figure too noisy to tell is said to be so, never read as a number.
 */
export function timeSentences(r: LabReport): { constant: string; shortcut: string } {
  const rev = r.cost.reverse;
  const constant = rev.noisy
    ? `Reverse mode: ${formatWork(rev.passes)} passes at every T; in time, the constant is ${TOO_NOISY}.`
    : rev.runsOfTime === null
      ? `Reverse mode: ${formatWork(rev.passes)} passes at every T; in time, the constant is being measured.`
      : rev.runsOfTime > rev.passes
        ? `Reverse mode: ${formatWork(rev.passes)} passes at every T; in time the constant is ≈ ${runsText(rev.runsOfTime)} runs${spreadOf(rev)}, above its passes: the tape itself costs time.`
        : `Reverse mode: ${formatWork(rev.passes)} passes at every T; in time the constant is ≈ ${runsText(rev.runsOfTime)} runs${spreadOf(rev)}, no more than its passes: here the tape’s bookkeeping cost little.`;
  const fd = r.cost.finiteDifference;
  const shortcut =
    fd.noisy && Number.isFinite(fd.passes)
      ? `Central differences reuse the unchanged start of the chain; their time is ${TOO_NOISY}.`
      : fd.runsOfTime === null || !Number.isFinite(fd.passes)
        ? 'Central differences reuse the unchanged start of the chain.'
        : fd.runsOfTime < fd.passes
          ? `Central differences reuse the unchanged start of the chain, so they take less time than their passes: ≈ ${runsText(fd.runsOfTime)} runs against ${formatWork(fd.passes)}.`
          : `Central differences reuse the unchanged start of the chain, yet here they took ≈ ${runsText(fd.runsOfTime)} runs against their ${formatWork(fd.passes)} passes.`;
  return { constant, shortcut };
}

/** The tensors chapter's time ratio cell: "3.1× (2.9–3.4×)", "too noisy to tell", or "—" when not timed. */
export function tapeTimeCell(c: TapeComparison): string {
  if (c.ratios.time === null) return '—';
  if (c.timeSpread?.noisy) return 'too noisy to tell';
  return c.timeSpread ? `${formatRatio(c.ratios.time)} (${formatRatio(c.timeSpread.low).replace('×', '')}–${formatRatio(c.timeSpread.high)})` : formatRatio(c.ratios.time);
}

/** The tensors chapter's words on the time ratio, computed from it: which tape took longer, or that the machine is too busy to tell. */
export function tapeTimeSentence(c: TapeComparison): string {
  const t = c.ratios.time;
  if (t === null) return 'The time per step was not measured.';
  if (c.timeSpread?.noisy) return `The time ratio is ${TOO_NOISY}.`;
  const spread = c.timeSpread ? ` (the middle half of the rounds read ${formatRatio(c.timeSpread.low)} to ${formatRatio(c.timeSpread.high)})` : '';
  if (c.timeSpread && c.timeSpread.low > 1) return `A step on the scalar tape took ≈ ${formatRatio(t)} the tensor tape’s time${spread}: more nodes, more time.`;
  if (c.timeSpread && c.timeSpread.high < 1) return `A step on the scalar tape took ≈ ${formatRatio(t)} the tensor tape’s time${spread}: at this size, fewer nodes did not make the tensor tape faster.`;
  return `A step on the two tapes took about the same time, ≈ ${formatRatio(t)}${spread}: at this size, fewer nodes did not make the tensor tape faster.`;
}
