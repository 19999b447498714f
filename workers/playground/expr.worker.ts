/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { EXPRESSION_PRESETS, evaluatePlayground, type ExpressionPreset, type PlaygroundOutcome, type PlaygroundRequest } from '../../engine/expr/index.ts';
import { expressionSecondOrder, type ExprSecondOrder } from '../../engine/second-order/expr-check.ts';
import { tapeViewBuffers } from '../channel/transfer.ts';
import type { ExprWorkerApi, SecondOrderRequest } from './protocol.ts';

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
  /** Its full Hessian and H·v along the direction, by forward over reverse. */
  secondOrder(request: SecondOrderRequest): ExprSecondOrder {
    return expressionSecondOrder(request.source, request.at, request.direction);
  },
} satisfies ExprWorkerApi;

Comlink.expose(api);
