import { compileExpression, type CompiledExpression } from '../expr/compile.ts';
import { ExprInputError } from '../expr/errors.ts';
import { gradExpression, type GradientByName } from '../expr/grad.ts';
import { registersFor } from '../program.ts';
import { DualTape } from './dual-tape.ts';

/** H·v of an expression at a point, by forward over reverse, with its central-difference check. */
export interface ExprHvp {
  variables: string[];
  value: number;
  /** ∇f by name, from the same dual sweep. */
  gradient: GradientByName;
  /** The direction v by name (0 for a variable not given). */
  direction: GradientByName;
  /** (H v) by name. */
  hvp: GradientByName;
  /** (∇f(x + h v) − ∇f(x − h v)) / 2h, each gradient by the plain tape's reverse sweep. */
  finiteDifference: GradientByName;
  /** The h of that difference. */
  h: number;
  /** max |fd − Hv| / max(1, max |Hv|). */
  maxRelative: number;
}

/** The compiled program on a dual tape: leaves x_j moving at v_j, then one dual sweep. */
function dualSweep(c: CompiledExpression, point: readonly number[], v: readonly number[]) {
  const p = c.program;
  const tape = new DualTape(p.inputs + p.op.length);
  const leaves = point.map((x, j) => tape.leaf(x, v[j]));
  const out = tape.replay(p, registersFor(p, leaves));
  tape.backward(out);
  return { value: tape.value(out), gradient: leaves.map((id) => tape.adjoint(id)), hvp: leaves.map((id) => tape.adjointTangent(id)) };
}

/** ∇f by the plain tape's reverse sweep (engine/tape.ts): no dual number anywhere. */
function gradientAt(c: CompiledExpression, point: readonly number[]): number[] {
  const at = Object.fromEntries(c.variables.map((name, j) => [name, point[j]]));
  const g = gradExpression(c, at, { tape: false }).gradient.reverse;
  return c.variables.map((name) => g[name]);
}

/**
 * H·v of `source` at `at` along `direction` (a value per variable; missing ones are 0), with the
 * gradient from the same sweep. Throws ParseError / ExprInputError as gradExpression does.
 */
export function expressionHvp(
  source: string | CompiledExpression,
  at: Readonly<Record<string, number>>,
  direction: Readonly<Record<string, number>>,
  step = Math.cbrt(Number.EPSILON),
): ExprHvp {
  const c = typeof source === 'string' ? compileExpression(source) : source;
  const names = c.variables;
  const point = names.map((name) => {
    const x = at[name];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new ExprInputError(`the value of '${name}' must be a finite number; got ${String(x)}`);
    return x;
  });
  for (const name of Object.keys(direction)) {
    if (!names.includes(name)) throw new ExprInputError(`the direction names '${name}', which the expression does not use`);
    if (!Number.isFinite(direction[name])) throw new ExprInputError(`the direction's '${name}' must be a finite number`);
  }
  const v = names.map((name) => (Object.hasOwn(direction, name) ? direction[name] : 0));
  const r = dualSweep(c, point, v);
  const vMax = v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  const h = vMax > 0 ? step / vMax : step;
  const plus = gradientAt(c, point.map((x, j) => x + h * v[j]));
  const minus = gradientAt(c, point.map((x, j) => x - h * v[j]));
  const fd = plus.map((g, j) => (g - minus[j]) / (2 * h));
  let worst = 0;
  let scale = 1;
  fd.forEach((x, j) => {
    worst = Math.max(worst, Math.abs(x - r.hvp[j]));
    scale = Math.max(scale, Math.abs(r.hvp[j]));
  });
  const byName = (xs: readonly number[]): GradientByName => Object.fromEntries(names.map((n, j) => [n, xs[j]]));
  return {
    variables: [...names],
    value: r.value,
    gradient: byName(r.gradient),
    direction: byName(v),
    hvp: byName(r.hvp),
    finiteDifference: byName(fd),
    h,
    maxRelative: worst / scale,
  };
}

/** The full Hessian of an expression, one H·e_j column per variable: n forward-over-reverse passes. */
export function expressionHessian(source: string | CompiledExpression, at: Readonly<Record<string, number>>): { variables: string[]; hessian: number[][] } {
  const c = typeof source === 'string' ? compileExpression(source) : source;
  const names = c.variables;
  const point = names.map((n) => at[n]);
  const columns = names.map((_, j) => dualSweep(c, point, names.map((__, i) => (i === j ? 1 : 0))).hvp);
  // Row i, column j: ∂²f/∂x_i∂x_j (the columns H e_j, laid out as rows of a symmetric matrix).
  return { variables: [...names], hessian: names.map((_, i) => columns.map((col) => col[i])) };
}
