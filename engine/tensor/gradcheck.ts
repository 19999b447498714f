import { clone, matrix, type Matrix } from './matrix.ts';
import { TensorTape, type TensorId } from './tape.ts';

/** A scalar function of some matrices, written on a tensor tape: returns the 1×1 output node. */
export type TapeFunction = (tape: TensorTape, inputs: TensorId[]) => TensorId;

/** How one input's tape gradient compares with central differences. */
export interface GradcheckInput {
  /** ‖analytic − numeric‖₂ / max(‖analytic‖₂, ‖numeric‖₂): 0 when both are zero. */
  relativeError: number;
  /** Largest entry-wise |analytic − numeric|. */
  maxAbsError: number;
  analytic: Matrix;
  numeric: Matrix;
}

export interface GradcheckResult {
  /** Every entry of every input within atol + rtol·|numeric| of central differences. */
  passed: boolean;
  /** The largest relative error over the inputs (reported; the pass test is entry-wise). */
  relativeError: number;
  atol: number;
  rtol: number;
  h: number;
  inputs: GradcheckInput[];
}

/**
 * Checks a tensor tape's gradient the way torch.autograd.gradcheck does: in f64, against
 * central differences n = (f(x + h·e_k) − f(x − h·e_k)) / 2h for every entry k of every input,
 * with h = 1e-6, passing when every entry's tape gradient a satisfies |a − n| ≤ atol + rtol·|n|
 * (torch's defaults: atol = 1e-5, rtol = 1e-3). The absolute part lets a correct gradient of
 * zero pass, where central differences return rounding noise (sum(softmax(x)) is 1 for every x).
 * Each evaluation records `fn` on a fresh tape; the inputs are never modified.
 */
export function gradcheck(
  fn: TapeFunction,
  inputs: readonly Matrix[],
  options: { h?: number; atol?: number; rtol?: number } = {},
): GradcheckResult {
  const h = options.h ?? 1e-6;
  const atol = options.atol ?? 1e-5;
  const rtol = options.rtol ?? 1e-3;
  let passed = true;
  const evaluate = (ms: readonly Matrix[]): number => {
    const tape = new TensorTape();
    const out = fn(tape, ms.map((m) => tape.leaf(m)));
    const v = tape.value(out);
    if (v.rows !== 1 || v.cols !== 1) throw new RangeError('gradcheck needs a function with a 1×1 output');
    return v.data[0];
  };

  const tape = new TensorTape();
  const ids = inputs.map((m) => tape.leaf(clone(m)));
  tape.backward(fn(tape, ids));

  const results = inputs.map((m, k): GradcheckInput => {
    const analytic = tape.grad(ids[k]) ?? matrix(m.rows, m.cols);
    const numeric = matrix(m.rows, m.cols);
    const moved = inputs.map(clone);
    const x = moved[k].data;
    for (let j = 0; j < x.length; j++) {
      const x0 = x[j];
      x[j] = x0 + h;
      const fp = evaluate(moved);
      x[j] = x0 - h;
      const fm = evaluate(moved);
      x[j] = x0;
      numeric.data[j] = (fp - fm) / (2 * h);
    }
    let diff = 0;
    let na = 0;
    let nn = 0;
    let maxAbsError = 0;
    for (let j = 0; j < x.length; j++) {
      const d = analytic.data[j] - numeric.data[j];
      diff += d * d;
      na += analytic.data[j] ** 2;
      nn += numeric.data[j] ** 2;
      maxAbsError = Math.max(maxAbsError, Math.abs(d));
      if (!(Math.abs(d) <= atol + rtol * Math.abs(numeric.data[j]))) passed = false;
    }
    const scale = Math.sqrt(Math.max(na, nn));
    return { relativeError: scale === 0 ? 0 : Math.sqrt(diff) / scale, maxAbsError, analytic, numeric };
  });
  const relativeError = Math.max(0, ...results.map((r) => r.relativeError));
  return { passed, relativeError, atol, rtol, h, inputs: results };
}
