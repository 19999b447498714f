import { isConstantExpr, type Expr, type Span } from './ast.ts';
import { ParseError } from './errors.ts';
import { MAX_SOURCE_LENGTH, parseRange } from './parser.ts';

/**
 * A short straight-line program, as people paste it from micrograd, a lecture or a textbook:
 * statements on lines or after ';', `name = expr`, the augmented assignments `+= -= *= /=`,
 * `name = Value(number)` to declare an input with its value, `#` comments. Lines that only
 * print, call `.backward()`, import, define a function or set an attribute (`x.label = 'x'`)
 * are recognised and skipped with a note. An expression alone is a program of one statement.
 */
export type Statement =
  /** `name = expr`, or `name op= expr` (op is '+', '-', '*' or '/'): name becomes name op (expr). */
  | { readonly kind: 'assign'; readonly name: string; readonly op: '' | '+' | '-' | '*' | '/'; readonly expr: Expr; readonly span: Span; readonly nameSpan: Span }
  /** `name = Value(v)`: an input with its value. */
  | { readonly kind: 'input'; readonly name: string; readonly value: Expr; readonly span: Span; readonly nameSpan: Span }
  /** An expression on its own: the output if it is the last statement. */
  | { readonly kind: 'expression'; readonly expr: Expr; readonly span: Span }
  /** `name.backward()`: skipped, but it names the output. */
  | { readonly kind: 'backward'; readonly name: string; readonly span: Span };

/** A line the program skipped, and why, in a few words. */
export interface ProgramNote {
  readonly line: number;
  readonly text: string;
  readonly note: string;
  readonly span: Span;
}

export interface ParsedProgram {
  readonly source: string;
  readonly statements: readonly Statement[];
  readonly notes: readonly ProgramNote[];
  /** True when the source has more than one statement or any assignment (not a plain expression). */
  readonly isProgram: boolean;
}

