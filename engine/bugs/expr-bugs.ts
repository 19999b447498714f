import type { CompiledExpression } from '../expr/compile.ts';
import { LAST_SOURCE } from '../ops.ts';
import { registersFor } from '../program.ts';
import { Tape, type NodeId } from '../tape.ts';
import { IN_PLACE_FACTOR, refusal, SavedGraph } from './saved-graph.ts';

/** One input's row: its right gradient and what each bug that applies to it reports instead. */
export interface ExprBugRow {
  name: string;
  /** ∂f/∂v by the tape's sweep (+=), `.grad` cleared before it. */
  right: number;
  /** `zero-grad`: two backward() calls into `.grad` without clearing it: exactly 2 × right. */
  zeroGrad: number;
  /** `overwrite`: the sweep that writes adj[parent] = … instead of adding: the last contribution only. */
  overwrite: number;
  /**
   * `detach`: v replaced by v.detach() at its first use on the tape (the oldest node that reads
   * it): that use's contribution is lost, the others stay. Null when nothing reads v (f = v).
   */
  detach: number | null;
  /** The node of that first use, and its source text ('x*y'); −1 and '' when there is none. */
  firstUse: number;
  firstUseLabel: string;
}

/** The refusal of a change in place: which saved value was changed, and the error. */
export interface ExprInPlace {
  /** The node changed in place after recording (`.mul_(0.5)`): the oldest intermediate value a rule reads. */
  node: number;
  label: string;
  /** What it is multiplied by in place. */
  factor: number;
  /** The framework's one-line error. */
  error: string;
}

/** The bugs of the lab's list that apply to one expression at one point, run on its tape. */
export interface ExprBugs {
  rows: ExprBugRow[];
  /**
   * Null when no rule reads an intermediate value as an operand (a sum of inputs, say). Rules that
   * keep their own output (PyTorch saves exp's and tanh's result) are not modelled.
   */
  inPlace: ExprInPlace | null;
  /** A second backward() over the freed graph: the error, and the bytes retain_graph=True keeps. */
  retainGraph: { error: string; bytes: number };
}


/** The sweep of `backward` with one edge left out (node `cut`'s operand slot `slot`), as a detached copy leaves it. */
function sweepWithout(tape: Tape, out: number, cut: number, slot: number): Float64Array {
  const adj = new Float64Array(out + 1);
  adj[out] = 1;
  for (let i = out; i >= 0; i--) {
    const g = adj[i];
    if (g === 0 || tape.op(i) <= LAST_SOURCE) continue;
    const parents = tape.parents(i);
    const partials = tape.partials(i);
    for (let s = 0; s < parents.length; s++) if (!(i === cut && s === slot)) adj[parents[s]] += partials[s] * g;
  }
  return adj;
}

/**
 * The bugs of "Bugs you will meet" on an expression's own tape at the point `at` (a value per
 * variable): per input the right gradient, the doubled one of two backward() calls without
 * zero_grad(), the overwriting sweep's, and the one of a detach at the input's first use; and
 * the refusals of a saved value changed in place and of a second backward() over a freed graph.
 */
export function exprBugs(c: CompiledExpression, at: Readonly<Record<string, number>>): ExprBugs {
  const n = c.variables.length;
  const tape = new Tape(n + c.program.op.length + 1);
  const leaves = c.variables.map((name) => tape.leaf(at[name]));
  const out = tape.replay(c.program, registersFor(c.program, leaves));
  const label = (i: number) => c.nodes[i]?.label ?? `node ${i}`;

  // zero-grad: `.grad += ` each sweep's leaf adjoints; cleared before each sweep, or never.
  const grad = (clear: boolean) => {
    const g = new Float64Array(n);
    for (let pass = 0; pass < 2; pass++) {
      if (clear) g.fill(0);
      const adj = tape.backward(out);
      for (let j = 0; j < n; j++) g[j] += adj[leaves[j]];
    }
    return g;
  };
  const right = grad(true);
  const doubled = grad(false);
  const overwritten = tape.trace(out, { overwrite: true }).adjoint;

  const rows = c.variables.map((name, j): ExprBugRow => {
    const leaf = leaves[j];
    let firstUse = -1;
    let slot = 0;
    for (let i = leaf + 1; i <= out && firstUse < 0; i++) {
      const s = tape.parents(i).indexOf(leaf);
      if (s >= 0) {
        firstUse = i;
        slot = s;
      }
    }
    return {
      name,
      right: right[j],
      zeroGrad: doubled[j],
      overwrite: overwritten[leaf],
      detach: firstUse < 0 ? null : sweepWithout(tape, out, firstUse, slot)[leaf],
      firstUse,
      firstUseLabel: firstUse < 0 ? '' : label(firstUse),
    };
  });

  const labels = (i: number) => `${label(i)} (node ${i}, output of ${tape.opName(i)})`;
  // in-place: the oldest intermediate value that some rule saved (as PyTorch 1.13 saves them).
  const target = new SavedGraph(tape, labels).oldestSaved();
  let inPlace: ExprInPlace | null = null;
  if (target >= 0) {
    const g = new SavedGraph(tape, labels);
    g.modifyInPlace(target, g.value(target) * IN_PLACE_FACTOR);
    inPlace = { node: target, label: label(target), factor: IN_PLACE_FACTOR, error: refusal(() => g.backward(out as NodeId)) };
  }

  const freed = new SavedGraph(tape, labels);
  freed.backward(out);
  return {
    rows,
    inPlace,
    retainGraph: { error: refusal(() => freed.backward(out)), bytes: freed.savedBytes() },
  };
}
