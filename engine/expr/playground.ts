import { exprBugs, type ExprBugs } from '../bugs/expr-bugs.ts';
import { registersFor } from '../program.ts';
import { BYTES_PER_NODE, Tape } from '../tape.ts';
import { describeTape, type TapeView } from '../tape-view.ts';
import type { Span } from './ast.ts';
import { compileExpression, type CompiledExpression } from './compile.ts';
import { ExprInputError, ParseError } from './errors.ts';
import { gradExpression, relativeDifference, type ExprGradient } from './grad.ts';
import { programProblem, ProgramPracticeError, PROGRAM_MAX_NODES } from '../practice/program.ts';
import type { ProgramNote } from './statements.ts';
import { evaluationTrace, type EvaluationTrace } from './trace.ts';
import type { ExprWarning } from './warnings.ts';

/** What the playground asks for: the text in the field and the values the page holds. */
export interface PlaygroundRequest {
  source: string;
  /**
   * Values by variable name. Names the expression does not use are ignored; a variable with no
   * value here takes `fallback`.
   */
  at: Readonly<Record<string, number>>;
  /** The value a newly typed variable starts at (default 1: away from the kinks and poles at 0). */
  fallback?: number;
  /** The most variables the page offers a control for (default 12). */
  maxVariables?: number;
  /**
   * True when the text is new (typed, a preset, a link): an input the program declares with
   * `a = Value(-4.0)` then takes that value over `at`. When only a value moved, `at` wins.
   */
  declaredFirst?: boolean;
}

/** One variable's row of the gradient table: ∂f/∂v by each method and how far each is from reverse mode. */
export interface GradientRow {
  name: string;
  /** The value of the variable. */
  at: number;
  reverse: number;
  /** One dual-number pass with this variable's tangent seeded to 1. */
  forward: number;
  finiteDifference: number;
  /** The central-difference step actually taken for this variable. */
  h: number;
  /** |g − r| / max(1, |r|) against the reverse-mode value. */
  forwardVsReverse: number;
  finiteDifferenceVsReverse: number;
  /** What a sweep that overwrites adjoints (=) instead of accumulating them (+=) would report. */
  overwritten: number;
}

/** Everything the playground draws for one valid expression. */
export interface PlaygroundResult {
  source: string;
  variables: string[];
  /** The point evaluated, a value per variable (fallbacks filled in). */
  at: Record<string, number>;
  value: number;
  rows: GradientRow[];
  differences: ExprGradient['differences'];
  passes: ExprGradient['passes'];
  warnings: ExprWarning[];
  /** The tape as the tape components draw it (inputs and constants named). */
  tape: TapeView;
  /** Bytes the scalar tape holds for it, adjoints included. */
  bytes: number;
  /** Per node: the source text it computes ('sin(x^2)', 'cos(x)' for a helper of tan). */
  labels: string[];
  /** Per node: the characters of the source it comes from. */
  spans: Span[];
  /** The framework bugs that apply to this expression at this point, run on its tape. */
  bugs: ExprBugs;
  /** True for a program of statements (its nodes are named by its own names). */
  isProgram: boolean;
  /** Lines of the program that were skipped (print, .backward(), …), each with why. */
  notes: ProgramNote[];
  /** Values the program declares with Value(…). */
  declared: Record<string, number>;
  /** The evaluation traces (primal, tangent per input, adjoint), or null past TRACE_MAX_NODES nodes. */
  trace: EvaluationTrace | null;
  /**
   * "Practice on this": the program to pose as an adjoints problem (inputs declared with their
   * values at this point), or why it cannot be posed.
   */
  practice: { program: string; reason: null } | { program: null; reason: string };
}

/** The most nodes whose evaluation traces the playground lists: past that a table of rows is no longer read. */
export const TRACE_MAX_NODES = 80;

/** Why an expression could not be evaluated, with where to point in the source. */
export interface PlaygroundProblem {
  kind: 'parse' | 'input';
  /** One sentence: "unexpected ')' at column 7". */
  message: string;
  /** 1-based column, or null when the problem is not at one place. */
  column: number | null;
  span: Span | null;
}

export type PlaygroundOutcome = { ok: true; result: PlaygroundResult } | { ok: false; problem: PlaygroundProblem };

/**
 * Parses, records and differentiates an expression for the playground: the gradient by reverse
 * mode, dual numbers and central differences side by side, the warnings, and the tape with its
 * sweep. A malformed expression, or one with too many variables, comes back as a problem with its
 * column rather than an exception, so a worker can answer every keystroke.
 */
