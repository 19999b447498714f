import type { Span } from './ast.ts';
import { ParseError } from './errors.ts';
import { shownChar } from '../number-text.ts';

/**
 * A token: a number, a name (variable, function or constant), an operator, a parenthesis, or
 * the end of the input. `text` is the source as typed (so '−' stays '−' in messages).
 */
export type Token =
  | { readonly kind: 'number'; readonly value: number; readonly text: string; readonly span: Span }
  | { readonly kind: 'name'; readonly text: string; readonly span: Span }
  | { readonly kind: 'op'; readonly op: '+' | '-' | '*' | '/' | '^'; readonly text: string; readonly span: Span }
  | { readonly kind: '(' | ')' | ',' | '.' | 'end'; readonly text: string; readonly span: Span }
  | { readonly kind: 'error'; readonly text: string; readonly span: Span; readonly error: ParseError };

/** Typographic signs read as their ASCII operators: − (minus sign), × and · (times), ÷. */
const OPERATORS: Readonly<Record<string, '+' | '-' | '*' | '/' | '^'>> = {
  '+': '+',
  '-': '-',
  '\u2212': '-',
  '*': '*',
  '\u00d7': '*',
  '\u00b7': '*',
  '/': '/',
  '\u00f7': '/',
  '^': '^',
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isNamePart = (c: string | undefined): boolean => isNameStart(c) || isDigit(c);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';

/** A character as a message shows it: printable ones quoted, others as a \u escape. */
export function quoteChar(source: string, at: number): string {
  return `'${shownChar(String.fromCodePoint(source.codePointAt(at) ?? 0))}'`;
}

/**
 * Splits the source (or its characters from `from` to `to`, one statement of a program) into
 * tokens; spans are offsets in the whole source. Python's `**` is read as '^'. Lexing stops at the first character that cannot start a token
 * (or a number too large for a double) with an `error` token carrying its ParseError, which the
 * parser throws when it gets there: errors are reported left to right, so in "max(x,y)" the
 * unknown function comes before the comma.
 * Numbers are digits with an optional fraction and exponent
 * (2, 0.5, .5, 1e-3, 6.02E23); an `e` not followed by digits is the constant e, so `2e` is
 * "2 e" and the parser reports the missing '*'.
 */
export function lex(source: string, from = 0, to = source.length): Token[] {
  const tokens: Token[] = [];
  let i = from;
  while (i < to) {
    const c = source[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(source[i + 1]))) {
      while (isDigit(source[i])) i++;
      if (source[i] === '.') {
        i++;
        while (isDigit(source[i])) i++;
      }
      if (source[i] === 'e' || source[i] === 'E') {
        const sign = source[i + 1] === '+' || source[i + 1] === '-' ? 1 : 0;
        if (isDigit(source[i + 1 + sign])) {
          i += 1 + sign;
          while (isDigit(source[i])) i++;
        }
      }
      const text = source.slice(start, i);
      const value = Number(text);
      if (!Number.isFinite(value)) {
        const error = new ParseError(`number '${text}' is too large`, { start, end: i }, 'the largest is about 1.8e308');
        tokens.push({ kind: 'error', text, span: error.span, error });
        return tokens;
      }
      tokens.push({ kind: 'number', value, text, span: { start, end: i } });
    } else if (isNameStart(c)) {
      while (isNamePart(source[i])) i++;
      tokens.push({ kind: 'name', text: source.slice(start, i), span: { start, end: i } });
    } else if (c === '*' && source[i + 1] === '*' && i + 1 < to) {
      i += 2;
      tokens.push({ kind: 'op', op: '^', text: '**', span: { start, end: i } });
    } else if (Object.hasOwn(OPERATORS, c)) {
      i++;
      tokens.push({ kind: 'op', op: OPERATORS[c], text: c, span: { start, end: i } });
    } else if (c === '(' || c === ')' || c === ',' || (c === '.' && isNameStart(source[i + 1]))) {
      i++;
      tokens.push({ kind: c, text: c, span: { start, end: i } });
    } else {
      const span = { start, end: start + String.fromCodePoint(source.codePointAt(start) ?? 0).length };
      const hint =
        c === '[' || c === '{'
            ? "use '(' and ')' for grouping"
            : undefined;
      const error = new ParseError(`unexpected character ${quoteChar(source, start)}`, span, hint);
      tokens.push({ kind: 'error', text: source.slice(span.start, span.end), span, error });
      return tokens;
    }
  }
  tokens.push({ kind: 'end', text: '', span: { start: to, end: to } });
  return tokens;
}
