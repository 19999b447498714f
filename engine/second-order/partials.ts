import { Op, type Arith } from '../ops.ts';

/**
 * The local partials ∂node/∂operand of each op, written against `Arith<V>` so that any
 * arithmetic computes them: with plain floats they are the numbers the tape stores (the op
 * table's `d0`, `d1`); with dual numbers along a direction v they carry their own derivative
 * along v as well, which is what the reverse sweep needs to give H·v (forward over reverse).
 *
 * u and w are the operands, `value` the node's own value, k the op's constant. Partials that do
 * not depend on the operands (1, −1, k, relu's 0 or 1) are constants of the arithmetic.
 * test/engine/second-order/partials.test.ts checks every row against the tape's numbers.
 */
export function localPartials<V>(ar: Arith<V>, op: number, u: V, w: V, value: V, k: number): [V, V] {
  const zero = ar.constant(0);
  switch (op) {
    case Op.Add:
      return [ar.constant(1), ar.constant(1)];
    case Op.Sub:
      return [ar.constant(1), ar.constant(-1)];
    case Op.Mul:
      return [w, u];
    case Op.Div: {
      // ∂(u/w)/∂u = 1/w, ∂(u/w)/∂w = −(u/w)/w.
      return [ar.div(ar.constant(1), w), ar.neg(ar.div(value, w))];
    }
    case Op.Neg:
      return [ar.constant(-1), zero];
    case Op.MulConst:
      return [ar.constant(k), zero];
    case Op.AddConst:
      return [ar.constant(1), zero];
    case Op.Sin:
      return [ar.cos(u), zero];
    case Op.Cos:
      return [ar.neg(ar.sin(u)), zero];
    case Op.Tanh:
      // 1 − tanh²: its derivative −2·tanh·tanh' comes from differentiating `value`.
      return [ar.addConst(ar.neg(ar.square(value)), 1), zero];
    case Op.Exp:
      return [value, zero];
    case Op.Log:
      return [ar.div(ar.constant(1), u), zero];
    case Op.Sqrt:
      return [ar.div(ar.constant(0.5), value), zero];
    case Op.Square:
      return [ar.mulConst(u, 2), zero];
    case Op.Relu: {
      const u0 = ar.value(u);
      return [ar.constant(u0 > 0 ? 1 : 0), zero];
    }
    case Op.Abs: {
      const u0 = ar.value(u);
      return [ar.constant(u0 > 0 ? 1 : u0 < 0 ? -1 : 0), zero];
    }
    case Op.PowConst:
      // p·u^(p−1), with the conventions of powPartial: 0 for p = 0, 1 for p = 1.
      if (k === 0) return [zero, zero];
      if (k === 1) return [ar.constant(1), zero];
      return [ar.mulConst(ar.powConst(u, k - 1), k), zero];
    case Op.Atan:
      return [ar.div(ar.constant(1), ar.addConst(ar.square(u), 1)), zero];
    default:
      // Leaves and constants have no operands.
      return [zero, zero];
  }
}