export function evaluatePlayground(request: PlaygroundRequest): PlaygroundOutcome {
  let compiled: CompiledExpression;
  try {
    compiled = compileExpression(request.source);
  } catch (error) {
    if (error instanceof ParseError) {
      return { ok: false, problem: { kind: 'parse', message: error.message, column: error.column, span: error.span } };
    }
    throw error;
  }
  const max = request.maxVariables ?? 12;
  if (compiled.variables.length > max) {
    const extra = compiled.nodes[max];
    return {
      ok: false,
      problem: {
        kind: 'input',
        message: `at most ${max} variables are offered a control; '${extra.label}' at column ${extra.span.start + 1} is number ${max + 1}`,
        column: extra.span.start + 1,
        span: extra.span,
      },
    };
  }
  const fallback = request.fallback ?? 1;
  // Built with fromEntries, not by assignment: a variable may be called __proto__.
  const at: Record<string, number> = Object.fromEntries(
    compiled.variables.map((name) => {
      const declared = Object.hasOwn(compiled.declared, name) ? compiled.declared[name] : undefined;
      const given = Object.hasOwn(request.at, name) ? request.at[name] : undefined;
      if (declared !== undefined && (request.declaredFirst || given === undefined)) return [name, declared];
      return [name, typeof given === 'number' && Number.isFinite(given) ? given : (declared ?? fallback)];
    }),
  );
  let g: ExprGradient;
  try {
    g = gradExpression(compiled, at, { tape: compiled.nodes.length <= TRACE_MAX_NODES });
  } catch (error) {
    if (error instanceof ExprInputError) return { ok: false, problem: { kind: 'input', message: error.message, column: null, span: null } };
    throw error;
  }
  const { tape, labels, spans } = recordTape(compiled, at);
  const rows: GradientRow[] = compiled.variables.map((name) => ({
    name,
    at: at[name],
    reverse: g.gradient.reverse[name],
    forward: g.gradient.forward[name],
    finiteDifference: g.gradient.finiteDifference[name],
    h: g.finiteDifferenceStep[name],
    forwardVsReverse: relativeDifference(g.gradient.forward[name], g.gradient.reverse[name]),
    finiteDifferenceVsReverse: relativeDifference(g.gradient.finiteDifference[name], g.gradient.reverse[name]),
    overwritten: g.gradient.overwritten[name],
  }));
  return {
    ok: true,
    result: {
      source: compiled.source,
      variables: [...compiled.variables],
      at,
      value: g.value,
      rows,
      differences: g.differences,
      passes: g.passes,
      warnings: g.warnings,
      tape,
      bytes: tape.length * BYTES_PER_NODE,
      labels,
      spans,
      bugs: exprBugs(compiled, at),
      isProgram: compiled.isProgram,
      notes: compiled.notes.map((n) => ({ ...n, span: { ...n.span } })),
      declared: { ...compiled.declared },
      trace: g.tape ? evaluationTrace(g.tape, g.variables) : null,
      practice: practiceOf(compiled, at),
    },
  };
}

/**
 * The program a practice link poses: the inputs the text does not declare are declared with
 * their values here (x = Value(0.5)), so the link carries the whole problem; a declared input
 * keeps the value its text gives.
 */
function practiceOf(c: CompiledExpression, at: Readonly<Record<string, number>>): PlaygroundResult['practice'] {
  if (c.nodes.length > 4 * PROGRAM_MAX_NODES) return { program: null, reason: `it records ${c.nodes.length} nodes; a practice problem takes at most ${PROGRAM_MAX_NODES}` };
  const values = c.variables.filter((name) => !Object.hasOwn(c.declared, name)).map((name) => `${name} = Value(${String(at[name])})`);
  const program = values.length > 0 ? `${values.join('\n')}\n${c.source}` : c.source;
  try {
    programProblem(program);
    return { program, reason: null };
  } catch (error) {
    if (error instanceof ProgramPracticeError) return { program: null, reason: error.message };
    throw error;
  }
}

/** The compiled program recorded on a tape and described for display, as gradExpression records it. */
function recordTape(c: CompiledExpression, at: Readonly<Record<string, number>>): { tape: TapeView; labels: string[]; spans: Span[] } {
  const tape = new Tape(c.variables.length + c.program.op.length + 1);
  const leaves = c.variables.map((name) => tape.leaf(at[name]));
  const out = tape.replay(c.program, registersFor(c.program, leaves));
  const labels = c.nodes.map((n) => n.label);
  const view = describeTape(tape, out, (i) => labels[i] ?? '');
  return { tape: view, labels: labels.slice(0, view.length), spans: c.nodes.slice(0, view.length).map((n) => ({ start: n.span.start, end: n.span.end })) };
}
