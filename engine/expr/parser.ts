import {
  FUNCTIONS,
  CONSTANTS,
  isConstantName,
  isFunctionName,
  isTwoArgumentFunction,
  variablesOf,
  type Expr,
  type Span,
} from './ast.ts';
import { ParseError } from './errors.ts';
import { lex, type Token } from './lexer.ts';

/** The longest expression accepted, in characters. */
export const MAX_SOURCE_LENGTH = 2000;
/** The deepest nesting accepted (parentheses, unary minus and powers each count a level). */
export const MAX_DEPTH = 100;

/** A parsed expression and the variables it reads, in order of first appearance. */
export interface ParsedExpression {
  readonly source: string;
  readonly ast: Expr;
  readonly variables: readonly string[];
}

/**
 * Parses an expression by recursive descent, one function per precedence level:
 *
 *     sum     := product (('+' | '-') product)*
 *     product := unary (('*' | '/') unary)*
 *     unary   := '-' unary | power
 *     power   := postfix ('^' unary)?          right-associative: 2^3^2 = 2^(3^2); ** is ^
 *     postfix := primary ('.' function '(' ')')*   micrograd's methods: (a + b).relu()
 *     primary := number | constant | variable | function '(' sum ')' | '(' sum ')'
 *              | ('max' | 'min') '(' sum ',' sum ')'
 *
 * so unary minus binds looser than '^' (−x^2 = −(x²)) but an exponent may be negative (2^-1).
 * Implicit multiplication (2x, x y, 2(x+1)) is an error that says where the '*' is missing.
 * Throws `ParseError`, and nothing else, for any string; evaluates nothing.
 */
export function parseExpression(source: string): ParsedExpression {
  if (source.length > MAX_SOURCE_LENGTH) {
    throw new ParseError(
      `the expression is longer than ${MAX_SOURCE_LENGTH} characters`,
      { start: MAX_SOURCE_LENGTH, end: source.length },
    );
  }
  const ast = parseRange(source, 0, source.length);
  return { source, ast, variables: variablesOf(ast) };
}

/**
 * Parses the characters from `from` to `to` of `source` as one expression (a statement's
 * right-hand side); spans are offsets in the whole source.
 */
export function parseRange(source: string, from: number, to: number): Expr {
  const tokens = lex(source, from, to);
  if (tokens[0].kind === 'end') throw new ParseError('the expression is empty', { start: from, end: from });
  return new Parser(tokens).parse();
}

const span = (a: Span, b: Span): Span => ({ start: a.start, end: b.end });

