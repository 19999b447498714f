import { floatArith } from '../arith.ts';
import { dualArith, type Dual } from '../dual.ts';
import { registersFor, runProgram } from '../program.ts';
import { BYTES_PER_NODE, Tape, type NodeId, type SweepTrace } from '../tape.ts';
import { compileExpression, type CompiledExpression, type NodeSource } from './compile.ts';
import { ExprInputError } from './errors.ts';
import { describeHazards, showNumber, type ExprWarning } from './warnings.ts';

/** A gradient as one number per variable, keyed by name. */
export type GradientByName = Record<string, number>;

/** How `gradExpression` computes. */
export interface ExprGradientOptions {
  /**
   * Central-difference step for a variable at x: h·max(1, |x|). Default ∛ε ≈ 6.06e-6, which
   * balances the truncation error (h²·|f‴|/6) against rounding (ε·|f|/h).
   */
  h?: number;
  /** Reject values for names the expression does not use (default: ignore them). */
  strict?: boolean;
  /** Include the tape table and the sweep events (default true). */
  tape?: boolean;
}

/** The tape of an expression, as a table a UI can draw: one row per node, in recording order. */
export interface ExprTape {
  /** Nodes recorded (= program registers: one leaf per variable, then one per primitive). */
  length: number;
  /** Bytes the scalar tape holds for them, adjoints included. */
  bytes: number;
  /** The node holding the expression's value; the sweep seeds adj[output] = 1. */
  output: number;
  /** Op display names ('input', 'const', 'mul', 'sin', 'scale', …). */
  op: string[];
  /** Parent nodes of each node (0, 1 or 2). */
  parents: number[][];
  /** Local partials ∂node/∂parent, aligned with `parents`. */
  partials: number[][];
  /** The constant of const, scale (k·x), shift (x + k) and pow (x^p) nodes; else null. */
  constants: (number | null)[];
  /** Forward values. */
  values: Float64Array;
  /** Adjoints ∂value/∂node after the reverse sweep. */
  adjoints: Float64Array;
  /** Where each node comes from in the source (label, span, role). */
  sources: NodeSource[];
  /** The reverse sweep as one event per edge, in sweep order, for animation. */
  sweep: SweepTrace;
}

/** Value and gradient of an expression by three methods, with what they cost and what went wrong. */
export interface ExprGradient {
  source: string;
  /** Variables in order of first appearance. */
  variables: string[];
  /** The point: each variable's value. */
  at: GradientByName;
  value: number;
  gradient: {
    /** One forward recording and one reverse sweep of the tape. */
    reverse: GradientByName;
    /** One dual-number pass per variable. */
    forward: GradientByName;
    /** Central differences (f(x + h) − f(x − h)) / 2h, one pair of evaluations per variable. */
    finiteDifference: GradientByName;
    /**
     * What a sweep that overwrites adjoints (adj[parent] = …) instead of accumulating them (+=)
     * would report: wrong wherever a value is used more than once.
     */
    overwritten: GradientByName;
  };
  /** The step h used for each variable's central difference (the actual (x+h) − (x−h), halved). */
  finiteDifferenceStep: GradientByName;
  /** Largest relative difference from reverse mode over the variables: |g − r| / max(1, |r|). */
  differences: { forwardVsReverseMax: number; finiteDifferenceVsReverseMax: number };
  /** Evaluations of the expression each method made. */
  passes: { reverse: number; forward: number; finiteDifference: number };
  warnings: ExprWarning[];
  /** Present unless `tape: false`. */
  tape?: ExprTape;
}

/** ∛ε: the central-difference step that balances truncation against rounding for smooth f. */
export const DEFAULT_FD_STEP = Math.cbrt(Number.EPSILON);

/**
 * Value and gradient of `source` at the point `at` (a value per variable) by reverse mode (the
 * tape), forward mode (dual numbers) and central differences, all running one compiled program.
 * Throws `ParseError` for a malformed expression and `ExprInputError` for a missing or
 * non-finite value (or, with `strict`, a value for a name the expression lacks).
 */
