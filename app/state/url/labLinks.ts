import { LEVER_DEFAULTS, LEVERS, effectiveLevers, type Levers } from '../../../engine/tradeoffs/levers.ts';
import { pairText } from '../settings/hashPart.ts';

/**
 * The text of the lab's link keys that more than one feature writes: the playground's expression
 * and point (the playground's own hash part, and the lesson's links into it) and the levers of
 * "What frameworks hide" (its hash part, and the hidden chapter's link). Pure text, from the engine's
 * tables, so a chapter builds a lab link without importing a section of the lab.
 */

/** The expression, percent-encoded for a hash, its operators left readable. */
export function encodeExpr(source: string): string {
  return encodeURIComponent(source).replace(/%2B/g, '+').replace(/%5E/g, '^').replace(/%2F/g, '/');
}

/** `x:0.5,y:4` for the variables given, in their order (a variable with no value is left out). */
export function encodeAt(variables: readonly string[], values: Readonly<Record<string, number>>): string {
  return variables
    .filter((name) => Object.hasOwn(values, name) && Number.isFinite(values[name]))
    .map((name) => `${name}:${String(values[name])}`)
    .join(',');
}

/**
 * The hash's part for the levers (no leading &), '' when all are at their defaults. Compared as
 * used with the chain's steps, so a short chain (where K and M are clamped) writes nothing new.
 */
export function encodeTradeoffs(levers: Levers, steps: number): string {
  const used = effectiveLevers(levers, steps);
  const usual = effectiveLevers(LEVER_DEFAULTS, steps);
  return LEVERS.rows
    .filter((row) => !Object.is(used[row.key], usual[row.key]))
    .map((row) => pairText(row, used[row.key]))
    .join('&');
}