/** The tokens that can begin an operand: after a complete operand, one of these means a missing '*'. */
const startsOperand = (t: Token): boolean => t.kind === 'number' || t.kind === 'name' || t.kind === '(';

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private get next(): Token {
    return this.tokens[this.pos];
  }

  parse(): Expr {
    if (this.next.kind === 'end') throw new ParseError('the expression is empty', this.next.span);
    const e = this.sum();
    const t = this.next;
    if (t.kind !== 'end') throw this.unexpected(t);
    return e;
  }

  private sum(): Expr {
    let left = this.product();
    for (let t = this.next; t.kind === 'op' && (t.op === '+' || t.op === '-'); t = this.next) {
      this.pos++;
      const right = this.product();
      left = { kind: 'binary', op: t.op, left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private product(): Expr {
    let left = this.unary();
    for (let t = this.next; t.kind === 'op' && (t.op === '*' || t.op === '/'); t = this.next) {
      this.pos++;
      const right = this.unary();
      left = { kind: 'binary', op: t.op, left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private unary(): Expr {
    const t = this.next;
    if (++this.depth > MAX_DEPTH) {
      throw new ParseError(`the expression nests more than ${MAX_DEPTH} levels deep`, t.span);
    }
    let e: Expr;
    if (t.kind === 'op' && t.op === '-') {
      this.pos++;
      const arg = this.unary();
      e = { kind: 'negate', arg, span: span(t.span, arg.span) };
    } else {
      e = this.power();
    }
    this.depth--;
    return e;
  }

  private power(): Expr {
    const base = this.postfix(this.primary());
    const t = this.next;
    if (t.kind !== 'op' || t.op !== '^') return base;
    this.pos++;
    const exponent = this.unary();
    return { kind: 'binary', op: '^', left: base, right: exponent, span: span(base.span, exponent.span) };
  }

  /** micrograd's method forms: `e.relu()` is relu(e), `e.tanh().exp()` is exp(tanh(e)). */
  private postfix(e: Expr): Expr {
    while (this.next.kind === '.') {
      this.pos++;
      const name: Token = this.tokens[this.pos];
      if (name.kind !== 'name') throw this.unexpected(name);
      this.pos++;
      if (!isFunctionName(name.text)) {
        const hint =
          name.text === 'backward'
            ? 'a line that only calls .backward() is skipped: this page always runs the backward sweep'
            : `the methods are ${FUNCTIONS.map((f) => `.${f}()`).join(', ')}`;
        throw new ParseError(`unknown method '.${name.text}'`, name.span, hint);
      }
      const open: Token = this.tokens[this.pos];
      if (open.kind !== '(') throw new ParseError(`expected '(' after method '.${name.text}'`, open.span, `write .${name.text}()`);
      this.pos++;
      const close: Token = this.tokens[this.pos];
      if (close.kind !== ')') throw new ParseError(`the method '.${name.text}()' takes no argument`, close.span);
      this.pos++;
      e = { kind: 'call', fn: name.text, arg: e, span: span(e.span, close.span) };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.next;
    if (t.kind === 'number') {
      this.pos++;
      return { kind: 'number', value: t.value, span: t.span };
    }
    if (t.kind === '(') {
      this.pos++;
      const inner = this.sum();
      this.close(t);
      // The parentheses belong to the node's span, so a click on '(' selects the group.
      return { ...inner, span: span(t.span, this.tokens[this.pos - 1].span) };
    }
    if (t.kind === 'name') return this.named(t);
    throw this.unexpected(t);
  }

  private named(t: Token & { kind: 'name' }): Expr {
    this.pos++;
    const name = t.text;
    const open = this.next;
    if (open.kind === 'error') throw open.error;
    if (isTwoArgumentFunction(name) && open.kind === '(') {
      this.pos++;
      const left = this.sum();
      const comma = this.next;
      if (comma.kind !== ',') {
        if (comma.kind === ')') throw new ParseError(`'${name}' takes two arguments`, comma.span, `write ${name}(a, b)`);
        throw this.unexpected(comma);
      }
      this.pos++;
      const right = this.sum();
      this.close(open);
      return { kind: 'binary', op: name, left, right, span: span(t.span, this.tokens[this.pos - 1].span) };
    }
    if (isFunctionName(name)) {
      if (open.kind !== '(') {
        throw new ParseError(
          `expected '(' after function '${name}'`,
          open.span,
          `write ${name}(…)`,
        );
      }
      this.pos++;
      const arg = this.sum();
      this.close(open);
      return { kind: 'call', fn: name, arg, span: span(t.span, this.tokens[this.pos - 1].span) };
    }
    if (open.kind === '(') {
      if (isConstantName(name)) {
        throw new ParseError(`'${name}' is a constant, not a function`, t.span, `write ${name}*(…) to multiply`);
      }
      if (name === 'Value') {
        throw new ParseError(`Value(…) declares an input on a line of its own`, t.span, 'write a = Value(2.0), then use a');
      }
      const multiply = name.length === 1 ? `; to multiply, write ${name}*(…)` : '';
      throw new ParseError(`unknown function '${name}'`, t.span, `the functions are ${FUNCTIONS.join(', ')}, max, min${multiply}`);
    }
    if (isConstantName(name)) return { kind: 'constant', name, value: CONSTANTS[name], span: t.span };
    return { kind: 'variable', name, span: t.span };
  }

  /** Consumes the ')' matching `open`, or says which '(' is left open. */
  private close(open: Token): void {
    const t = this.next;
    if (t.kind === ')') {
      this.pos++;
      return;
    }
    if (t.kind === 'end') {
      throw new ParseError(`expected ')' to close '('`, open.span);
    }
    throw this.unexpected(t);
  }

  /** The error for a token that cannot come next, with a hint where one helps. */
  private unexpected(t: Token): ParseError {
    if (t.kind === 'error') return t.error;
    if (t.kind === 'end') return new ParseError('unexpected end of expression', t.span);
    if (t.kind === ',') return new ParseError(`unexpected ','`, t.span, 'only max and min take two arguments');
    const prev = this.tokens[this.pos - 1];
    if (prev && startsOperand(t) && (prev.kind === 'number' || prev.kind === 'name' || prev.kind === ')')) {
      return new ParseError(
        `missing operator before '${t.text}'`,
        t.span,
        "implicit multiplication is not allowed: write '*'",
      );
    }
    if (t.kind === 'op' && t.op === '*' && prev?.kind === 'op' && prev.op === '*') {
      return new ParseError(`unexpected '*'`, t.span, "use '^' or '**' for powers");
    }
    return new ParseError(`unexpected '${t.text}'`, t.span);
  }
}
