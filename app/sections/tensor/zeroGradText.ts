import { formatNumber } from '../../ui/format.ts';

/** A training run with and without optimizer.zero_grad(): the batch loss at each step. */
export interface LossPair {
  correct: ArrayLike<number>;
  buggy: ArrayLike<number>;
}

/** The mean of the last tenth of the losses (at least one): where a run ended up, noise averaged out. */
export function tailMean(losses: ArrayLike<number>): number {
  const n = Math.max(1, Math.floor(losses.length / 10));
  let sum = 0;
  for (let i = losses.length - n; i < losses.length; i++) sum += losses[i];
  return losses.length ? sum / n : NaN;
}

/** How one pair of runs ended: the two tail means, and whether forgetting zero_grad() left the loss higher. */
export function zeroGradVerdict(run: LossPair): { right: number; wrong: number; hurts: boolean; steps: number } {
  const right = tailMean(run.correct);
  const wrong = tailMean(run.buggy);
  return { right, wrong, hurts: !(wrong <= right), steps: Math.max(1, Math.floor(run.correct.length / 10)) };
}

/** One run's sentence, from its numbers. */
function runSentence(label: string, run: LossPair): string {
  const v = zeroGradVerdict(run);
  return `${label}: over the last ${v.steps} steps the loss averages ${formatNumber(v.wrong, 3)} without zero_grad() and ${formatNumber(v.right, 3)} with it, so here the bug ${v.hurts ? 'hurts' : 'happens to help'}.`;
}

/**
 * The figure's caption, computed from the two pairs of runs it draws: mini-batches of `batch`
 * points (the usual way to train) and the whole data set every step (the loss chart's run).
 * Why they can differ: accumulated gradients act like a step size that grows every step.
 */
export function zeroGradCaption(mini: LossPair, full: LossPair, batch: number): string {
  const helps = !zeroGradVerdict(mini).hurts || !zeroGradVerdict(full).hurts;
  return [
    'backward() adds into each weight’s .grad, so without zero_grad() step s moves the weights by η·(g₁ + … + g_s): the sum of every gradient so far, like a step size that grows each step.',
    runSentence(`With mini-batches of ${batch} points`, mini),
    runSentence('With the whole data set every step (the loss chart’s run)', full),
    helps
      ? 'Where it helps, the gradients kept pointing the same way, so the growing step only ran faster downhill; where they change from step to step (noisy mini-batches), the old ones push the wrong way and the loss jumps up. Either way the step is no longer the one you chose.'
      : 'The growing steps overshoot, and the loss jumps up again and again instead of falling.',
  ].join(' ');
}
