import type { Span } from '../../../engine/expr/ast.ts';

/**
 * The line of a program that holds a span, with the span moved onto it and the label a caret
 * shows under it: "line 3, column 5" in a program of several lines, "column 5" in one line.
 */
export function lineEcho(source: string, span: Span, column: number | null): { source: string; span: Span; label: string } {
  if (!source.includes('\n')) return { source, span, label: `column ${column ?? span.start + 1}` };
  const start = source.lastIndexOf('\n', span.start - 1) + 1;
  const nl = source.indexOf('\n', span.start);
  const end = nl < 0 ? source.length : nl;
  const line = source.slice(0, start).split('\n').length;
  return {
    source: source.slice(start, end),
    span: { start: span.start - start, end: Math.min(span.end, end) - start },
    label: `line ${line}, column ${span.start - start + 1}`,
  };
}
