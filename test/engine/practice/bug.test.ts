import { describe, expect, it } from 'vitest';
import {
  bugProblem,
  checkBugMark,
  practiceTapeView,
  PRACTICE_LEVELS,
  sweepEvents,
  type PracticeNode,
  type SweepEvent,
} from '../../../engine/index.ts';

const SEEDS = Array.from({ length: 200 }, (_, s) => s);

/**
 * Replays the events on a table of adjoints (adj[output] = 1) and says which events do not
 * follow adj[parent] += ∂node/∂parent · adj[node] on the adjoints held just before them.
 */
function eventsBreakingTheRule(nodes: readonly PracticeNode[], events: readonly SweepEvent[]): number[] {
  const held = new Map<string, number>([[nodes.at(-1)!.id, 1]]);
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
  const bad: number[] = [];
  events.forEach((e, k) => {
    const partial = nodes.find((n) => n.id === e.node)!.partials[e.parent];
    const before = held.get(e.parent) ?? 0;
    const ok =
      same(e.partial, partial) &&
      same(e.nodeAdjoint, held.get(e.node) ?? 0) &&
      same(e.before, before) &&
      same(e.contribution, partial * e.nodeAdjoint) &&
      same(e.after, before + partial * e.nodeAdjoint);
    if (!ok) bad.push(k);
    held.set(e.parent, e.after);
  });
  return bad;
}

describe('the practice sweep', () => {
  it('without a bug is the tape\'s own sweep, event for event', () => {
    for (const level of PRACTICE_LEVELS) {
      for (const seed of SEEDS.slice(0, 50)) {
        const p = bugProblem(level, seed);
        const tape = practiceTapeView(p).sweep;
        const ours = sweepEvents(p.nodes);
        expect(ours.length).toBe(tape.count);
        ours.forEach((e, k) => {
          expect([e.node, e.parent]).toEqual([`v${tape.node[k]}`, `v${tape.parent[k]}`]);
          expect([e.partial, e.nodeAdjoint, e.contribution, e.after]).toEqual([tape.partial[k], tape.nodeAdjoint[k], tape.contribution[k], tape.parentAdjoint[k]]);
        });
      }
    }
  });
});

describe.each(PRACTICE_LEVELS)('bug problems at level %i', (level) => {
  const problems = SEEDS.map((s) => bugProblem(level, s));

  it('exactly one event breaks the rule, the wrong one; the events before it are the right sweep\'s', () => {
    for (const p of problems) {
      const k = p.wrongEvent.index;
      expect(eventsBreakingTheRule(p.nodes, p.events), `${p.expression} ${p.wrongEvent.mistake}`).toEqual([k]);
      const tape = practiceTapeView(p).sweep;
      for (let j = 0; j < k; j++) expect(p.events[j].after).toBe(tape.parentAdjoint[j]);
      // The wrong event leaves a number outside the answer tolerance of the right one.
      const right = tape.parentAdjoint[k];
      expect(Math.abs(p.events[k].after - right)).toBeGreaterThan(Math.max(0.005 * Math.abs(right), 1e-3));
    }
  });

  it('holds the mistake it names', () => {
    const kinds = new Set<string>();
    for (const p of problems) {
      const e = p.events[p.wrongEvent.index];
      const node = p.nodes.find((n) => n.id === e.node)!;
      const partial = node.partials[e.parent];
      kinds.add(p.wrongEvent.mistake);
      switch (p.wrongEvent.mistake) {
        case 'overwrite':
          expect(e.before).not.toBe(0);
          expect(e.after).toBe(e.contribution);
          break;
        case 'missing-factor':
          expect(e.contribution).toBe(e.nodeAdjoint);
          break;
        case 'swapped-partial':
          expect(e.partial).toBe(node.partials[node.inputs.find((id) => id !== e.parent)!]);
          break;
        case 'sign':
          expect(e.contribution).toBe(-partial * e.nodeAdjoint);
          break;
      }
    }
    // Levels 2 to 4 have fan-out (level 4 reads its weight twice: weight decay), so all four
    // kinds, the overwrite included; level 1 has no node read twice.
    expect(kinds.size).toBe(level === 1 ? 3 : 4);
  });

  it('marks the wrong event right and the others wrong, saying which way to look', () => {
    for (const p of problems.slice(0, 40)) {
      const k = p.wrongEvent.index;
      expect(checkBugMark(p, k).right).toBe(true);
      if (k > 0) expect(checkBugMark(p, k - 1).message).toMatch(/Look further on\.$/);
      if (k < p.events.length - 1) expect(checkBugMark(p, k + 1).message).toMatch(/earlier\.$/);
    }
  });
});
