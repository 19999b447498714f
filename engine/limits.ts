/**
 * The chain lengths (and counts) above which a lab run leaves a part out unless asked for it:
 * counted work decides, never a timing, so the app and `tape-lab run` leave out the same parts on
 * every machine and under any load (engine/cost-plan.ts). This module imports nothing, so the
 * main thread can name the limits in what it shows without loading the engine.
 */

/** Above this many steps the sweep over h is skipped unless asked for (it costs ~34·T² steps). */
export const SWEEP_STEP_LIMIT = 1000;
/** Above this many steps the central-difference gradient is skipped (it costs ~2T² steps). */
export const FINITE_DIFFERENCE_STEP_LIMIT = 5000;
/** Above this many steps forward mode is skipped (P lanes through T steps: ~24·T² flops). */
export const FORWARD_STEP_LIMIT = 10_000;
/** Above this many steps the frontier (every stride and snapshot count, O(T²) actions) is skipped. */
export const FRONTIER_STEP_LIMIT = 1000;
/**
 * Above this many step evaluations the checkpointed sweep is not run, only dry-run for its counts
 * (a binomial schedule with one snapshot at 100,000 steps has 5·10⁹). Five million: about a
 * second at the nominal 200 ns an evaluation (engine/checkpoint/cost.ts).
 */
export const CHECKPOINT_EVALUATION_LIMIT = 5_000_000;
/** Largest (T+1)·P tangent table the report carries. */
export const TANGENT_TABLE_LIMIT = 4_000_000;
/** About a second: how long the Jacobian's time curve may take to price (engine/tradeoffs/jacobian-plan.ts). */
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

/**
 * How wide the middle half of a timing's round-by-round ratios may be (its upper quartile over its
 * lower) before the figure is too noisy to tell (engine/tradeoffs/timing.ts): 1.5. Within it, the
 * median of another timing on an equally busy machine lands within about the same factor, since
 * each median sits inside its own middle half.
 */
export const NOISY_SPREAD = 1.5;

/** The hidden units the tensor section and chapter 9 offer for the 2-H-2 network: each doubles the last. */
export const HIDDEN_CHOICES = [4, 8, 16, 32] as const;
