/** The lesson's terms in plain words, in the order a reader meets them. */
export const GLOSSARY: readonly (readonly [string, string])[] = [
  ['Primitive', 'One small operation the program runs, such as a multiply, a sine or a logarithm.'],
  ['Derivative', 'How fast an output changes when you nudge one input: the change in the output divided by the size of a tiny nudge.'],
  ['Local partial', 'The derivative of one primitive with respect to one of its own inputs, for example ∂(x·y)/∂x = y. The program can write it down as it runs: a receipt.'],
  ['Chain rule', 'Derivatives along a path multiply: if z moves 3 per unit of u, and u moves 2 per unit of x, then z moves 3 · 2 = 6 per unit of x through u. Paths that meet again add up.'],
  ['Tape', 'The list the forward run writes: for each primitive, which values it read and its local partials. Also called a Wengert list.'],
  ['Adjoint', 'For one value in the program, how much the final output moves per unit nudge of that value. Written v̄; the adjoint of the output itself is 1.'],
  ['Reverse mode', 'Reading the tape backward from the output, passing adjoints to earlier values. One backward sweep gives the derivative for every input at once.'],
  ['Fan-out', 'A value read by more than one later primitive. Its adjoint is the sum of what each reader sends back (+=), never just the last.'],
  ['Jacobian', 'The table of every derivative of a step: one row per output, one column per input. For one scalar step it is a single number.'],
  ['Vector-Jacobian product', 'The adjoints of a step’s outputs times its Jacobian: the adjoints of its inputs. It is what one backward step computes, without ever building the whole table.'],
  ['Forward mode', 'Carrying, beside each value, its derivative with respect to chosen inputs, forward through the program. One pass per input direction.'],
  ['Finite difference', 'Estimating a derivative by running the program twice with an input nudged by ±h and dividing the change by 2h.'],
  ['Checkpoint', 'A saved state of the forward run. Between checkpoints the values are not kept; the backward sweep recomputes them from the checkpoint before it.'],
  ['Tensor', 'An array of numbers, such as a matrix, handled by one primitive as a whole.'],
];
