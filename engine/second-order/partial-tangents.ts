import { Op } from '../ops.ts';

/**
 * The derivative of each op's local partials along a direction: d/dε of ∂node/∂operand when the
 * operands move as u + u̇ε and w + ẇε (and so the node's value as value + valuėε). This is the
 * one thing forward over reverse needs beyond the tape: the sweep multiplies adjoints by the
 * partials, and these are the partials' tangents, i.e. the op's second derivatives times the
 * operands' tangents. Written into `out` (d0̇, d1̇); partials that do not depend on the operands
 * (1, −1, k, relu's and |x|'s slopes) have tangent 0.
 *
 * One row per op of ops.ts, in numbers: test/engine/second-order/partial-tangents.test.ts checks
 * each against a central difference of the tape's own partials.
 */
export function partialTangents(op: number, u: number, w: number, value: number, k: number, uDot: number, wDot: number, valueDot: number, out: Float64Array): void {
  let t0 = 0;
  let t1 = 0;
  switch (op) {
    case Op.Mul:
      // ∂(uw)/∂u = w, ∂(uw)/∂w = u.
      t0 = wDot;
      t1 = uDot;
      break;
    case Op.Div:
      // ∂(u/w)/∂u = 1/w; ∂(u/w)/∂w = −value/w.
      t0 = -wDot / (w * w);
      t1 = -(valueDot * w - value * wDot) / (w * w);
      break;
    case Op.Pow: {
      // ∂/∂u = w·u^(w−1), whose tangent is w(w−1)·u^(w−2)·u̇ + u^(w−1)·(1 + w·ln u)·ẇ;
      // ∂/∂w = value·ln u (0 at u = 0 for w ≥ 0, PyTorch's convention), whose tangent is valuė·ln u + value·u̇/u.
      const curve = w === 0 || w === 1 ? 0 : w * (w - 1) * Math.pow(u, w - 2) * uDot;
      t0 = curve + (wDot === 0 ? 0 : Math.pow(u, w - 1) * (1 + w * Math.log(u)) * wDot);
      if (!(u === 0 && w >= 0)) t1 = valueDot * Math.log(u) + (value * uDot) / u;
      break;
    }
    case Op.Sin:
      t0 = -Math.sin(u) * uDot;
      break;
    case Op.Cos:
      t0 = -Math.cos(u) * uDot;
      break;
    case Op.Tanh:
      // 1 − value².
      t0 = -2 * value * valueDot;
      break;
    case Op.Exp:
      t0 = valueDot;
      break;
    case Op.Log:
      t0 = -uDot / (u * u);
      break;
    case Op.Sqrt:
      // 0.5 / value.
      t0 = (-0.5 * valueDot) / (value * value);
      break;
    case Op.Square:
      t0 = 2 * uDot;
      break;
    case Op.PowConst:
      // k·u^(k−1); constant for k = 0 and k = 1 (powPartial's conventions).
      t0 = k === 0 || k === 1 ? 0 : k * (k - 1) * Math.pow(u, k - 2) * uDot;
      break;
    case Op.Atan: {
      const s = 1 + u * u;
      t0 = (-2 * u * uDot) / (s * s);
      break;
    }
    default:
    // Add, Sub, Max, Min, Neg, MulConst, AddConst, Relu, Abs: constant partials (Max and Min away from a tie).
  }
  out[0] = t0;
  out[1] = t1;
}
