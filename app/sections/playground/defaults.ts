/**
 * The playground's starting point and limits. The expression is the card's example, the first of
 * the engine's presets (written out here so the first load carries no engine code;
 * test/app/sections/playground/hash.test.ts checks they agree).
 */

/** z = x·y + sin(x²) − ln(y), as typed. */
export const DEFAULT_SOURCE = 'x*y + sin(x^2) - ln(y)';

/** … at (x, y) = (0.5, 4). */
export const DEFAULT_AT: Readonly<Record<string, number>> = Object.freeze({ x: 0.5, y: 4 });

/** The longest expression or program the field and a link accept, in characters (micrograd's README example is about 560). */
export const MAX_EXPR_LENGTH = 2000;

/** The most variables offered a control (and read from a link). */
export const MAX_VARIABLES = 12;

/** Variable values are kept within ±VALUE_LIMIT: far past any overflow, short in a link. */
export const VALUE_LIMIT = 1e6;

/** The value a newly typed variable starts at: 1, away from the kinks and poles at 0. */
export const NEW_VARIABLE_VALUE = 1;

/** A variable name as the parser reads one. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A copy of `values` with `name` set to `value` (a spread, so a variable called __proto__ is data too). */
export function withValue(values: Readonly<Record<string, number>>, name: string, value: number): Record<string, number> {
  return { ...values, [name]: value };
}
