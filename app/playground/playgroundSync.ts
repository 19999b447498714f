import type { PlaygroundRequest } from '../../engine/expr/playground.ts';
import { latestWins } from '../../workers/channel/latest.ts';
import type { ExprEvaluator } from '../../workers/playground/protocol.ts';
import type { LabStore } from '../store/index.ts';
import type { ExprRequest } from './playgroundSlice.ts';
import { DEFAULT_AT, DEFAULT_SOURCE, MAX_VARIABLES, NEW_VARIABLE_VALUE } from './defaults.ts';

export type { ExprEvaluator };

const toRequest = (q: ExprRequest): PlaygroundRequest => ({
  source: q.source,
  at: q.values,
  fallback: NEW_VARIABLE_VALUE,
  maxVariables: MAX_VARIABLES,
});

/**
 * Keeps the playground's result in step with its field and values: every change asks the worker
 * (latest wins), a parse error leaves the last good result on screen, and a first expression that
 * does not parse (a link's) is shown beside the card's example. Returns a function that undoes
 * the wiring.
 */
export function startPlayground(store: LabStore, evaluator: ExprEvaluator): () => void {
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
  const ask = () => {
    const s = store.getState();
    latest.request({ source: s.exprSource, values: s.exprValues });
  };
  ask();
  return store.subscribe((s, p) => {
    if (s.exprSource !== p.exprSource || s.exprValues !== p.exprValues) ask();
  });
}
