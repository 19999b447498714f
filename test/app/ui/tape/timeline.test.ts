import { describe, expect, it } from 'vitest';
import {
  carryPosition,
  clampPosition,
  contributionOrdinals,
  contributionOrdinalsSlices,
  eventSlots,
  eventSlotsSlices,
  frameAt,
  matchApplied,
  matchAppliedSlices,
  stepPosition,
  sweepStateAt,
  timelineOf,
} from '../../../../app/ui/tape/timeline.ts';
import { defaultParams } from '../../../../engine/chain.ts';
import { chainTapeView, describeTape } from '../../../../engine/tape-view.ts';
import { Tape, type SweepTrace } from '../../../../engine/tape.ts';

const view = chainTapeView(defaultParams(40));
const tl = timelineOf(view);

describe('the timeline', () => {
  it('records every node, seeds, then applies every sweep event', () => {
    expect(tl).toEqual({ nodes: view.length, events: view.sweep.count, seed: view.length + 1, end: view.length + 1 + view.sweep.count });
    expect(frameAt(tl, 0)).toEqual({ phase: 'record', position: 0, recorded: 0, node: -1 });
    expect(frameAt(tl, 1)).toEqual({ phase: 'record', position: 1, recorded: 1, node: 0 });
    expect(frameAt(tl, tl.nodes)).toEqual({ phase: 'record', position: tl.nodes, recorded: tl.nodes, node: tl.nodes - 1 });
    expect(frameAt(tl, tl.seed)).toEqual({ phase: 'sweep', position: tl.seed, applied: 0, event: -1 });
    expect(frameAt(tl, tl.end)).toEqual({ phase: 'sweep', position: tl.end, applied: tl.events, event: tl.events - 1 });
  });

  it('steps forward and back, and stops at Home and End', () => {
    expect(stepPosition(tl, 0, -1)).toBe(0);
    expect(stepPosition(tl, 0, 1)).toBe(1);
    expect(stepPosition(tl, tl.seed, 1)).toBe(tl.seed + 1);
    expect(stepPosition(tl, tl.seed + 1, -1)).toBe(tl.seed);
    expect(stepPosition(tl, tl.end, 1)).toBe(tl.end);
    expect(clampPosition(tl, -5)).toBe(0);
    expect(clampPosition(tl, 1e9)).toBe(tl.end);
    expect(clampPosition(tl, NaN)).toBe(0);
    expect(clampPosition(tl, 3.6)).toBe(4);
  });

  it('keeps its landmark when the tape is recorded again for a longer chain', () => {
    const longer = timelineOf(chainTapeView(defaultParams(60)));
    expect(carryPosition(tl, tl.end, longer)).toBe(longer.end);
    expect(carryPosition(tl, tl.seed, longer)).toBe(longer.seed);
    expect(carryPosition(tl, 0, longer)).toBe(0);
    expect(carryPosition(tl, 12, longer)).toBe(12);
    expect(carryPosition(tl, tl.seed + 5, longer)).toBe(longer.seed + 5);
    expect(carryPosition(longer, longer.nodes - 1, tl)).toBe(tl.nodes);
  });
});

describe('replaying the sweep the worker sent', () => {
  it('adding the events\' contributions reproduces the engine\'s adjoints exactly', () => {
    const adj = new Float64Array(view.length);
    adj[view.output] = view.adjoint[view.output];
    for (let k = 0; k < view.sweep.count; k++) adj[view.sweep.parent[k]] += view.sweep.contribution[k];
    expect(Array.from(adj)).toEqual(Array.from(view.adjoint));
  });

  it('the adjoint column shown at the end of the timeline is the engine\'s adjoint column', () => {
    const end = sweepStateAt(view.sweep, view.length, view.output, view.adjoint[view.output], tl.events);
    expect(Array.from(end.adjoint)).toEqual(Array.from(view.adjoint));
    // Every node read k times received k contributions (the chain has no zero adjoints).
    expect(Array.from(end.received.slice(0, view.output))).toEqual(Array.from(view.uses.slice(0, view.output)));
  });

  it('part-way, a node holds the sum of the contributions it has received so far', () => {
    for (const applied of [0, 1, 17, 300, 500]) {
      const state = sweepStateAt(view.sweep, view.length, view.output, 1, applied);
      const sum = new Float64Array(view.length);
      sum[view.output] = 1;
      for (let k = 0; k < applied; k++) sum[view.sweep.parent[k]] += view.sweep.contribution[k];
      expect(Array.from(state.adjoint)).toEqual(Array.from(sum));
    }
  });

  it('counts contributions per parent, and tells which parent of a binary node each event feeds', () => {
    const tape = new Tape();
    const x = tape.leaf(3);
    const out = tape.add(tape.mul(x, x), x);
    const small = describeTape(tape, out);
    // add → (x·x, x), then mul → (x, x): x collects three contributions.
    expect(Array.from(small.sweep.parent)).toEqual([1, 0, 0, 0]);
    expect(Array.from(eventSlots(small.sweep))).toEqual([0, 1, 0, 1]);
    expect(Array.from(contributionOrdinals(small.sweep, small.length))).toEqual([1, 1, 2, 3]);
    const state = sweepStateAt(small.sweep, small.length, small.output, 1, 4);
    expect(state.adjoint[x]).toBe(7);
    expect(state.received[x]).toBe(3);
  });
});

