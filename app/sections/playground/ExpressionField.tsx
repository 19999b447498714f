import { useId, useRef } from 'react';
import type { PlaygroundProblem } from '../../../engine/expr/playground.ts';
import { useLab } from '../../state/store/index.ts';
import { MAX_EXPR_LENGTH } from './defaults.ts';
import { SourceEcho } from './SourceEcho.tsx';
import { lineEcho } from './lineEcho.ts';
import type { Span } from '../../../engine/expr/ast.ts';

/** The Expression field: the text, and below it the parse error with its column, or what was understood. */
export function ExpressionField() {
  const id = useId();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const source = useLab((s) => s.exprSource);
  const problem = useLab((s) => s.exprProblem);
  const variables = useLab((s) => s.exprVariables);
  const setSource = useLab((s) => s.setExprSource);
  const result = useLab((s) => s.exprResult);
  const program = result && result.source === source && result.isProgram ? result : null;
  const showInField = (p: PlaygroundProblem) => {
    const el = input.current;
    if (!el || !p.span) return;
    el.focus();
    el.setSelectionRange(p.span.start, Math.max(p.span.end, p.span.start + 1));
  };
  return (
    <div className="expr-field">
      <label htmlFor={id}>Expression</label>
      <textarea
        ref={input}
        id={id}
        rows={Math.min(12, source.split('\n').length)}
        className="expr-input"
        value={source}
        maxLength={MAX_EXPR_LENGTH}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-status ${id}-help`}
        onChange={(e) => setSource(e.currentTarget.value)}
      />
      <div id={`${id}-status`} className={`expr-status${problem ? ' bad' : ''}`} aria-live="polite">
        {problem ? (
          <>
            <p className="expr-error">
              <strong>{capitalise(problem.message)}.</strong>{' '}
              {problem.span ? (
                <button type="button" className="link-button" onClick={() => showInField(problem)}>
                  Show it in the field
                </button>
              ) : null}{' '}
              <span className="expr-kept">The last good result stays below.</span>
            </p>
            {problem.span ? <LineEcho source={source} span={problem.span} column={problem.column} /> : null}
          </>
        ) : (
          <>
            <p className="expr-ok">
              {variables.length === 0
                ? 'No variables: a constant, so its gradient is empty.'
                : `${variables.length} ${variables.length === 1 ? 'variable' : 'variables'}: ${variables.join(', ')}.`}
              {program ? ` A program: its output is ${program.labels[program.tape.output] ?? 'the last value'}.` : null}
            </p>
            {program && program.notes.length > 0 ? (
              <p className="expr-notes">
                Skipped: {program.notes.map((n) => `line ${n.line} (${n.note.split(':')[0]})`).join(', ')}.
              </p>
            ) : null}
          </>
        )}
      </div>
      <p id={`${id}-help`} className="expr-help">
        + − * / ^ (or **) and parentheses; sin cos tan tanh atan exp ln (= log) sqrt abs relu sigmoid, max(a, b),
        min(a, b), x.relu() and the other methods; pi and e. Write the multiplication: 2*x, not 2x. Or paste a short
        program: one statement a line (or after ;), name = expr, += -= *= /=, a = Value(-4.0) for an input, # comments.
      </p>
    </div>
  );
}

/** The echo of the line a problem is on, with a caret under its column. */
function LineEcho({ source, span, column }: { source: string; span: Span; column: number | null }) {
  const echo = lineEcho(source, span, column);
  return <SourceEcho source={echo.source} spans={[echo.span]} caret label={echo.label} />;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
