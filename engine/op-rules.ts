import { Op, type OpCode } from './ops.ts';

/**
 * Each primitive's value and local partials, written once, as expressions over the operand
 * values u and w (w for binary ops only), the op's constant k and, in a partial, the node's own
 * `value`. Derivatives of the unary functions come from `unaryPartials` in arith.ts, which dual
 * numbers use too.
 *
 * They are code, not data, for the tape's hot paths: engine/generated/ is written from them by
 * `npm run generate` (codegen.ts): the primitives `Tape.record` calls (binaryPrimitive,
 * unaryPrimitive) and the recorder of the chain's step, whose arithmetic is straight-line code
 * with nothing to dispatch on. A test regenerates and fails if engine/generated/ is out of date.
 */
export interface OpRule {
  op: OpCode;
  value: string;
  /** ∂node/∂(first operand). */
  d0: string;
  /** ∂node/∂(second operand) for binary ops; for unary ops the op's constant (k of k·x, x + k, x^p) kept for display, or 0. */
  d1: string;
}

export const BINARY_RULES: readonly OpRule[] = [
  { op: Op.Add, value: 'u + w', d0: '1', d1: '1' },
  { op: Op.Sub, value: 'u - w', d0: '1', d1: '-1' },
  { op: Op.Mul, value: 'u * w', d0: 'w', d1: 'u' },
  { op: Op.Div, value: 'u / w', d0: '1 / w', d1: '-value / w' },
];

export const UNARY_RULES: readonly OpRule[] = [
  { op: Op.Neg, value: '-u', d0: '-1', d1: '0' },
  { op: Op.MulConst, value: 'k * u', d0: 'k', d1: 'k' },
  { op: Op.AddConst, value: 'u + k', d0: '1', d1: 'k' },
  { op: Op.Sin, value: 'Math.sin(u)', d0: 'unaryPartials.sin(u)', d1: '0' },
  { op: Op.Cos, value: 'Math.cos(u)', d0: 'unaryPartials.cos(u)', d1: '0' },
  { op: Op.Tanh, value: 'Math.tanh(u)', d0: 'unaryPartials.tanh(u, value)', d1: '0' },
  { op: Op.Exp, value: 'Math.exp(u)', d0: 'unaryPartials.exp(u, value)', d1: '0' },
  { op: Op.Log, value: 'Math.log(u)', d0: 'unaryPartials.log(u)', d1: '0' },
  { op: Op.Sqrt, value: 'Math.sqrt(u)', d0: 'unaryPartials.sqrt(u, value)', d1: '0' },
  { op: Op.Square, value: 'u * u', d0: 'unaryPartials.square(u)', d1: '0' },
  { op: Op.Relu, value: 'u > 0 ? u : 0', d0: 'unaryPartials.relu(u)', d1: '0' },
  { op: Op.Abs, value: 'Math.abs(u)', d0: 'unaryPartials.abs(u)', d1: '0' },
  { op: Op.PowConst, value: 'Math.pow(u, k)', d0: 'powPartial(u, k)', d1: 'k' },
];

/** The rule of op, or undefined for leaves and constants. */
export function ruleOf(op: OpCode): OpRule | undefined {
  return BINARY_RULES.find((r) => r.op === op) ?? UNARY_RULES.find((r) => r.op === op);
}
