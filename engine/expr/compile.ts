import { floatArith } from '../arith.ts';
import { FUNCTION_OPS, Op, type OpCode } from '../ops.ts';
import { runProgram, type Program } from '../program.ts';
import { isConstantExpr, variablesOf, type CallNode, type Expr, type Span } from './ast.ts';
import { ParseError } from './errors.ts';
import { parseRange, type ParsedExpression } from './parser.ts';
import { parseProgram, withLine, type ParsedProgram, type ProgramNote } from './statements.ts';

/**
 * What one register of a compiled expression holds (register i is tape node i when the program
 * runs on a tape): an input variable, the value of an AST node (`result`), or an intermediate
 * of a function written with several primitives (`helper`: tan's sin and cos, sigmoid's steps,
 * the ln x and y·ln x of x^y).
 */
export interface NodeSource {
  readonly role: 'variable' | 'result' | 'helper';
  /** Readable text: the source of the AST node ("sin(x^2)"), or a formula for a helper ("cos(x)"). */
  readonly label: string;
  /** The source text of the AST node it belongs to ("x^y" for every node that computes x^y). */
  readonly text: string;
  /** The source characters of the AST node it belongs to. */
  readonly span: Span;
  /** For a result or helper: the AST node kind and, for calls, the function as written. */
  readonly kind?: Expr['kind'];
  readonly fn?: CallNode['fn'];
  /** For a helper of x^y: it belongs to a power with a variable exponent. */
  readonly power?: boolean;
  /**
   * The program's own name for the node, with a prime for each rebinding (c, c′, c″), when a
   * statement assigns it; the label is then this name.
   */
  readonly name?: string;
}

/** A parsed expression as a straight-line program with one input register per variable. */
export interface CompiledExpression extends ParsedExpression {
  readonly program: Program;
  /** One entry per register: inputs first, then one per instruction. */
  readonly nodes: readonly NodeSource[];
  /** Values given in the program with `name = Value(v)`, by input name. */
  readonly declared: Readonly<Record<string, number>>;
  /** Lines skipped (print, .backward(), imports, …), each with why. */
  readonly notes: readonly ProgramNote[];
  /** True for a program of statements rather than one expression. */
  readonly isProgram: boolean;
}

/**
 * Parses and compiles an expression to a `Program` (engine/program.ts), so floats, dual numbers
 * and the tape all run the very same primitives. Registers 0 … n−1 are the variables in order of
 * first appearance. The lowering:
 *
 * - k·e, e·k → scale (mulConst); e + k, k + e, e − k → shift (addConst), for a literal k
 *   (a number, pi, e, or its negation); other constants are `const` nodes.
 * - e^c with c free of variables → square when c = 2, else pow(e, c) (powConst, c evaluated once).
 * - e^y with the constant e as base is exp(y); with a positive literal base b, exp(y · ln b);
 *   otherwise one pow node (x^y), which follows PyTorch: a negative base with a whole-number
 *   exponent is defined, 0^0 = 1.
 * - tan x = sin x / cos x; sigmoid x = 1 / (1 + exp(−x)); ln and log are both the natural logarithm.
 *
 * Throws `ParseError` for a malformed expression.
 */
export function compileExpression(source: string): CompiledExpression {
  return withLine(source, () => compileProgram(parseProgram(source)));
}

/** Display names for the bindings of one name: c, c′, c″, c‴, then c⁽⁴⁾ … */
export function primed(name: string, binding: number): string {
  if (binding <= 3) return name + ['', '\u2032', '\u2033', '\u2034'][binding];
  const sup = String(binding).replace(/\d/g, (d) => '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079'[Number(d)]);
  return `${name}\u207d${sup}\u207e`;
}

/**
 * A program's statements as one straight-line program. Inputs are the names declared with
 * Value(…) and the names read before any statement assigns them, in order of first appearance;
 * a name reads its latest binding. The output is the name a `.backward()` line names, else the
 * last statement's expression, else the last assigned name.
 */
