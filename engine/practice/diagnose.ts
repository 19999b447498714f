/**
 * Marks a student's adjoints and names the mistake behind a wrong one. Each node is judged on
 * the student's own adjoints of the nodes that read it, so one slip is named where it was made
 * and the fields below it are told they inherit it.
 */
import { show4, withinTolerance } from './numbers.ts';
import { edgePartial, type AdjointsProblem, type PracticeNode } from './types.ts';

/** The mistakes the diagnosis names. */
export type AdjointMistake = 'overwrite' | 'sign' | 'missing-partial' | 'wrong-input' | 'forgotten-seed';

/** One answer field, marked. */
export interface FieldVerdict {
  /** The node ("v3"); the field is named "adjoint of v3". */
  id: string;
  /** The student's number, or null when the field was left empty or is not a number. */
  answer: number | null;
  /** The key, by the tape. */
  key: number;
  /** Within 0.5 % or 1e-3 of the key. */
  right: boolean;
  /**
   * What went wrong: a named mistake; 'inherited' when the step is right for the student's own
   * adjoints above it; 'equation' for any other wrong number; 'blank'; null when right.
   */
  finding: AdjointMistake | 'inherited' | 'equation' | 'blank' | null;
  /**
   * One or two sentences for the student, with numbers to four significant digits. A wrong
   * field's sentence names the mistake and gives the equation with the student's numbers, never
   * the key: the key is shown only when asked for ("Show the answer").
   */
  message: string;
}

/** An edge into the node being judged: the reader, its partial, and the reader's other partial. */
interface Use {
  reader: PracticeNode;
  partial: number;
  /** ∂reader/∂(its other input), for a reader with two inputs. */
  other: number | null;
}

/**
 * The readers of each node, in the order the sweep reaches them (newest reader first), so the
 * last use is the contribution an overwriting sweep would keep.
 */
