import type { StateCreator } from 'zustand';
import type { PlaygroundOutcome, PlaygroundProblem, PlaygroundResult } from '../../../engine/expr/playground.ts';
import { DEFAULT_AT, DEFAULT_SOURCE, VALUE_LIMIT, withValue } from './defaults.ts';

/** What the playground was asked to evaluate. */
export interface ExprRequest {
  source: string;
  values: Readonly<Record<string, number>>;
  /** The text is new since the last request: a program's Value(…) declarations set their inputs. */
  declaredFirst?: boolean;
}

/** The expression playground: the text in its field, the values of its variables, and what the worker made of them. */
export interface PlaygroundSlice {
  /** The text in the Expression field, valid or not. */
  exprSource: string;
  /** A value per variable name, kept for names that were typed before (retyping x keeps x's value). */
  exprValues: Record<string, number>;
  /** The variables of the last expression that parsed, in order of first appearance: one control each. */
  exprVariables: string[];
  /** The last good result: it stays on screen while the field holds an error. */
  exprResult: PlaygroundResult | null;
  /** Why the text in the field could not be evaluated, or null when it could. */
  exprProblem: PlaygroundProblem | null;
  /** True once the playground has come near the screen (or a link named an expression): only then does its worker start. */
  exprWanted: boolean;
  /** Counts the links read that named an expression: the page brings the playground into view for each. */
  exprLinked: number;
  setExprSource: (source: string) => void;
  /** Sets one variable's value (clamped to ±1e6; non-finite values are refused). */
  setExprValue: (name: string, value: number) => void;
  /** Loads an expression with its values (a preset, a link). */
  loadExpression: (source: string, values: Readonly<Record<string, number>>, variables?: readonly string[]) => void;
  /** Takes the worker's answer to `request`, unless the field has moved on since. */
  receiveExprOutcome: (outcome: PlaygroundOutcome, request: ExprRequest) => void;
  /**
   * A result to show while there is none yet (a link whose expression does not parse): the
   * card's example, labelled as what it is.
   */
  receiveExprFallback: (result: PlaygroundResult) => void;
  setExprWanted: (wanted: boolean) => void;
  noteExprLinked: () => void;
}

export const createPlaygroundSlice: StateCreator<PlaygroundSlice, [], [], PlaygroundSlice> = (set, get) => ({
  exprSource: DEFAULT_SOURCE,
  exprValues: { ...DEFAULT_AT },
  exprVariables: Object.keys(DEFAULT_AT),
  exprResult: null,
  exprProblem: null,
  exprWanted: false,
  exprLinked: 0,
  setExprSource: (exprSource) => set({ exprSource }),
  setExprValue: (name, value) => {
    if (!Number.isFinite(value)) return;
    const clamped = Math.max(-VALUE_LIMIT, Math.min(VALUE_LIMIT, value));
    set({ exprValues: withValue(get().exprValues, name, clamped === 0 ? 0 : clamped) });
  },
  loadExpression: (source, values, variables) =>
    set({
      exprSource: source,
      // The given values are the whole truth (a link reproduces what it shows): a variable without
      // one starts at NEW_VARIABLE_VALUE (1), not at whatever an earlier expression left.
      exprValues: { ...values },
      exprVariables: variables ? [...variables] : Object.keys(values),
    }),
  receiveExprOutcome: (outcome, request) => {
    const state = get();
    // A late answer for text that is no longer in the field is dropped.
    if (request.source !== state.exprSource) return;
    if (!outcome.ok) return set({ exprProblem: outcome.problem });
    const { result } = outcome;
    const values = { ...state.exprValues, ...result.at };
    const sameValues = result.variables.every((name) => Object.is(state.exprValues[name], values[name]));
    set({
      exprResult: result,
      exprProblem: null,
      exprVariables: result.variables,
      ...(sameValues ? {} : { exprValues: values }),
    });
  },
  receiveExprFallback: (result) => {
    if (get().exprResult === null) set({ exprResult: result });
  },
  setExprWanted: (exprWanted) => set({ exprWanted }),
  noteExprLinked: () => set((s) => ({ exprLinked: s.exprLinked + 1, exprWanted: true })),
});