describe('the overwrite pitfall', () => {
  it('differs from the right adjoints exactly at nodes that fan out, or that inherit from one', () => {
    const right = sweepStateAt(view.sweep, view.length, view.output, 1, view.sweep.count);
    const wrong = sweepStateAt(view.overwrite, view.length, view.output, 1, view.overwrite.count);
    const diverges = new Set(view.divergesAt);
    expect(diverges.size).toBeGreaterThan(0);
    for (const i of diverges) {
      expect(view.uses[i], `node ${i} fans out`).toBeGreaterThanOrEqual(2);
      expect(wrong.adjoint[i]).not.toBe(right.adjoint[i]);
    }
    // Overwriting loses nothing at a node read once whose child was right.
    for (let i = 0; i < view.length; i++) {
      if (view.uses[i] !== 1) continue;
      const child = [...Array(view.length).keys()].find((j) => view.parent0[j] === i || view.parent1[j] === i)!;
      if (wrong.adjoint[child] === right.adjoint[child]) expect(wrong.adjoint[i]).toBe(right.adjoint[i]);
    }
  });

  it('matches each moment of the right sweep to the same moment of the wrong one', () => {
    const match = matchApplied(view.sweep, view.overwrite);
    expect(match[0]).toBe(0);
    expect(match[view.sweep.count]).toBe(view.overwrite.count);
    for (let a = 1; a <= view.sweep.count; a++) {
      expect(view.overwrite.node[match[a] - 1]).toBe(view.sweep.node[a - 1]);
      expect(view.overwrite.parent[match[a] - 1]).toBe(view.sweep.parent[a - 1]);
    }
  });

  it('matches sweeps that skip different nodes', () => {
    // relu(−1) passes back 0, so its parent is skipped by one sweep only if its adjoint stays 0.
    const tape = new Tape();
    const x = tape.leaf(2);
    const dead = tape.relu(tape.neg(x));
    const out = tape.add(tape.mul(dead, x), x);
    const small = describeTape(tape, out);
    const match = matchApplied(small.sweep, small.overwrite);
    for (let a = 0; a <= small.sweep.count; a++) {
      expect(match[a]).toBeGreaterThanOrEqual(a > 0 ? match[a - 1] : 0);
      expect(match[a]).toBeLessThanOrEqual(small.overwrite.count);
    }
    expect(match[small.sweep.count]).toBe(small.overwrite.count);
  });
});

describe('the passes over a long sweep, in slices', () => {
  // A sweep of 600,000 events (two per node, newest node first) and one that skips every third
  // node: the shape of the right and the overwriting sweeps at a long chain.
  function sweep(skip: (node: number) => boolean): SweepTrace {
    const node: number[] = [];
    const parent: number[] = [];
    for (let n = 299_999; n >= 0; n--) {
      if (skip(n)) continue;
      node.push(n, n);
      parent.push(Math.max(0, n - 1), Math.max(0, n - 2));
    }
    return { count: node.length, node: Int32Array.from(node), parent: Int32Array.from(parent) } as SweepTrace;
  }
  const run = <T>(slices: Generator<void, T>): { value: T; yields: number } => {
    let yields = 0;
    for (;;) {
      const step = slices.next();
      if (step.done) return { value: step.value, yields };
      yields += 1;
    }
  };

  /** Where two long arrays first differ (−1: nowhere); toEqual takes seconds on 600,000 elements. */
  const firstDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    if (a.length !== b.length) return -2;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
    return -1;
  };

  it('yield every 262,144 events and give what the plain loops give', () => {
    const right = sweep(() => false);
    const wrong = sweep((n) => n % 3 === 0);
    const slots = run(eventSlotsSlices(right));
    expect(slots.yields).toBe(2);
    const plainSlots = new Uint8Array(right.count);
    for (let k = 1; k < right.count; k++) plainSlots[k] = right.node[k] === right.node[k - 1] ? 1 : 0;
    expect(firstDifference(slots.value, plainSlots)).toBe(-1);
    const ordinals = run(contributionOrdinalsSlices(right, 300_000));
    expect(ordinals.yields).toBe(2);
    const seen = new Int32Array(300_000);
    expect(firstDifference(ordinals.value, Int32Array.from(right.parent, (p) => ++seen[p]))).toBe(-1);
    const match = run(matchAppliedSlices(right, wrong, slots.value, eventSlots(wrong)));
    expect(match.yields).toBe(2);
    expect(firstDifference(match.value, matchApplied(right, wrong))).toBe(-1);
    // Nodes 299,999 and 299,998 are in both sweeps; 299,997 only in the right one, so its two
    // events add nothing on the other side; 299,996 is in both again.
    expect([...match.value.slice(0, 8)]).toEqual([0, 1, 2, 3, 4, 4, 4, 5]);
  });
});
