/**
 * The four levers of "What frameworks hide": the truncation window K, fused or not, saved or
 * recomputed, and the number M of output states. Each is a row of the levers' table
 * (engine/tradeoffs/levers.ts, which imports only the settings table); this module only names
 * what the app reads from it.
 */
export { LEVER_DEFAULTS, LEVERS, effectiveLevers, requestLevers, sameLevers, type Levers } from '../../../engine/tradeoffs/levers.ts';
