/**
 * A problem's answers as a lecturer reveals them to a room, one at a time: each with its number
 * and the equation that gives it, to four significant digits.
 */
import { explainBug } from './bug.ts';
import { show4 } from './numbers.ts';
import { answerFields } from './problem.ts';
import { readTwice } from './diagnose.ts';
import { edgePartial, type AdjointsProblem, type PracticeProblem } from './types.ts';

/** One answer to reveal: what it is the answer to, the answer, and why. */
export interface RevealItem {
  /** "adjoint of v2", "∂f/∂u", "the first wrong event". */
  name: string;
  /** The name in a list headed by what it holds: "v2", "∂f/∂u", "first wrong event". */
  short: string;
  /** "−1.934", "cos(u)", "event 3". */
  answer: string;
  /** The equation or sentence that gives it. */
  why: string;
}

/** A factor of a product: negative numbers in parentheses, "(−0.6908) × 2.8". */
const factor = (x: number): string => (x < 0 ? `(${show4(x)})` : show4(x));

/**
 * Every node's adjoint in sweep order (the output first), each with the sweep's equation for it:
 * "adjoint of v2 = ∂v3/∂v2 · adjoint of v3 = (−0.6908) × 2.8 = −1.934".
 */
function adjointItems(p: AdjointsProblem): RevealItem[] {
  const keys = p.answer.adjoints;
  const output = p.nodes[p.nodes.length - 1].id;
  // The inputs are v0, v1, … in the order of the gradient's variables.
  const variables = Object.keys(p.answer.gradient);
  return answerFields(p).map((id) => {
    const name = `adjoint of ${id}`;
    if (id === output) return { name, short: id, answer: show4(keys[id]), why: `${name} = 1: the seed, ∂f/∂f.` };
    // The readers of id, newest first: the order in which the sweep adds their contributions.
    // A reader that reads id twice (v3 × v3) sends two terms, one per read.
    const reads = p.nodes
      .flatMap((n) => n.inputs.flatMap((input, slot) => (input === id ? [{ reader: n, partial: edgePartial(n, slot) }] : [])))
      .reverse();
    const symbols = reads.map((r) => `∂${r.reader.id}/∂${id} · adjoint of ${r.reader.id}`).join(' + ');
    const numbers = reads.map((r) => `${factor(r.partial)} × ${factor(keys[r.reader.id])}`).join(' + ') + readTwice(reads, id);
    const index = p.nodes.findIndex((n) => n.id === id);
    const gradient = index < variables.length ? ` That is ∂f/∂${variables[index]}.` : '';
    return { name, short: id, answer: show4(keys[id]), why: `${name} = ${symbols} = ${numbers} = ${show4(keys[id])}.${gradient}` };
  });
}

/**
 * The answers of any problem, in the order to reveal them: an adjoints problem's adjoints in
 * sweep order; a rule problem's partial for each variable; a bug problem's first wrong event.
 */
export function revealItems(p: PracticeProblem): RevealItem[] {
  switch (p.kind) {
    case 'adjoints':
      return adjointItems(p);
    case 'rule':
      return p.variables.map((u) => ({ name: `∂f/∂${u}`, short: `∂f/∂${u}`, answer: p.answer[u], why: `∂f/∂${u} = ${p.answer[u]} for f = ${p.op}.` }));
    case 'bug':
      return [{ name: 'the first wrong event', short: 'first wrong event', answer: `event ${p.wrongEvent.index + 1}`, why: explainBug(p) }];
  }
}
