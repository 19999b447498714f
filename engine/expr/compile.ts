import { floatArith } from '../arith.ts';
import { FUNCTION_OPS, Op, type OpCode } from '../ops.ts';
import { runProgram, type Program } from '../program.ts';
import { isConstantExpr, type CallNode, type Expr, type Span } from './ast.ts';
import { parseExpression, type ParsedExpression } from './parser.ts';

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
}

/** A parsed expression as a straight-line program with one input register per variable. */
export interface CompiledExpression extends ParsedExpression {
  readonly program: Program;
  /** One entry per register: inputs first, then one per instruction. */
  readonly nodes: readonly NodeSource[];
}

/**
 * Parses and compiles an expression to a `Program` (engine/program.ts), so floats, dual numbers
 * and the tape all run the very same primitives. Registers 0 … n−1 are the variables in order of
 * first appearance. The lowering:
 *
 * - k·e, e·k → scale (mulConst); e + k, k + e, e − k → shift (addConst), for a literal k
 *   (a number, pi, e, or its negation); other constants are `const` nodes.
 * - e^c with c free of variables → square when c = 2, else pow(e, c) (powConst, c evaluated once).
 * - e^y otherwise → exp(y · ln e): defined only for a positive base. e^y with the constant e as
 *   base is exp(y); with a positive literal base b it is exp(y · ln b).
 * - tan x = sin x / cos x; sigmoid x = 1 / (1 + exp(−x)); ln and log are both the natural logarithm.
 *
 * Throws `ParseError` for a malformed expression.
 */
export function compileExpression(source: string): CompiledExpression {
  const parsed = parseExpression(source);
  const b = new Builder(source, parsed.variables, firstSpans(parsed.ast));
  const output = b.compile(parsed.ast);
  return { ...parsed, program: b.program(output), nodes: b.nodes };
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

  constructor(
    private readonly source: string,
    private readonly variables: readonly string[],
    spans: ReadonlyMap<string, Span> = new Map(),
  ) {
    for (const name of variables) {
      this.nodes.push({ role: 'variable', label: name, text: name, span: spans.get(name) ?? { start: 0, end: 0 } });
    }
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
      case 'variable':
        return this.variables.indexOf(e.name);
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
    const x = this.compile(e.left);
    const y = this.compile(e.right);
    const lnx = this.emit(Op.Log, x, x, 0, this.helper(e, `ln(${baseText})`, { power: true }));
    const t = this.emit(Op.Mul, y, lnx, 0, this.helper(e, `${expText}·ln(${baseText})`, { power: true }));
    return this.emit(Op.Exp, t, t, 0, this.result(e, { power: true }));
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

/** The float value of a subtree without variables, by the same lowering the tape runs. */
function evaluateConstant(source: string, e: Expr): number {
  const b = new Builder(source, []);
  const out = b.compile(e);
  return runProgram(floatArith, b.program(out), []);
}