function usesOf(nodes: readonly PracticeNode[]): Map<string, Use[]> {
  const uses = new Map<string, Use[]>(nodes.map((n) => [n.id, []]));
  for (let i = nodes.length - 1; i >= 0; i--) {
    const reader = nodes[i];
    reader.inputs.forEach((id, slot) => {
      // A reader that reads this node twice (z·z) is two uses, one per read: two contributions.
      const other = reader.inputs.length === 2 && reader.inputs[1 - slot] !== id ? edgePartial(reader, 1 - slot) : null;
      uses.get(id)!.push({ reader, partial: edgePartial(reader, slot), other });
    });
  }
  return uses;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const distinct = (xs: readonly string[]): string[] => [...new Set(xs)];

/**
 * For a node some reader reads twice (v4 = v3 × v3), why that reader's term appears twice:
 * " (v4 reads v3 twice: one term per read)"; '' otherwise.
 */
export function readTwice(us: readonly { reader: PracticeNode }[], id: string): string {
  const twice = distinct(us.filter((u, j) => us.findIndex((w) => w.reader === u.reader) !== j).map((u) => u.reader.id));
  return twice.length === 0 ? '' : ` (${twice.join(' and ')} ${twice.length === 1 ? 'reads' : 'read'} ${id} twice: one term per read)`;
}
const num = (x: number): string => show4(x);
/** A factor of a product: negative numbers in parentheses, "(−2) × 0.2702". */
const factor = (x: number): string => (x < 0 ? `(${show4(x)})` : show4(x));

/**
 * Marks every answer field, in sweep order (the output first). `answers` maps node ids to the
 * student's numbers (a missing, null or non-finite entry counts as blank). A right answer is
 * never given a mistake; a wrong one is named when it equals, within the tolerance, what one of
 * the named mistakes gives from the student's adjoints of the readers, and is distinguishable
 * from the right step.
 */
export function diagnoseAdjoints(
  problem: Pick<AdjointsProblem, 'nodes' | 'answer'>,
  answers: Readonly<Record<string, number | null | undefined>>,
): FieldVerdict[] {
  const { nodes } = problem;
  const keys = problem.answer.adjoints;
  const uses = usesOf(nodes);
  const output = nodes[nodes.length - 1].id;
  const given = (id: string): number | null => {
    const a = Object.hasOwn(answers, id) ? answers[id] : undefined;
    return typeof a === 'number' && Number.isFinite(a) ? a : null;
  };
  /** The student's adjoint of a reader; the key where the field is blank. */
  const theirs = (id: string): number => given(id) ?? keys[id];
  const seedForgotten = given(output) !== null && withinTolerance(given(output)!, 0);
  const verdicts: FieldVerdict[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    const id = nodes[i].id;
    if (!Object.hasOwn(keys, id)) continue;
    const key = keys[id];
    const answer = given(id);
    const v = (right: boolean, finding: FieldVerdict['finding'], message: string): void => {
      verdicts.push({ id, answer, key, right, finding, message });
    };
    if (answer === null) {
      v(false, 'blank', `adjoint of ${id}: no number yet.`);
      continue;
    }
    if (withinTolerance(answer, key)) {
      v(true, null, `adjoint of ${id} = ${num(answer)}: right.`);
      continue;
    }
    if (id === output) {
      if (withinTolerance(answer, 0)) v(false, 'forgotten-seed', `Forgotten seed: the sweep starts with adjoint of ${id} = ∂f/∂f (how far f moves per unit nudge of f), not 0.`);
      else v(false, 'equation', `The sweep starts with adjoint of ${id} = ∂f/∂f: how far f moves per unit nudge of f itself. You wrote ${num(answer)}.`);
      continue;
    }
    const us = uses.get(id)!;
    // A reader's field left empty: its key is not shown here, so this field cannot be judged yet.
    const empty = distinct(us.filter((u) => given(u.reader.id) === null).map((u) => `adjoint of ${u.reader.id}`));
    const twice = readTwice(us, id);
    if (empty.length > 0) {
      const equation = us.map((u) => `${factor(u.partial)} × adjoint of ${u.reader.id}`).join(' + ');
      v(false, 'equation', `adjoint of ${id} = ${equation}${twice}: fill in ${empty.join(' and ')} first.`);
      continue;
    }
    const terms = us.map((u) => u.partial * theirs(u.reader.id));
    const local = sum(terms);
    const equation = us.map((u) => `∂${u.reader.id}/∂${id} · adjoint of ${u.reader.id}`).join(' + ');
    const numbers = us.map((u) => `${factor(u.partial)} × ${factor(theirs(u.reader.id))}`).join(' + ');
    // The equation with the student's numbers, not worked out: its value would be the key.
    const stated = `adjoint of ${id} = ${equation} = ${numbers}${twice}`;
    if (seedForgotten && withinTolerance(answer, 0) && !withinTolerance(0, key)) {
      v(false, 'forgotten-seed', `Forgotten seed: with adjoint of ${output} = 0 every adjoint is 0; the sweep starts from adjoint of ${output} = ∂f/∂f.`);
      continue;
    }
    if (withinTolerance(answer, local)) {
      const above = us.filter((u) => given(u.reader.id) !== null && !withinTolerance(given(u.reader.id)!, keys[u.reader.id]));
      const from = above.length > 0 ? distinct(above.map((u) => `adjoint of ${u.reader.id}`)).join(' and ') : 'an adjoint above it';
      v(false, 'inherited', `Your arithmetic is right for your numbers (${numbers} = ${num(local)}), but it inherits the error in ${from}.`);
      continue;
    }
    const named = nameMistake(answer, local, us, terms, theirs);
    if (named) {
      const [finding, why] = named;
      v(false, finding, `${why} ${stated}.`);
      continue;
    }
    v(false, 'equation', `${stated}; you wrote ${num(answer)}: work the product out again.`);
  }
  return verdicts;
}

/** The first named mistake whose value the answer matches, with what to say about it. */
function nameMistake(
  answer: number,
  local: number,
  us: readonly Use[],
  terms: readonly number[],
  theirs: (id: string) => number,
): [AdjointMistake, string] | null {
  /** The answer is what the mistake gives, and the mistake's value is not the right step's. */
  const gives = (wrong: number): boolean => withinTolerance(answer, wrong) && !withinTolerance(wrong, local);
  if (us.length >= 2) {
    for (let j = us.length - 1; j >= 0; j--) {
      if (gives(terms[j])) {
        const which = j === us.length - 1 ? 'the last contribution' : 'one contribution';
        return ['overwrite', `You kept only ${which} (from ${us[j].reader.id}); adjoints add, +=, at a node read ${us.length} times:`];
      }
    }
  }
  // The whole sum negated, or one reader's contribution.
  const flips = [-local, ...(us.length >= 2 ? terms.map((t) => local - 2 * t) : [])];
  if (flips.some(gives)) {
    return ['sign', 'Sign error: the size is right, the sign is not.'];
  }
  const bare = us.map((u) => theirs(u.reader.id));
  const dropped = [sum(bare), ...(us.length >= 2 ? terms.map((t, j) => local - t + bare[j]) : [])];
  if (dropped.some(gives)) {
    return ['missing-partial', 'You passed the adjoint on without its local partial: multiply by the local partial.'];
  }
  for (let j = 0; j < us.length; j++) {
    const other = us[j].other;
    if (other !== null && gives(local - terms[j] + other * bare[j])) {
      const r = us[j].reader.id;
      return ['wrong-input', `You used the partial of ${r}'s other input (${num(other)}); each input gets its own, here ${num(us[j].partial)}:`];
    }
  }
  return null;
}
