import type { Span } from './ast.ts';

/**
 * A malformed expression. The message names the column (1-based, counted in UTF-16 code units
 * like a text field's selection), e.g. "unexpected ')' at column 7"; `span` marks the characters
 * to highlight. The parser throws nothing else for any input string.
 */
export class ParseError extends Error {
  override name = 'ParseError';
  /** 1-based column of the offending character (one past the end for a premature end). */
  readonly column: number;
  /** What went wrong, without the position: "unexpected ')'". */
  readonly reason: string;
  /** A suggestion, if there is one: "implicit multiplication is not allowed: write '*'". */
  readonly hint: string | undefined;

  /**
   * `where` replaces "column N" in the message: a program of several lines says
   * "line 3, column 5" (`column` stays the offset in the whole source, plus one).
   */
  constructor(
    reason: string,
    readonly span: Span,
    hint?: string,
    where?: string,
  ) {
    super(`${reason} at ${where ?? `column ${span.start + 1}`}${hint ? `: ${hint}` : ''}`);
    this.column = span.start + 1;
    this.reason = reason;
    this.hint = hint;
  }
}

/**
 * Values that do not fit a valid expression: a variable with no value, a value that is not a
 * finite number, or (when asked to be strict) a value for a variable the expression lacks.
 */
export class ExprInputError extends Error {
  override name = 'ExprInputError';
}
