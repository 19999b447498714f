/** A prepared expression for the playground: where to evaluate it and what it shows. */
export interface ExpressionPreset {
  readonly id: string;
  readonly title: string;
  readonly expression: string;
  /** The point: a value per variable. */
  readonly at: Readonly<Record<string, number>>;
  /** What to look at, in the terms of the math. */
  readonly explanation: string;
}

/**
 * The playground's presets: the source card's example, fan-out, a tied weight, the kinks where
 * a subgradient convention decides the answer, and domain errors.
 */
export const EXPRESSION_PRESETS: readonly ExpressionPreset[] = [
  {
    id: 'card',
    title: 'The classic example',
    expression: 'x*y + sin(x^2) - ln(y)',
    at: { x: 0.5, y: 4 },
    explanation:
      'z = x·y + sin(x²) − ln(y). By hand, ∂z/∂x = y + 2x·cos(x²) = 4 + cos(0.25) ≈ 4.9689 and ∂z/∂y = x − 1/y = 0.25. ' +
      'x feeds two nodes (the product and the square), so its adjoint collects two contributions; so does y (the product and the logarithm).',
  },
  {
    id: 'fan-out',
    title: 'Fan-out',
    expression: 'x*x + x',
    at: { x: 3 },
    explanation:
      'x is used three times: twice by the product and once by the sum. The sweep adds three contributions into adj[x]: 3 + 3 + 1 = 7 = 2x + 1. ' +
      'A sweep that overwrote adj[x] instead of adding to it would keep only the last one.',
  },
  {
    id: 'tied-weight',
    title: 'A tied weight used twice',
    expression: 'tanh(w*tanh(w*x))',
    at: { w: 0.8, x: 1.5 },
    explanation:
      'The same weight w scales the input of both layers, as in a recurrent network or tied embeddings. ' +
      'Its gradient is the sum of the two layers’ contributions; compare the overwritten gradient, which loses one of them.',
  },
  {
    id: 'relu-at-0',
    title: 'relu at 0',
    expression: 'relu(x)',
    at: { x: 0 },
    explanation:
      'relu has a kink at 0: its slope is 0 to the left and 1 to the right, and any value in [0, 1] is a subgradient. ' +
      'The tape, like PyTorch and JAX, takes relu′(0) = 0; central differences straddle the kink and report the average, 1/2.',
  },
  {
    id: 'abs-at-0',
    title: '|x| at 0',
    expression: 'abs(x)',
    at: { x: 0 },
    explanation:
      '|x| has a kink at 0 with subgradients in [−1, 1]. The tape takes |x|′(0) = 0, the sign of 0; central differences see (h − h)/2h = 0 too, by symmetry.',
  },
  {
    id: 'sqrt-at-0',
    title: 'sqrt at 0 (a norm)',
    expression: 'sqrt(x^2 + y^2)',
    at: { x: 0, y: 0 },
    explanation:
      'The Euclidean norm at the origin. √u has slope 1/(2√u), infinite at u = 0, and the chain rule multiplies it by ∂u/∂x = 2x = 0: ∞·0 is NaN. ' +
      'Libraries avoid this by adding a small epsilon inside the root, as in sqrt(x^2 + y^2 + 1e-12).',
  },
  {
    id: 'ln-at-0',
    title: 'ln at 0',
    expression: 'ln(x)',
    at: { x: 0 },
    explanation:
      'ln is defined for positive arguments only. At 0 the value is −∞ and the slope 1/x is +∞; for negative x both are NaN. ln and log are both the natural logarithm here.',
  },
  {
    id: 'negative-base',
    title: 'A variable power of a negative number',
    expression: 'x^y',
    at: { x: -2, y: 0.5 },
    explanation:
      'x^y follows PyTorch: a negative base works with a whole-number exponent ((−2)^3 = −8, with ∂/∂x = 3·(−2)² = 12), ' +
      'but not with a fractional one: (−2)^0.5 is not a real number, so the value and both partials are NaN. ∂/∂y = x^y·ln x needs x > 0 in any case.',
  },
  {
    id: 'divide-by-zero',
    title: 'Division by zero',
    expression: '1/x',
    at: { x: 0 },
    explanation: '1/x at 0 is +∞ and so is its slope −1/x² in magnitude: the value and the gradient are not finite.',
  },
];