/** 1-based line and column of an offset in the source. */
export function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Lines that are recognised and skipped, with the note each gets. */
const SKIPPED: readonly { readonly test: RegExp; readonly note: string }[] = [
  { test: /^print\s*\(/, note: 'print: skipped (the page shows every value)' },
  { test: /^(from\s+\S+\s+)?import\s/, note: 'import: skipped' },
  { test: /^def\s+\w+\s*\(.*\)\s*:$/, note: 'a function header: skipped, its body is read as the program' },
  { test: /^[A-Za-z_]\w*\.(label|grad|data|_op)\s*=(?!=)/, note: 'sets an attribute: skipped' },
  { test: /^[A-Za-z_]\w*\s*(,\s*[A-Za-z_]\w*\s*)+=(?!=)/, note: 'a tuple assignment: skipped' },
  { test: /^assert\s/, note: 'assert: skipped' },
  { test: /^(dot\s*=\s*)?draw_dot\s*\(/, note: 'draw_dot: skipped (the page draws the graph)' },
];

const ASSIGN = /^([A-Za-z_]\w*)\s*(\+|-|\*|\/)?=(?!=)/;
const VALUE = /^Value\s*\(\s*(?:data\s*=\s*)?([^,()]*(?:\([^()]*\)[^,()]*)*)\s*(?:,\s*(?:label\s*=\s*)?(['"])[^'"]*\2\s*)?\)\s*$/;
const BACKWARD = /^([A-Za-z_]\w*)\.backward\s*\(\s*\)\s*$/;

/**
 * Splits a program into statements and parses each. Throws `ParseError` naming the line and
 * column (for a program of one line, the column only) of the first problem.
 */
export function parseProgram(source: string): ParsedProgram {
  if (source.length > MAX_SOURCE_LENGTH) {
    throw new ParseError(`the program is longer than ${MAX_SOURCE_LENGTH} characters`, { start: MAX_SOURCE_LENGTH, end: source.length });
  }
  return withLine(source, () => parseStatements(source));
}

/** Runs `f`; a ParseError it throws for a source of several lines is rethrown naming the line and column. */
export function withLine<T>(source: string, f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof ParseError && source.includes('\n') && !/ at line \d+, column \d+/.test(error.message)) {
      const { line, column } = lineAndColumn(source, error.span.start);
      throw new ParseError(error.reason, error.span, error.hint, `line ${line}, column ${column}`);
    }
    throw error;
  }
}

function parseStatements(source: string): ParsedProgram {
  const statements: Statement[] = [];
  const notes: ProgramNote[] = [];
  let assigned = false;
  let lineNo = 0;
  for (let lineStart = 0; lineStart <= source.length; ) {
    lineNo++;
    const nl = source.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? source.length : nl;
    const line = source.slice(lineStart, lineEnd);
    const skip = SKIPPED.find((s) => s.test.test(line.trim()));
    if (skip) {
      const lead = line.length - line.trimStart().length;
      notes.push({ line: lineNo, text: line.trim(), note: skip.note, span: { start: lineStart + lead, end: lineEnd } });
    } else {
      const hash = commentStart(line);
      const code = hash < 0 ? line : line.slice(0, hash);
      let from = 0;
      for (const part of code.split(';')) {
        const start = lineStart + from;
        from += part.length + 1;
        const text = part.trim();
        if (text === '') continue;
        const at = start + part.indexOf(text);
        const span = { start: at, end: at + text.length };
        const skipped = SKIPPED.find((s) => s.test.test(text));
        if (skipped) {
          notes.push({ line: lineNo, text, note: skipped.note, span });
          continue;
        }
        const back = BACKWARD.exec(text);
        if (back) {
          statements.push({ kind: 'backward', name: back[1], span });
          notes.push({ line: lineNo, text, note: `.backward(): skipped (the page always sweeps back), but it names the output, ${back[1]}`, span });
          continue;
        }
        const a = ASSIGN.exec(text);
        if (!a) {
          statements.push({ kind: 'expression', expr: parseRange(source, at, at + text.length), span });
          continue;
        }
        assigned = true;
        const name = a[1];
        const nameSpan = { start: at, end: at + name.length };
        const rhsStart = at + a[0].length;
        const rhs = source.slice(rhsStart, at + text.length);
        if (/^[\s]*$/.test(rhs)) throw new ParseError(`nothing after '${a[0].slice(name.length).trim()}'`, { start: at + text.length, end: at + text.length }, `write ${name} = …`);
        const value = VALUE.exec(rhs.trim());
        if (value && !a[2]) {
          const inner = rhs.indexOf(value[1]);
          const k = constantValue(source, rhsStart + inner, rhsStart + inner + value[1].length);
          statements.push({ kind: 'input', name, value: k, span, nameSpan });
          continue;
        }
        const expr = parseRange(source, rhsStart, at + text.length);
        statements.push({ kind: 'assign', name, op: (a[2] ?? '') as '' | '+' | '-' | '*' | '/', expr, span, nameSpan });
      }
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  const real = statements.filter((s) => s.kind !== 'backward');
  if (real.length === 0) {
    if (notes.length === 0) throw new ParseError('the expression is empty', { start: 0, end: 0 });
    throw new ParseError('the program computes nothing: every line was skipped', { start: 0, end: 0 });
  }
  return { source, statements, notes, isProgram: assigned || real.length > 1 };
}

/** Where a '#' comment starts, outside quotes; −1 when there is none. */
function commentStart(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#') return i;
  }
  return -1;
}

/** The number inside Value(…): a constant expression (-4.0, 2*pi); the compiler evaluates it. */
function constantValue(source: string, from: number, to: number): Expr {
  const e = parseRange(source, from, to);
  if (!isConstantExpr(e)) throw new ParseError('Value(…) takes a number', e.span, 'write a = Value(2.0); an input cannot depend on another');
  return e;
}
