/**
 * The numbers a practice problem shows, checked for giveaways: every node's value and every
 * edge's local partial, across the whole problem. A number near 0 or ±1 makes a multiplication
 * trivial; two equal numbers let a student (and the diagnosis) mix up where a number came from.
 */
import { edgePartial, type PracticeNode } from './types.ts';

/**
 * Ops whose partials are ±1 whatever the values (a sum, a difference, a negation, u + k): the op
 * gives them away, so no choice of values can avoid them. They are left out of the check.
 */
export const FIXED_PARTIAL_OPS: ReadonlySet<string> = new Set(['add', 'sub', 'neg', 'shift']);

/** |x| this close to 0 reads as 0. */
const NEAR_ZERO = 0.02;
/** |x| within 3 % of 1 reads as ±1. */
const NEAR_ONE = 0.03;
/** Two magnitudes within 1 % of each other read as the same number. */
const SAME = 0.01;

/** True when |x| reads as 0 or 1. */
export function nearZeroOrOne(x: number): boolean {
  const a = Math.abs(x);
  return a < NEAR_ZERO || Math.abs(a - 1) < NEAR_ONE;
}

/** True when |a| and |b| are within 1 % of each other. */
export function sameSize(a: number, b: number): boolean {
  const x = Math.abs(a);
  const y = Math.abs(b);
  return Math.abs(x - y) <= SAME * Math.max(x, y);
}

/** One number the problem shows: a node's value, or the partial on an edge into a node. */
interface Shown {
  what: string;
  x: number;
  /** The node whose value this is, for a value; for a partial that is by its op a value, that value's node. */
  isValueOf: string | null;
  partial: boolean;
}

/**
 * The shown numbers: each value, and each partial of an op whose partials depend on the values.
 * A partial that is, by its op's rule, another shown value (a product's partial is its other
 * factor; exp's partial is its own value) says which value it is.
 */
function shownNumbers(nodes: readonly PracticeNode[]): Shown[] {
  const out: Shown[] = nodes.map((n) => ({ what: `the value of ${n.id}`, x: n.value, isValueOf: n.id, partial: false }));
  for (const n of nodes) {
    if (FIXED_PARTIAL_OPS.has(n.op)) continue;
    n.inputs.forEach((id, slot) => {
      const same = n.op === 'mul' ? n.inputs[1 - slot] : n.op === 'exp' ? n.id : null;
      out.push({ what: `∂${n.id}/∂${id}`, x: edgePartial(n, slot), isValueOf: same, partial: true });
    });
  }
  return out;
}

/**
 * What gives a problem away, in words ("the value of v2 reads as ±1"; "∂v2/∂v1 and ∂v4/∂v3 are
 * the same size"); empty when nothing does. Checked:
 * - no value and no local partial is near 0 or ±1 (the fixed ±1 partials of add, sub, neg and
 *   u + k excepted: their op gives them away);
 * - no two of those numbers have the same size (within 1 %), except a value and a partial that
 *   are one number by the op's rule: ∂(a·b)/∂a is b, ∂eᵘ/∂u is eᵘ. Two edges never carry the
 *   same number, even when both are one value (x·sin(x·y) shows x on two edges).
 */
export function giveaways(nodes: readonly PracticeNode[]): string[] {
  const shown = shownNumbers(nodes);
  const found: string[] = [];
  for (const s of shown) if (nearZeroOrOne(s.x)) found.push(`${s.what} reads as ${Math.abs(s.x) < NEAR_ZERO ? '0' : '±1'}`);
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i];
      const b = shown[j];
      if (!sameSize(a.x, b.x)) continue;
      // A value and the partial that is that value by its op's rule are one number shown twice.
      const oneNumber = a.partial !== b.partial && (a.partial ? a.isValueOf === b.isValueOf : b.isValueOf === a.isValueOf);
      if (!oneNumber) found.push(`${a.what} and ${b.what} are the same size`);
    }
  }
  return found;
}
