import type { Span } from '../../../engine/expr/ast.ts';
import { shownSource } from '../../../engine/number-text.ts';
import { splitAt } from './resultView.ts';

/**
 * The expression in monospace with one span marked (the character a parse error points at, or
 * the part of the source a warning is about); with `caret`, a ^ under its first character.
 * Control and bidi characters (a NUL, U+202E from a link's `#expr=`) are shown as \u{…}, as the
 * parse error's message beside it shows them, and the caret counts the escapes.
 */
export function SourceEcho({ source, spans, caret = false, label }: { source: string; spans: readonly Span[]; caret?: boolean; label?: string }) {
  const span = spans[0];
  if (!span) return null;
  const [before, inside, after] = splitAt(source, span).map(shownSource);
  return (
    <div className="source-echo" aria-hidden="true">
      <code>
        {before}
        <mark>{inside || '\u00a0'}</mark>
        {after}
      </code>
      {caret ? (
        <code className="caret">
          {' '.repeat(before.length)}^{label ? ` ${label}` : ''}
        </code>
      ) : null}
    </div>
  );
}
