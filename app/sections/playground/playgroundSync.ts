import type { PlaygroundRequest } from '../../../engine/expr/playground.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import type { ExprEvaluator } from '../../../workers/playground/protocol.ts';
import type { LabStore } from '../../state/store/index.ts';
import type { ExprRequest } from './playgroundSlice.ts';
import { DEFAULT_AT, DEFAULT_SOURCE, MAX_VARIABLES, NEW_VARIABLE_VALUE } from './defaults.ts';

export type { ExprEvaluator };

const toRequest = (q: ExprRequest): PlaygroundRequest => ({
  source: q.source,
  at: q.values,
  fallback: NEW_VARIABLE_VALUE,
  maxVariables: MAX_VARIABLES,
  declaredFirst: q.declaredFirst ?? false,
});

/**
 * How long the field must rest after a keystroke before its text is evaluated: long enough that
 * a word being typed (`sin(x` on its way to `sin(x*x)`) is not read as an expression of its own.
 */
export const TYPING_PAUSE_MS = 400;

/**
 * Keeps the playground's result in step with its field and values: every change asks the worker
 * (latest wins), a parse error leaves the last good result on screen, and a first expression that
 * does not parse (a link's) is shown beside the card's example. Text typed into the field is
 * evaluated once the typing pauses, so a half-typed prefix (`x*y + s`, with a phantom variable
 * s) never replaces the last finished result; a preset or a link (text and values together) and
 * a moved value are evaluated at once. Returns a function that undoes the wiring.
 */
export function startPlayground(store: LabStore, evaluator: ExprEvaluator, pauseMs = TYPING_PAUSE_MS): () => void {
  let fallbackAsked = false;
  const latest = latestWins(
    (q: ExprRequest) => evaluator.evaluate(toRequest(q)),
    (outcome, q) => {
      const state = store.getState();
      state.receiveExprOutcome(outcome, q);
      if (!outcome.ok && state.exprResult === null && !fallbackAsked) {
        fallbackAsked = true;
        evaluator.evaluate(toRequest({ source: DEFAULT_SOURCE, values: DEFAULT_AT })).then(
          (o) => {
            if (o.ok) store.getState().receiveExprFallback(o.result);
          },
          () => undefined,
        );
      }
    },
    (error, q) => {
      const message = `The expression engine could not answer: ${error instanceof Error ? error.message : String(error)}`;
      store.getState().receiveExprOutcome({ ok: false, problem: { kind: 'input', message, column: null, span: null } }, q);
    },
  );
  // New text (typed, a preset, a link) lets a program's `a = Value(-4.0)` set a's value; a moved value wins after that.
  let askedSource: string | null = null;
  const ask = () => {
    const s = store.getState();
    const declaredFirst = s.exprSource !== askedSource;
    askedSource = s.exprSource;
    latest.request({ source: s.exprSource, values: s.exprValues, declaredFirst });
  };
  let typing: ReturnType<typeof setTimeout> | null = null;
  const askNow = () => {
    if (typing !== null) clearTimeout(typing);
    typing = null;
    ask();
  };
  ask();
  const unsubscribe = store.subscribe((s, p) => {
    const typed = s.exprSource !== p.exprSource && s.exprValues === p.exprValues;
    if (typed) {
      if (typing !== null) clearTimeout(typing);
      typing = setTimeout(askNow, pauseMs);
    } else if (s.exprSource !== p.exprSource || s.exprValues !== p.exprValues) {
      askNow();
    }
  });
  return () => {
    if (typing !== null) clearTimeout(typing);
    unsubscribe();
  };
}
