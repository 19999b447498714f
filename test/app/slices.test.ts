import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CheckpointAction } from '../../engine/report.ts';
import { chainTapeView, defaultParams } from '../../engine/index.ts';
import { makeFrame, MARGIN } from '../../app/ui/charts/frame.ts';
import { reverseLayout, reverseLayoutSlices } from '../../app/lab/panels/reverseLayout.ts';
import { timelineLayout, timelineLayoutSlices } from '../../app/lab/panels/timelineLayout.ts';
import { finish, type Slices } from '../../app/state/perf/slices.ts';
import { chainLayout, chainLayoutSlices } from '../../app/sections/tape/chainLayout.ts';
import { tapeStatics, tapeStaticsSlices } from '../../app/ui/tape/model.ts';

/** Runs the slices to the end, counting the yields. */
function count<T>(slices: Slices<T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const slice = slices.next();
    if (slice.done) return { value: slice.value, yields };
    yields += 1;
  }
}

const frame = makeFrame(900, 320, MARGIN);

/**
 * `expect(actual).toEqual(expected)`, strict (same types and prototypes too) and quick: the
 * layouts of long chains hold typed arrays of 10⁵ entries, which vitest's own comparison walks one
 * by one (44 s for the tape's statics on a busy machine, against 30 ms here). The diff is shown
 * only when they differ.
 */
function expectSame<T>(actual: T, expected: T): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toStrictEqual(expected);
}

/** A periodic schedule of stride 4 over T steps, built by hand. */
function periodic(T: number): CheckpointAction[] {
  const actions: CheckpointAction[] = [];
  for (let s = 0; s < T; s += 4) actions.push({ kind: 'store', step: s }, { kind: 'advance', step: s, to: Math.min(T, s + 4) });
  for (let s = T - 4; s >= 0; s -= 4) {
    actions.push({ kind: 'restore', step: s });
    for (let t = s; t < s + 4; t++) actions.push({ kind: 'record', step: t });
    for (let t = s + 3; t >= s; t--) actions.push({ kind: 'reverse', step: t });
    actions.push({ kind: 'free', step: s });
  }
  return actions;
}

describe('layouts in slices (long chains stay responsive)', () => {
  it('the timeline: the same layout sliced or not, and a 100,000-step schedule yields many times', () => {
    const actions = periodic(100_000);
    const sliced = count(timelineLayoutSlices(actions, 100_000, frame));
    expect(sliced.yields).toBeGreaterThanOrEqual(Math.floor(actions.length / 16_384));
    expectSame(sliced.value, timelineLayout(actions, 100_000, frame));
  });

  it('the reverse chart: the same layout sliced or not, with a yield between its passes', () => {
    const T = 3000;
    const adjoint = Float64Array.from({ length: T + 1 }, (_, t) => Math.exp(-t / 700));
    const grad = Float64Array.from({ length: T }, (_, t) => Math.sin(t) * 1e-3);
    const sliced = count(reverseLayoutSlices(adjoint, grad, grad, frame));
    expect(sliced.yields).toBeGreaterThanOrEqual(2);
    expectSame(sliced.value, reverseLayout(adjoint, grad, grad, frame));
  });

  it('the tape: its statics and its chain layout, sliced, equal the ones made at once', () => {
    const view = chainTapeView(defaultParams(10_000));
    const statics = count(tapeStaticsSlices(view));
    expect(statics.yields).toBeGreaterThanOrEqual(4);
    expectSame(statics.value, tapeStatics(view));
    const layout = count(chainLayoutSlices(view));
    expect(layout.yields).toBeGreaterThanOrEqual(2);
    const once = chainLayout(view)!;
    expectSame(layout.value!.blocks, once.blocks);
    expectSame(layout.value!.edges.map((e) => e.d), once.edges.map((e) => e.d));
    expect(finish(chainLayoutSlices(view))!.width).toBe(once.width);
  });
});
