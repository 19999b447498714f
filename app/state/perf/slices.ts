/**
 * A computation written as a generator that yields now and then (every few thousand items of a
 * long loop): run to the end at once (`finish`), or in slices of the main thread's time
 * (useSliced.ts). Both come from engine/slicing.ts, the one module that slices long work.
 */
export { finish, type Slices } from '../../../engine/slicing.ts';

/**
 * Work past this many items (steps, actions, tape nodes) is done in slices. At 20,000 steps the
 * reverse chart's and the timeline's layouts took 26 and 42 ms each in the report's task the
 * first time (code not yet optimised), which with the rest of the report made a 186 ms task.
 */
export const SLICE_ABOVE = 10_000;

/** How long one slice may run before the page gets the thread back (input, paint), ms. */
export const SLICE_MS = 40;
