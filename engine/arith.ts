import { FloatArith } from './generated/arithmetics.ts';

/**
 * The arithmetic interface every differentiation method implements (`Arith`, derived from the op
 * table in ops.ts) and the plain-float arithmetic, written out from the table into
 * engine/generated/arithmetics.ts.
 */
export type { Arith } from './ops.ts';
export { powPartial } from './ops.ts';
export { FloatArith };

/** The one plain-float arithmetic. */
export const floatArith = new FloatArith();
