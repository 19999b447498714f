/**
 * One entry point for every kind of practice problem, and what the page draws for one.
 */
import { adjointsProblem } from './adjoints.ts';
import { bugProblem, describeEvent } from './bug.ts';
import { recordedView, recordPractice } from './record.ts';
import { ruleProblem } from './rule.ts';
import { sweepEvents } from './sweep.ts';
import type { TapeView } from '../tape-view.ts';
import type { AdjointsProblem, BugProblem, PracticeKind, PracticeLevel, PracticeProblem } from './types.ts';

export const PRACTICE_KINDS: readonly PracticeKind[] = ['adjoints', 'rule', 'bug'];

/** The largest seed: seeds are 32-bit unsigned integers. */
export const MAX_PRACTICE_SEED = 0xffffffff;

/**
 * The practice problem of a kind at a level for a seed: a pure function, so the page, the
 * command line and the tests show the same problem for the same (kind, level, seed).
 */
export function practiceProblem(kind: PracticeKind, level: PracticeLevel, seed: number): PracticeProblem {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_PRACTICE_SEED) throw new RangeError(`a practice seed is a whole number from 0 to ${MAX_PRACTICE_SEED}; got ${seed}`);
  switch (kind) {
    case 'adjoints':
      return adjointsProblem(level, seed);
    case 'rule':
      return ruleProblem(level, seed);
    case 'bug':
      return bugProblem(level, seed);
  }
}

/** The tape of an adjoints or bug problem as the tape and graph components draw it. */
export function practiceTapeView(p: AdjointsProblem | BugProblem): TapeView {
  return recordedView(recordPractice(p.expression, p.at));
}

/** A step of the right sweep for "Show the next step": the event and its sentence. */
export interface PracticeStep {
  node: string;
  parent: string;
  /** adj[parent] after the step. */
  after: number;
  text: string;
}

/** The right reverse sweep of a problem, one step per edge in sweep order, each as a sentence. */
export function practiceSteps(p: Pick<AdjointsProblem, 'nodes'>): PracticeStep[] {
  return sweepEvents(p.nodes).map((e) => ({ node: e.node, parent: e.parent, after: e.after, text: describeEvent(e) }));
}

/** The node ids whose adjoints a student types, in sweep order (the output first). */
export function answerFields(p: Pick<AdjointsProblem, 'answer' | 'nodes'>): string[] {
  return p.nodes.map((n) => n.id).filter((id) => Object.hasOwn(p.answer.adjoints, id)).reverse();
}