export function gradExpression(
  source: string | CompiledExpression,
  at: Readonly<Record<string, number>>,
  options: ExprGradientOptions = {},
): ExprGradient {
  const c = typeof source === 'string' ? compileExpression(source) : source;
  const point = pointOf(c, at, options.strict ?? false);
  const names = c.variables;
  const n = names.length;
  const p = c.program;

  const tape = new Tape(n + p.op.length + 1);
  const leaves = point.map((v) => tape.leaf(v));
  const out = tape.replay(p, registersFor(p, leaves));
  if (tape.length !== c.nodes.length) throw new Error('internal: the tape and the program disagree on node count');
  const value = tape.value(out);
  const adjoints = tape.backward(out).slice();
  const sweep = tape.trace(out);
  const wrong = tape.trace(out, { overwrite: true }).adjoint;

  const byName = (f: (j: number) => number): GradientByName => Object.fromEntries(names.map((name, j) => [name, f(j)]));
  const reverse = byName((j) => adjoints[j]);
  const overwritten = byName((j) => wrong[j]);

  const forward = byName((j) => {
    const regs: Dual[] = point.map((v, i) => ({ v, d: i === j ? 1 : 0 }));
    return runProgram(dualArith, p, regs).d;
  });

  const hBase = options.h ?? DEFAULT_FD_STEP;
  const steps: number[] = [];
  const f = (x: number[]): number => runProgram(floatArith, p, x);
  const finiteDifference = byName((j) => {
    const plus = point.slice();
    const minus = point.slice();
    plus[j] += hBase * Math.max(1, Math.abs(point[j]));
    minus[j] -= hBase * Math.max(1, Math.abs(point[j]));
    // The step actually taken: x ± h rounded to doubles.
    const width = plus[j] - minus[j];
    steps.push(width / 2);
    return (f(plus) - f(minus)) / width;
  });

  const maxDiff = (g: GradientByName): number =>
    names.reduce((m, name) => Math.max(m, relativeDifference(g[name], reverse[name])), 0);

  const result: ExprGradient = {
    source: c.source,
    variables: [...names],
    at: byName((j) => point[j]),
    value,
    gradient: { reverse, forward, finiteDifference, overwritten },
    finiteDifferenceStep: byName((j) => steps[j]),
    differences: { forwardVsReverseMax: maxDiff(forward), finiteDifferenceVsReverseMax: maxDiff(finiteDifference) },
    passes: { reverse: 1, forward: n, finiteDifference: 2 * n },
    warnings: withPrecision(describeHazards(tape, c.nodes), () => unresolvedSlopes(names, reverse, finiteDifference, steps, out)),
  };
  if (options.tape ?? true) result.tape = tapeTable(tape, out, adjoints, sweep, c.nodes);
  return result;
}

/** The hazards, then the precision warnings unless a domain error or a kink met exactly already explains a disagreement. */
function withPrecision(hazards: ExprWarning[], precision: () => ExprWarning[]): ExprWarning[] {
  const explained = hazards.some((w) => w.kind === 'domain' || (w.kind === 'convention' && /kink/.test(w.message)));
  return explained ? hazards : [...hazards, ...precision()];
}

/**
 * A warning for each variable whose central difference disagrees with the tape by more than
 * 1e-4 (relative): the function changes too fast within ±h for central differences to resolve
 * its slope (near a pole such as tan at π/2, or a kink). Left out where the tape's gradient is
 * not finite (a domain warning says why).
 */
function unresolvedSlopes(names: readonly string[], reverse: GradientByName, fd: GradientByName, steps: readonly number[], out: number): ExprWarning[] {
  const bad = names.filter((name) => Number.isFinite(reverse[name]) && !(relativeDifference(fd[name], reverse[name]) <= 1e-4));
  return bad.map((name) => ({
    kind: 'precision' as const,
    message:
      `central differences cannot resolve the slope in ${name} here: with h = ${steps[names.indexOf(name)].toExponential(2)} they give ${showNumber(fd[name])}, ` +
      `the tape gives ${showNumber(reverse[name])}; the function changes too fast within ±h (a pole, a kink or a steep turn is near)`,
    node: out,
    span: { start: 0, end: 0 },
  }));
}

/** |g − r| / max(1, |r|); 0 when both are the same non-finite value, NaN when only one is. */
export function relativeDifference(g: number, r: number): number {
  if (Object.is(g, r) || (Number.isNaN(g) && Number.isNaN(r))) return 0;
  return Math.abs(g - r) / Math.max(1, Math.abs(r));
}

/** The point as values in variable order, checked. */
function pointOf(c: CompiledExpression, given: Readonly<Record<string, number>>, strict: boolean): number[] {
  // A value the program declares (a = Value(-4.0)) is used unless the point gives another.
  const at: Readonly<Record<string, number>> = { ...c.declared, ...given };
  const missing = c.variables.filter((name) => !Object.hasOwn(at, name));
  if (missing.length > 0) {
    const list = missing.map((m) => `'${m}'`).join(', ');
    throw new ExprInputError(`no value for ${missing.length > 1 ? 'variables' : 'variable'} ${list} (the expression uses ${c.variables.join(', ')})`);
  }
  if (strict) {
    const extra = Object.keys(at).filter((name) => !c.variables.includes(name));
    if (extra.length > 0) {
      const uses = c.variables.length > 0 ? `uses only ${c.variables.join(', ')}` : 'has no variables';
      throw new ExprInputError(`the expression has no variable '${extra[0]}' (it ${uses})`);
    }
  }
  return c.variables.map((name) => {
    const v = at[name];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ExprInputError(`the value of '${name}' must be a finite number; got ${String(v)}`);
    }
    return v;
  });
}

function tapeTable(tape: Tape, out: NodeId, adjoints: Float64Array, sweep: SweepTrace, sources: readonly NodeSource[]): ExprTape {
  const rows = Array.from({ length: tape.length }, (_, i) => i);
  return {
    length: tape.length,
    bytes: tape.length * BYTES_PER_NODE,
    output: out,
    op: rows.map((i) => tape.opName(i)),
    parents: rows.map((i) => tape.parents(i)),
    partials: rows.map((i) => tape.partials(i)),
    constants: rows.map((i) => (tape.opName(i) === 'const' ? tape.value(i as NodeId) : (tape.opConstant(i) ?? null))),
    values: tape.valuesCopy(),
    adjoints: padTo(adjoints, tape.length),
    sources: [...sources],
    sweep,
  };
}

/** Adjoints cover nodes 0 … output; nodes after the output (none for an expression) get 0. */
function padTo(a: Float64Array, n: number): Float64Array {
  if (a.length === n) return a;
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

