/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { EXPRESSION_PRESETS, evaluatePlayground, type ExpressionPreset, type PlaygroundOutcome, type PlaygroundRequest } from '../../engine/expr/index.ts';
import { tapeViewBuffers } from '../channel/transfer.ts';
import type { ExprWorkerApi } from './protocol.ts';

/** The expression playground's engine: parse, record, differentiate; the tape's columns moved, not copied. */
const api = {
  /** The prepared expressions, as plain data. */
  presets(): ExpressionPreset[] {
    return EXPRESSION_PRESETS.map((p) => ({ ...p, at: { ...p.at } }));
  },
  /** One expression at one point: the gradients by three methods and the tape, or the parse error with its column. */
  evaluate(request: PlaygroundRequest): PlaygroundOutcome {
    const outcome = evaluatePlayground(request);
    return outcome.ok ? Comlink.transfer(outcome, tapeViewBuffers(outcome.result.tape)) : outcome;
  },
} satisfies ExprWorkerApi;

Comlink.expose(api);