function compileProgram(parsed: ParsedProgram): CompiledExpression {
  const { source, statements } = parsed;
  const inputs: string[] = [];
  const spans = new Map<string, Span>();
  const bound = new Set<string>();
  const free = (name: string, at: Span): void => {
    if (bound.has(name) || inputs.includes(name)) return;
    inputs.push(name);
    spans.set(name, at);
  };
  for (const st of statements) {
    if (st.kind === 'input') {
      if (bound.has(st.name) || inputs.includes(st.name)) {
        throw new ParseError(`'${st.name}' is declared with Value(…) after it is used`, st.nameSpan, 'declare each input once, before its first use');
      }
      inputs.push(st.name);
      spans.set(st.name, st.nameSpan);
      bound.add(st.name);
    } else if (st.kind === 'assign' || st.kind === 'expression') {
      if (st.kind === 'assign' && st.op) free(st.name, st.nameSpan);
      const expr = shadow(st.expr, (name) => bound.has(name));
      const first = firstSpans(expr);
      for (const name of variablesOf(expr)) free(name, first.get(name) ?? st.span);
      if (st.kind === 'assign') bound.add(st.name);
    }
  }
  const b = new Builder(source, inputs, spans);
  const declared: Record<string, number> = {};
  const bindings = new Map<string, number>(inputs.map((name) => [name, 0]));
  const real = statements.filter((st) => st.kind !== 'backward');
  const last = real[real.length - 1];
  let output = -1;
  let backward = -1;
  let lastExpr: Expr | null = null;
  const notes = [...parsed.notes];
  for (const st of statements) {
    switch (st.kind) {
      case 'input':
        Object.defineProperty(declared, st.name, { value: evaluateConstant(source, st.value), enumerable: true, writable: true, configurable: true });
        break;
      case 'backward': {
        const r = b.lookup(st.name);
        if (r === undefined) throw new ParseError(`'${st.name}' is not assigned before '.backward()'`, st.span);
        backward = r;
        break;
      }
      case 'expression':
        if (st === last) {
          lastExpr = shadow(st.expr, (name) => b.lookup(name) !== undefined);
          output = b.compile(lastExpr);
        } else {
          const { line } = lineOf(source, st.span.start);
          notes.push({ line, text: source.slice(st.span.start, st.span.end), note: 'an expression that is not the last statement: skipped', span: st.span });
        }
        break;
      case 'assign': {
        const target: Expr = { kind: 'variable', name: st.name, span: st.nameSpan };
        const right = shadow(st.expr, (name) => b.lookup(name) !== undefined);
        const expr: Expr = st.op ? { kind: 'binary', op: st.op, left: target, right, span: st.span } : right;
        const r = b.compile(expr);
        const n = bindings.has(st.name) ? (bindings.get(st.name) as number) + 1 : 0;
        bindings.set(st.name, n);
        b.bind(st.name, r, primed(st.name, n), st.op ? st.span : null);
        output = r;
        lastExpr = expr;
        break;
      }
    }
  }
  if (backward >= 0) output = backward;
  const ast: Expr = lastExpr ?? { kind: 'number', value: NaN, span: { start: 0, end: 0 } };
  return { source, ast, variables: inputs, program: b.program(output), nodes: b.nodes, declared, notes, isProgram: parsed.isProgram };
}

/** The expression with the constants a program has assigned (e = c - d) read as its names. */
function shadow(e: Expr, isBound: (name: string) => boolean): Expr {
  switch (e.kind) {
    case 'number':
    case 'variable':
      return e;
    case 'constant':
      return isBound(e.name) ? { kind: 'variable', name: e.name, span: e.span } : e;
    case 'negate':
    case 'call':
      return { ...e, arg: shadow(e.arg, isBound) };
    case 'binary':
      return { ...e, left: shadow(e.left, isBound), right: shadow(e.right, isBound) };
  }
}

function lineOf(source: string, offset: number): { line: number } {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source[i] === '\n') line++;
  return { line };
}

