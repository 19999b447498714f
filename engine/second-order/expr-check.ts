import { compileExpression } from '../expr/compile.ts';
import { expressionHessian, expressionHvp, type ExprHvp } from './expr-hvp.ts';

/** An expression's second derivatives at a point, both ways: the full Hessian, and H·v in one dual sweep. */
export interface ExprSecondOrder {
  variables: string[];
  /** Row i, column j: ∂²f/∂x_i∂x_j, one forward-over-reverse pass per column. */
  hessian: number[][];
  /** H·v by one forward-over-reverse pass along v, with its central-difference check. */
  hvp: ExprHvp;
  /** The Hessian's rows times v: what H·v must equal. */
  product: number[];
  /** vᵀHv: the curvature along v (f's second derivative along the line x + s·v, at s = 0). */
  curvature: number;
  /** max |product − H·v| over the variables. */
  gap: number;
}

/**
 * H·v of `source` at `at` along `direction`, and the full Hessian it must be a product of: the
 * two are computed by separate dual sweeps (one along v, one per basis direction), so their
 * agreement is a check, not an identity.
 */
export function expressionSecondOrder(
  source: string,
  at: Readonly<Record<string, number>>,
  direction: Readonly<Record<string, number>>,
): ExprSecondOrder {
  const c = compileExpression(source);
  const hvp = expressionHvp(c, at, direction);
  const { variables, hessian } = expressionHessian(c, at);
  const v = variables.map((name) => hvp.direction[name]);
  const product = hessian.map((row) => row.reduce((sum, h, j) => sum + h * v[j], 0));
  const curvature = variables.reduce((sum, name, i) => sum + v[i] * hvp.hvp[name], 0);
  const gap = variables.reduce((worst, name, i) => Math.max(worst, Math.abs(product[i] - hvp.hvp[name])), 0);
  return { variables, hessian, hvp, product, curvature, gap };
}
