import { TOO_NOISY } from '../../../engine/method-cost.ts';
import type { Crossover, TradeoffsTimings } from '../../../engine/tradeoffs/report.ts';
import { formatRatio } from '../../ui/format.ts';

/**
 * The words for the section's measured times, read from the one timing method's spread: a time
 * whose rounds spread too widely says so, and nothing is concluded from it.
 */

/** The fused tape's time against the primitive one's, from their rounds in alternation. */
export function fusionTimeSentence(ratio: TradeoffsTimings['fusion']['ratio']): string {
  if (ratio.noisy || !Number.isFinite(ratio.median)) {
    return `Which tape is faster is ${TOO_NOISY}: the rounds of the two spread too widely (other work took the cores).`;
  }
  const spread = `the middle half of the rounds read ${formatRatio(ratio.low)} to ${formatRatio(ratio.high)}`;
  return `The fused tape took ≈ ${formatRatio(ratio.median)} the primitive tape’s time (${spread}).`;
}

/** Where forward mode starts to win by measured time: "from M = 9", "never, M ≤ T", or too noisy to tell. */
export function crossoverTimeText(crossover: Crossover): string {
  if (crossover.timeNoisy) return 'too noisy to tell';
  return crossover.time === null ? 'never, M ≤ T' : `from M = ${crossover.time}`;
}