/** The value of a literal: a number, pi, e, or a negation of one; otherwise undefined. */
function literal(e: Expr): number | undefined {
  if (e.kind === 'number' || e.kind === 'constant') return e.value;
  if (e.kind === 'negate') {
    const v = literal(e.arg);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

class Builder {
  private readonly op: number[] = [];
  private readonly lhs: number[] = [];
  private readonly rhs: number[] = [];
  private readonly k: number[] = [];
  readonly nodes: NodeSource[] = [];
  /** The register each name reads: its latest binding. */
  private readonly env = new Map<string, number>();

  constructor(
    private readonly source: string,
    private readonly variables: readonly string[],
    spans: ReadonlyMap<string, Span> = new Map(),
  ) {
    variables.forEach((name, i) => {
      this.nodes.push({ role: 'variable', label: name, text: name, span: spans.get(name) ?? { start: 0, end: 0 } });
      this.env.set(name, i);
    });
  }

  lookup(name: string): number | undefined {
    return this.env.get(name);
  }

  /**
   * `name = …` made register r: the name now reads r, and a node computed by this statement
   * takes the name as its label (an input or an already named node keeps its own).
   */
  bind(name: string, r: number, display: string, statement: Span | null): void {
    this.env.set(name, r);
    const node = this.nodes[r];
    if (node.role === 'variable' || node.name !== undefined) return;
    this.nodes[r] = { ...node, label: display, name: display, ...(statement ? { span: statement, text: this.source.slice(statement.start, statement.end) } : {}) };
  }

  program(output: number): Program {
    return {
      inputs: this.variables.length,
      op: Uint8Array.from(this.op),
      lhs: Int32Array.from(this.lhs),
      rhs: Int32Array.from(this.rhs),
      constant: Float64Array.from(this.k),
      output,
    };
  }

  private text(e: Expr): string {
    return this.source.slice(e.span.start, e.span.end).replace(/\s+/g, ' ').trim();
  }

  private emit(op: OpCode, x: number, y: number, k: number, node: NodeSource): number {
    this.op.push(op);
    this.lhs.push(x);
    this.rhs.push(y);
    this.k.push(k);
    this.nodes.push(node);
    return this.nodes.length - 1;
  }

  private result(e: Expr, extra: Partial<NodeSource> = {}): NodeSource {
    const text = this.text(e);
    return { role: 'result', label: text, text, span: e.span, kind: e.kind, ...extra };
  }

  private helper(e: Expr, label: string, extra: Partial<NodeSource> = {}): NodeSource {
    return { role: 'helper', label, text: this.text(e), span: e.span, kind: e.kind, ...extra };
  }

  compile(e: Expr): number {
    switch (e.kind) {
      case 'variable': {
        const r = this.env.get(e.name);
        if (r === undefined) throw new Error(`internal: no register for '${e.name}'`);
        return r;
      }
      case 'number':
      case 'constant':
        return this.emit(Op.Const, 0, 0, e.value, this.result(e));
      case 'negate': {
        const v = literal(e);
        if (v !== undefined) return this.emit(Op.Const, 0, 0, v, this.result(e));
        const x = this.compile(e.arg);
        return this.emit(Op.Neg, x, x, 0, this.result(e));
      }
      case 'call':
        return this.call(e);
      case 'binary':
        return this.binary(e);
    }
  }

  private binary(e: Expr & { kind: 'binary' }): number {
    const kl = literal(e.left);
    const kr = literal(e.right);
    switch (e.op) {
      case '+':
      case '-':
        if (kr !== undefined) {
          const x = this.compile(e.left);
          return this.emit(Op.AddConst, x, x, e.op === '+' ? kr : -kr, this.result(e));
        }
        if (kl !== undefined && e.op === '+') {
          const x = this.compile(e.right);
          return this.emit(Op.AddConst, x, x, kl, this.result(e));
        }
        return this.both(e, e.op === '+' ? Op.Add : Op.Sub);
      case '*':
        if (kr !== undefined || kl !== undefined) {
          const x = this.compile(kr !== undefined ? e.left : e.right);
          const k = (kr ?? kl) as number;
          return this.emit(Op.MulConst, x, x, k, this.result(e));
        }
        return this.both(e, Op.Mul);
      case '/':
        return this.both(e, Op.Div);
      case '^':
        return this.power(e);
      case 'max':
        return this.both(e, Op.Max);
      case 'min':
        return this.both(e, Op.Min);
    }
  }

  private both(e: Expr & { kind: 'binary' }, op: OpCode): number {
    const x = this.compile(e.left);
    const y = this.compile(e.right);
    return this.emit(op, x, y, 0, this.result(e));
  }

  private power(e: Expr & { kind: 'binary' }): number {
    if (isConstantExpr(e.right)) {
      const c = evaluateConstant(this.source, e.right);
      const x = this.compile(e.left);
      return c === 2 ? this.emit(Op.Square, x, x, 0, this.result(e)) : this.emit(Op.PowConst, x, x, c, this.result(e));
    }
    const base = literal(e.left);
    const baseText = this.text(e.left);
    const expText = this.text(e.right);
    if (e.left.kind === 'constant' && e.left.name === 'e') {
      const y = this.compile(e.right);
      return this.emit(Op.Exp, y, y, 0, this.result(e));
    }
    if (base !== undefined && base > 0) {
      const y = this.compile(e.right);
      const t = this.emit(Op.MulConst, y, y, Math.log(base), this.helper(e, `${expText}·ln ${baseText}`, { power: true }));
      return this.emit(Op.Exp, t, t, 0, this.result(e));
    }
    // Both variable: one pow node, with PyTorch's conventions (ops.ts): (−2)^3 = −8, 0^0 = 1.
    return this.both(e, Op.Pow);
  }

  private call(e: CallNode): number {
    const x = this.compile(e.arg);
    const r = this.result(e, { fn: e.fn });
    const arg = this.text(e.arg);
    // A function that is one op of the table (ops.ts): one node.
    const op = FUNCTION_OPS.get(e.fn);
    if (op !== undefined) return this.emit(op, x, x, 0, r);
    switch (e.fn) {
      case 'tan': {
        const s = this.emit(Op.Sin, x, x, 0, this.helper(e, `sin(${arg})`, { fn: 'tan' }));
        const c = this.emit(Op.Cos, x, x, 0, this.helper(e, `cos(${arg})`, { fn: 'tan' }));
        return this.emit(Op.Div, s, c, 0, r);
      }
      case 'sigmoid': {
        const n = this.emit(Op.Neg, x, x, 0, this.helper(e, `-(${arg})`, { fn: 'sigmoid' }));
        const ex = this.emit(Op.Exp, n, n, 0, this.helper(e, `exp(-(${arg}))`, { fn: 'sigmoid' }));
        const d = this.emit(Op.AddConst, ex, ex, 1, this.helper(e, `1 + exp(-(${arg}))`, { fn: 'sigmoid' }));
        const one = this.emit(Op.Const, 0, 0, 1, this.helper(e, '1', { fn: 'sigmoid' }));
        return this.emit(Op.Div, one, d, 0, r);
      }
      default:
        throw new Error(`no lowering for the function '${e.fn}'`);
    }
  }
}

/** Where each variable first appears. */
function firstSpans(e: Expr, spans = new Map<string, Span>()): Map<string, Span> {
  if (e.kind === 'variable') {
    if (!spans.has(e.name)) spans.set(e.name, e.span);
  } else if (e.kind === 'negate' || e.kind === 'call') firstSpans(e.arg, spans);
  else if (e.kind === 'binary') {
    firstSpans(e.left, spans);
    firstSpans(e.right, spans);
  }
  return spans;
}

/**
 * The value of a constant written as an expression ("pi/2", "-4.0", "2*e"), as the tape would
 * compute it. Throws `ParseError` for malformed text or text that names a variable.
 */
export function constantValue(text: string): number {
  const e = parseRange(text, 0, text.length);
  if (!isConstantExpr(e)) {
    const name = variablesOf(e)[0];
    throw new ParseError(`'${name}' is not a number or a constant`, e.span, 'use numbers, pi, e and the functions');
  }
  return evaluateConstant(text, e);
}

/** The float value of a subtree without variables, by the same lowering the tape runs. */
function evaluateConstant(source: string, e: Expr): number {
  const b = new Builder(source, []);
  const out = b.compile(e);
  return runProgram(floatArith, b.program(out), []);
}
