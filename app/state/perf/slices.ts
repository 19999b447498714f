/**
 * A computation written as a generator that yields now and then (every few thousand items of a
 * long loop): run to the end at once, or in slices of the main thread's time.
 */
export type Slices<T> = Generator<void, T>;

/**
 * Work past this many items (steps, actions, tape nodes) is done in slices. At 20,000 steps the
 * reverse chart's and the timeline's layouts took 26 and 42 ms each in the report's task the
 * first time (code not yet optimised), which with the rest of the report made a 186 ms task.
 */
export const SLICE_ABOVE = 10_000;

/** How long one slice may run before the page gets the thread back (input, paint), ms. */
export const SLICE_MS = 40;

/** Runs a sliced computation to its end in one go (short inputs, tests, the command line). */
export function finish<T>(slices: Slices<T>): T {
  for (;;) {
    const slice = slices.next();
    if (slice.done) return slice.value;
  }
}
