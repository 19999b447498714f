import type { BugReport } from '../../../../engine/bugs/report.ts';
import type { GradientPair } from '../../../../engine/report.ts';
import { formatBytes, formatNumber } from '../../../ui/format.ts';

/** The bugs the bugs chapter lets the reader switch, in the lab's order; the other three are left to the lab's section. */
export const LESSON_BUGS = ['zero-grad', 'detach', 'in-place', 'retain-graph', 'overwrite'] as const;
export type LessonBug = (typeof LESSON_BUGS)[number];

/** How the entries of two gradients compare, entry by entry over every a_t and b_t. */
export interface GradientComparison {
  entries: number;
  /** Entries where buggy is exactly twice right (x + x is exact in floating point). */
  twice: number;
  /** Entries where buggy is exactly 0 but right is not. */
  zeroed: number;
  /** Entries where buggy equals right exactly. */
  equal: number;
  /** max |buggy − right| over max |right|. */
  gap: number;
}

/** Compares a buggy gradient with the right one, entry by entry. */
export function compareGradients(right: GradientPair, buggy: GradientPair): GradientComparison {
  const out = { entries: 0, twice: 0, zeroed: 0, equal: 0, gap: 0 };
  let worst = 0;
  let size = 0;
  for (const k of ['a', 'b'] as const) {
    for (let t = 0; t < right[k].length; t++) {
      const r = right[k][t];
      const w = buggy[k][t];
      out.entries++;
      if (w === 2 * r) out.twice++;
      if (w === 0 && r !== 0) out.zeroed++;
      if (w === r) out.equal++;
      worst = Math.max(worst, Math.abs(w - r));
      size = Math.max(size, Math.abs(r));
    }
  }
  out.gap = size > 0 ? worst / size : worst;
  return out;
}

/**
 * What the figure says happened, in one sentence, from the worker's numbers: every count is read
 * off the two gradients (or the bytes and the error) the bug report holds.
 */
export function outcomeSentence(report: BugReport, detachStep: number): string {
  const { correct, buggy } = report;
  if (report.name === 'retain-graph') {
    return `The second sweep is refused. Keeping the tape’s saved values for it (retain_graph=True) holds ${formatBytes(correct.bytes ?? NaN)}.`;
  }
  if (!correct.gradient || !buggy.gradient) return '';
  const c = compareGradients(correct.gradient, buggy.gradient);
  switch (report.name) {
    case 'zero-grad':
      return `${c.twice} of the ${c.entries} entries are exactly twice the right ones.`;
    case 'detach':
      return `${c.zeroed} of the ${c.entries} entries are exactly 0: every aₜ and bₜ before step ${detachStep}. The ${c.equal} after it are exact.`;
    case 'in-place':
      return `Without the check, the sweep would be off by up to ${formatNumber(c.gap, 2)} of the largest entry: PyTorch refuses instead.`;
    default:
      return `${c.entries - c.equal} of the ${c.entries} entries are wrong, off by up to ${formatNumber(c.gap, 2)} of the largest entry.`;
  }
}
