import type { TradeoffsTimings } from '../../../engine/tradeoffs/report.ts';
import { durationText } from '../../ui/format.ts';

/**
 * The sentence under the Jacobian's time chart when its curve was thinned (the engine priced
 * the points from one call of each mode and left out what would pass the allowance), or null.
 */
export function jacobianSkippedText(skipped: TradeoffsTimings['skipped']): string | null {
  if (!skipped || skipped.outputs.length === 0) return null;
  const m = skipped.outputs;
  const shown = m.length > 6 ? `${m.slice(0, 5).join(', ')}, … ${m[m.length - 1]}` : m.join(', ');
  return `Not timed at M = ${shown} (${m.length} ${m.length === 1 ? 'point' : 'points'}): timing them would take ${durationText(skipped.ms)}, estimated from one call of each mode.`;
}
