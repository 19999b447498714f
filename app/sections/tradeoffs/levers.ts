/**
 * The levers of "What frameworks hide": the truncation window K, fused or not, saved or
 * recomputed, the number M of output states and the number N of inputs of the Jacobian. Each is a row of the levers' table
 * (engine/tradeoffs/levers.ts, which imports only the settings table); this module only names
 * what the app reads from it.
 */
export { LEVER_DEFAULTS, LEVERS, effectiveLevers, requestLevers, sameLevers, type Levers } from '../../../engine/tradeoffs/levers.ts';
