/**
 * The chain lengths above which a lab run leaves a part out unless asked for it. This module
 * imports nothing, so the main thread can name the limits in what it shows without loading the
 * engine. (In the app the costly parts are decided by their measured cost instead: engine/cost-plan.ts.)
 */

/** Above this many steps the sweep over h is skipped unless asked for (it costs ~34·T² steps). */
export const SWEEP_STEP_LIMIT = 1000;
/** Above this many steps the central-difference gradient is skipped (it costs ~2T² steps). */
export const FINITE_DIFFERENCE_STEP_LIMIT = 5000;
/** Above this many steps forward mode is skipped (P lanes through T steps: ~24·T² flops). */
export const FORWARD_STEP_LIMIT = 10_000;
/** Above this many steps the frontier (every stride and snapshot count, O(T²) actions) is skipped. */
export const FRONTIER_STEP_LIMIT = 1000;
/** Largest (T+1)·P tangent table the report carries. */
export const TANGENT_TABLE_LIMIT = 4_000_000;
/** How long one costly part of a run may take before it is estimated instead of run: about a second. */
export const RUN_BUDGET_MS = 1000;

/**
 * Milliseconds of timing each pair (forward and reverse mode at one M) gets where the lesson
 * says whether equal work read as equal time (chapter 10; `tape-lab bench` times it the same
 * way). Forty: beside a loop of `npm run -s lab -- audit` on a 2-core machine, chapter 10's
 * forward mode read more than 1.25× apart in 2 of 20 loads at 40 ms a pair and in 9 of 20 at
 * 20 ms; on a quiet machine in none either way. The measured chart appears up to 2.4 s
 * later (2.4–6.3 s after the page opened, against 2.1–3.9 s).
 */
export const EQUAL_TIME_PAIR_MS = 40;
