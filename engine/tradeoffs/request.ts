import { defaultParams, validateParams, type ChainParams } from '../chain.ts';
import { validateTradeoffs } from './report.ts';

/**
 * What the app asks for: the lab's chain settings (default a_t, b_t) and the two levers with a
 * number. Plain data, so it crosses to the worker as it is.
 */
export interface TradeoffsRequest {
  steps: number;
  c: number;
  x0: number;
  target: number;
  /** K, the truncation window (0 … steps). */
  window: number;
  /** M, the output states of the Jacobian (1 … steps). */
  outputs: number;
  /** N, the Jacobian's inputs: the first N of (x_0, c, a_0, b_0, …), 1 … P + 2 (default all). */
  inputs?: number;
}

/** The chain a request describes, or one sentence saying what is wrong with it. */
export function requestParams(request: TradeoffsRequest): { params: ChainParams } | { problem: string } {
  const { steps } = request;
  if (!Number.isInteger(steps) || steps < 1 || steps > 1000) {
    return { problem: `steps must be a whole number from 1 to 1000 here; got ${steps}` };
  }
  const params = defaultParams(steps, { c: request.c, x0: request.x0, target: request.target });
  const problem = validateParams(params) ?? validateTradeoffs(request, steps);
  return problem ? { problem } : { params };
}

/** The distinct ArrayBuffers behind every typed array in a value, each once, to move them across a worker boundary. */
export function buffersOf(value: unknown, into = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) into.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const v of value) buffersOf(v, into);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) buffersOf(v, into);
  }
  return [...into];
}
