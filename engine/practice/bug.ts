/**
 * Bug problems: a recorded reverse sweep with one wrong event (an overwrite, a missing factor, a
 * swapped partial or a sign) for the student to find, stepping through it.
 */
import { drawRecorded, practiceNodes } from './adjoints.ts';
import { show4, withinTolerance } from './numbers.ts';
import { prngFor } from './prng.ts';
import { sweepEvents, type InjectedBug } from './sweep.ts';
import type { BugProblem, PracticeLevel, PracticeNode, SweepBug, SweepEvent } from './types.ts';

const MISTAKES: readonly SweepBug[] = ['overwrite', 'missing-factor', 'swapped-partial', 'sign'];

/**
 * Every (event, mistake) pair that would be visibly wrong: the wrong event's result differs from
 * the right one beyond the answer tolerance (an overwrite needs a parent that already holds a
 * contribution; a swapped partial a node whose two partials differ).
 */
export function possibleBugs(nodes: readonly PracticeNode[]): InjectedBug[] {
  const right = sweepEvents(nodes);
  const out: InjectedBug[] = [];
  for (const mistake of MISTAKES) {
    for (let index = 0; index < right.length; index++) {
      const e = right[index];
      const n = nodes.find((x) => x.id === e.node)!;
      if (mistake === 'swapped-partial' && n.inputs.length < 2) continue;
      const wrong = sweepEvents(nodes, { index, mistake })[index];
      if (withinTolerance(wrong.after, e.after)) continue;
      out.push({ index, mistake });
    }
  }
  return out;
}

/**
 * The bug problem for (level, seed): an adjoints problem of the level drawn from its own PRNG
 * stream ('bug', level, seed), a kind of mistake the problem allows, and an event to hold it.
 */
export function bugProblem(level: PracticeLevel, seed: number): BugProblem {
  const { expression, at, recorded } = drawRecorded('bug', level, seed);
  const nodes = practiceNodes(recorded);
  const rng = prngFor('bug', level, seed ^ 0x5bd1e995);
  const possible = possibleBugs(nodes);
  const kinds = MISTAKES.filter((m) => possible.some((b) => b.mistake === m));
  const mistake = rng.pick(kinds);
  const bug = rng.pick(possible.filter((b) => b.mistake === mistake));
  return { kind: 'bug', seed, level, expression, at, nodes, events: sweepEvents(nodes, bug), wrongEvent: { index: bug.index, mistake } };
}

/** One event as a line: "adj[v2] += ∂v4/∂v2 · adj[v4] = 0.4161 × 2.3 = 0.957; adj[v2]: 0.5 → 1.457". */
export function describeEvent(e: SweepEvent): string {
  return `adj[${e.parent}] += ∂${e.node}/∂${e.parent} · adj[${e.node}] = ${show4(e.partial)} × ${show4(e.nodeAdjoint)} = ${show4(e.contribution)}; adj[${e.parent}]: ${show4(e.before)} → ${show4(e.after)}`;
}

/** What is wrong with the bug problem's wrong event, in a sentence with its numbers (ASCII minus with `ascii`). */
export function explainBug(p: BugProblem, ascii = false): string {
  const num = (x: number): string => show4(x, ascii);
  const e = p.events[p.wrongEvent.index];
  const n = p.nodes.find((x) => x.id === e.node)!;
  const partial = n.partials[e.parent];
  switch (p.wrongEvent.mistake) {
    case 'overwrite':
      return `adj[${e.parent}] was overwritten with ${num(e.contribution)}: it already held ${num(e.before)}, and adjoints add (+=), so it should be ${num(e.before + e.contribution)}.`;
    case 'missing-factor':
      return `The local partial ∂${e.node}/∂${e.parent} = ${num(partial)} is missing: the contribution should be ${num(partial)} × ${num(e.nodeAdjoint)} = ${num(partial * e.nodeAdjoint)}, not ${num(e.contribution)}.`;
    case 'swapped-partial':
      return `It used ${num(e.partial)}, the partial for ${e.node}'s other input; ∂${e.node}/∂${e.parent} is ${num(partial)}.`;
    case 'sign':
      return `The sign is flipped: ${num(partial)} × ${num(e.nodeAdjoint)} is ${num(partial * e.nodeAdjoint)}, not ${num(e.contribution)}.`;
  }
}

/** The verdict on the event a student marked as the first wrong one. */
export function checkBugMark(p: BugProblem, index: number): { right: boolean; message: string } {
  const k = p.wrongEvent.index;
  if (index === k) return { right: true, message: `Right: event ${k + 1} is the first wrong one. ${explainBug(p)}` };
  if (index < k) return { right: false, message: `Event ${index + 1} is right: ${describeEvent(p.events[index])}. Look further on.` };
  return { right: false, message: `Event ${index + 1} follows the rule on the numbers it was given; the first wrong event is earlier.` };
}
