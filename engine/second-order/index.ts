/**
 * Second derivatives on the same tape: Hessian-vector products by forward over reverse (the
 * reverse sweep run on dual numbers seeded with a direction v), for the chain and for
 * expressions, with their central-difference checks.
 */
export { partialTangents } from './partial-tangents.ts';
export { DualTape, BYTES_PER_DUAL_NODE } from './dual-tape.ts';
export { chainHvp, directionOf, checkHvp, gradientDifference, hvpResolution, HVP_CHECK_STEPS, type ChainHvp, type DirectionSpec, type HvpCheck } from './hvp.ts';
export { expressionHvp, expressionHessian, type ExprHvp } from './expr-hvp.ts';
export { expressionSecondOrder, type ExprSecondOrder } from './expr-check.ts';
