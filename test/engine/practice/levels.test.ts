import { describe, expect, it } from 'vitest';
import {
  adjointsProblem,
  bugProblem,
  checkBugMark,
  diagnoseAdjoints,
  explainBug,
  LEVEL_NODES,
  possibleBugs,
  PRACTICE_LEVELS,
  sweepEvents,
  type BugProblem,
  type PracticeNode,
} from '../../../engine/index.ts';

const SEEDS = Array.from({ length: 500 }, (_, s) => s + 1);

/** How many ops read a node more than once, counted over the whole problem. */
const readTwice = (nodes: readonly PracticeNode[]): string[] => {
  const uses = new Map<string, number>();
  for (const n of nodes) for (const id of n.inputs) uses.set(id, (uses.get(id) ?? 0) + 1);
  return [...uses].filter(([, k]) => k >= 2).map(([id]) => id);
};

describe('practice levels grow', () => {
  const sizes = PRACTICE_LEVELS.map((level) =>
    SEEDS.flatMap((seed) =>
      [adjointsProblem(level, seed), bugProblem(level, seed)].map((p) => ({ nodes: p.nodes.length, events: sweepEvents(p.nodes).length })),
    ),
  );

  it('the node ranges are disjoint and climb: every problem of a level is larger than every one of the level below', () => {
    for (const level of PRACTICE_LEVELS.slice(1)) expect(LEVEL_NODES[level][0]).toBeGreaterThan(LEVEL_NODES[(level - 1) as 1 | 2 | 3][1]);
    PRACTICE_LEVELS.forEach((level, i) => {
      for (const s of sizes[i]) {
        expect(s.nodes, `level ${level}`).toBeGreaterThanOrEqual(LEVEL_NODES[level][0]);
        expect(s.nodes, `level ${level}`).toBeLessThanOrEqual(LEVEL_NODES[level][1]);
      }
    });
  });

  it('over seeds 1 … 500, the smallest problem of a level has more nodes and more sweep events than the largest of the level below', () => {
    for (let i = 1; i < sizes.length; i++) {
      expect(Math.min(...sizes[i].map((s) => s.nodes))).toBeGreaterThan(Math.max(...sizes[i - 1].map((s) => s.nodes)));
      expect(Math.min(...sizes[i].map((s) => s.events))).toBeGreaterThan(Math.max(...sizes[i - 1].map((s) => s.events)));
    }
  });
});

describe.each([2, 3, 4] as const)('fan-out at level %i', (level) => {
  it('every problem reads a value twice, and an overwrite is a posable bug there', () => {
    for (const seed of SEEDS) {
      for (const p of [adjointsProblem(level, seed), bugProblem(level, seed)]) {
        expect(readTwice(p.nodes).length, `${p.kind} seed ${seed}: ${p.expression}`).toBeGreaterThan(0);
        expect(possibleBugs(p.nodes).some((b) => b.mistake === 'overwrite'), `${p.kind} seed ${seed}: ${p.expression}`).toBe(true);
      }
    }
  });

  it('an overwrite bug is diagnosed: the mark on its event is right and names the overwrite, and typed overwritten adjoints are named too', () => {
    let chosen = 0;
    for (const seed of SEEDS.slice(0, 100)) {
      const b = bugProblem(level, seed);
      if (b.wrongEvent.mistake === 'overwrite') chosen++;
      const injected = possibleBugs(b.nodes).find((x) => x.mistake === 'overwrite')!;
      const p: BugProblem = { ...b, events: sweepEvents(b.nodes, injected), wrongEvent: injected };
      const e = p.events[injected.index];
      expect(e.after).toBe(e.contribution);
      expect(e.before).not.toBe(0);
      const mark = checkBugMark(p, injected.index);
      expect(mark.right).toBe(true);
      expect(mark.message).toContain(explainBug(p));
      expect(explainBug(p)).toMatch(/was overwritten .* adjoints add \(\+=\)/);
    }
    // The generator itself poses overwrites at this level, not only this test.
    expect(chosen).toBeGreaterThan(0);
    // An adjoints problem: the sweep that writes = instead of += is named an overwrite at the first field it breaks.
    for (const seed of SEEDS.slice(0, 50)) {
      const p = adjointsProblem(level, seed);
      const held: Record<string, number> = { [p.nodes.at(-1)!.id]: 1 };
      for (let i = p.nodes.length - 1; i >= 0; i--) {
        const n = p.nodes[i];
        for (const id of new Set(n.inputs)) held[id] = n.partials[id] * held[n.id];
      }
      const verdicts = diagnoseAdjoints(p, held);
      const first = verdicts.find((v) => !v.right);
      expect(first?.finding, `seed ${seed}: ${p.expression}`).toBe('overwrite');
    }
  });
});
