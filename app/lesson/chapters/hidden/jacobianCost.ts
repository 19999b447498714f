import { TOO_NOISY } from '../../../../engine/method-cost.ts';
import type { CostPoint } from '../../../ui/charts/jacobianLayout.ts';

export type { CostPoint };

/** Equal work should read as equal time within this ratio (issue 28): forward mode's times at every M. */
export const EQUAL_TIME_RATIO = 1.25;

/** What the hidden chapter's cost chart says in words: every number is read from the points the chart draws. */
export interface CostReading {
  /** Forward mode's counted passes (N + 1), the same at every M. */
  forwardPasses: number;
  /** The smallest M from which forward mode's count is below reverse mode's at every larger M drawn, or null. */
  countFrom: number | null;
  /** The same by measured time. */
  timeFrom: number | null;
  /** Forward mode's fastest and slowest time over M (µs), and whether they agree within EQUAL_TIME_RATIO. */
  forwardTimes: [number, number];
  equalTimes: boolean;
  /** Some point's time is too noisy to tell (the one timing method's spread): no time is quoted then. */
  noisy: boolean;
  /** Reverse mode's time at the smallest and the largest M drawn. */
  reverseFirst: { outputs: number; microseconds: number };
  reverseLast: { outputs: number; microseconds: number };
}

/** The smallest M from which `wins` holds at every larger M, or null (as the engine's crossoverOf). */
function winsFrom(points: readonly CostPoint[], wins: (p: CostPoint) => boolean): number | null {
  let from: number | null = null;
  for (let i = points.length - 1; i >= 0 && wins(points[i]); i--) from = points[i].outputs;
  return from;
}

/** Reads the chart's points (in order of M; at least one) into the numbers its sentence quotes. */
export function readCost(points: readonly CostPoint[]): CostReading {
  const forward = points.map((p) => p.forwardMicroseconds);
  const lo = Math.min(...forward);
  const hi = Math.max(...forward);
  const first = points[0];
  const last = points[points.length - 1];
  return {
    forwardPasses: first.forwardWork,
    countFrom: winsFrom(points, (p) => p.forwardWork < p.reverseWork),
    timeFrom: winsFrom(points, (p) => p.forwardMicroseconds < p.reverseMicroseconds),
    forwardTimes: [lo, hi],
    equalTimes: hi <= EQUAL_TIME_RATIO * lo,
    noisy: points.some((p) => p.forwardNoisy === true || p.reverseNoisy === true),
    reverseFirst: { outputs: first.outputs, microseconds: first.reverseMicroseconds },
    reverseLast: { outputs: last.outputs, microseconds: last.reverseMicroseconds },
  };
}

/** Microseconds for a sentence: whole numbers from 10, one decimal below ("14", "7.5"). */
export function usText(x: number): string {
  return x >= 10 ? String(Math.round(x)) : String(Number(x.toFixed(1)));
}

/** The two sentences under the chart: counted, then measured. */
export function costSentences(r: CostReading): { counted: string; measured: string } {
  const counted =
    `Counted: forward mode ${r.forwardPasses} passes at every M, reverse mode M + 1; ` +
    (r.countFrom === null ? 'forward mode is never cheaper here.' : `forward mode is cheaper from M = ${r.countFrom}.`);
  const [lo, hi] = r.forwardTimes;
  const range = usText(lo) === usText(hi) ? `${usText(lo)} µs` : `${usText(lo)}–${usText(hi)} µs`;
  const equal = r.equalTimes ? 'equal work, equal time' : 'equal work; a busy machine spread the times';
  // Where the lines cross by time is read only from times that held still: when equal work did not
  // read as equal time, the crossing is withheld (the one timing method's rule: issue 44).
  const faster = !r.equalTimes
    ? 'where the lines cross by time is too noisy to tell on this machine just now.'
    : r.timeFrom === null
      ? 'forward mode was not faster at the largest M.'
      : `forward mode is faster from M = ${r.timeFrom}.`;
  const why =
    !r.equalTimes || r.timeFrom === null || r.countFrom === null || r.timeFrom === r.countFrom
      ? ''
      : r.timeFrom > r.countFrom
        ? ' A forward pass takes longer than a reverse one, so by time the lines cross later.'
        : ' A forward pass takes less time than a reverse one, so by time the lines cross earlier.';
  // A time too noisy to tell is said to be so, never quoted as a bare number (issue 44).
  if (r.noisy) {
    return {
      counted,
      measured: `Measured in µs (millionths of a second): ${TOO_NOISY}, so no time is quoted and where the lines cross by time is not said.`,
    };
  }
  const measured =
    `Measured in µs (millionths of a second): forward mode ${range} at every M (${equal}); reverse mode ` +
    `${usText(r.reverseFirst.microseconds)} µs at M = ${r.reverseFirst.outputs}, ${usText(r.reverseLast.microseconds)} µs at M = ${r.reverseLast.outputs}; ${faster}${why}`;
  return { counted, measured };
}
