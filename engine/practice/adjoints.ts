/**
 * Adjoints problems: an expression, a point, its tape, and the key from the tape's reverse sweep.
 */
import { giveaways } from './giveaways.ts';
import { round4, withinTolerance } from './numbers.ts';
import { prngFor } from './prng.ts';
import { isConstantNode, nodeId, recordPractice, type RecordedPractice } from './record.ts';
import { LEVEL_NODES, candidate } from './templates.ts';
import type { AdjointsAnswer, AdjointsProblem, PracticeLevel, PracticeNode } from './types.ts';

/** Candidates drawn before a generator gives up (none needs more than a few dozen). */
const MAX_TRIES = 500;

/** The nodes of a recorded expression as the problem lists them, in recording order. */
export function practiceNodes(r: RecordedPractice): PracticeNode[] {
  const nodes: PracticeNode[] = [];
  for (let i = 0; i <= r.output; i++) {
    const parents = r.tape.parents(i);
    const partials = [...r.tape.partials(i)];
    // ∂node/∂input sums over the reads: z·z gives 2z.
    const sums: Record<string, number> = {};
    parents.forEach((p, j) => (sums[nodeId(p)] = (sums[nodeId(p)] ?? 0) + partials[j]));
    const readTwice = parents.length === 2 && parents[0] === parents[1];
    nodes.push({
      id: nodeId(i),
      op: r.tape.opName(i),
      inputs: parents.map(nodeId),
      value: r.tape.value(i as never),
      partials: sums,
      ...(readTwice ? { readPartials: partials } : {}),
    });
  }
  return nodes;
}

/** The key: every node's adjoint by the tape's reverse sweep, and the gradient by variable. */
export function adjointsKey(r: RecordedPractice): AdjointsAnswer {
  const adj = r.tape.backward(r.output);
  const adjoints: Record<string, number> = {};
  for (let i = 0; i <= r.output; i++) if (!isConstantNode(r.tape, i)) adjoints[nodeId(i)] = adj[i];
  return { adjoints, gradient: Object.fromEntries(r.variables.map((name, i) => [name, adj[i]])) };
}

/**
 * Why a recorded candidate would make a poor problem, or null when it is fine: a value or local
 * partial that gives the answer away (near 0 or ±1, or the same size as another shown number:
 * giveaways.ts) or is too large to read; an adjoint near 0 or too large; a node read twice by
 * one op; a fan-out where the overwriting sweep happens to give the right answer; two named
 * mistakes that give the same number; or a key that a student working from the numbers as
 * shown (four significant digits) could not reach within the tolerance.
 */
export function poorProblem(r: RecordedPractice): string | null {
  const { tape, output } = r;
  const n = output + 1;
  const adj = Float64Array.from(tape.backward(output));
  for (let i = 0; i < n; i++) {
    const v = tape.value(i as never);
    if (!Number.isFinite(v) || Math.abs(v) < 0.02 || Math.abs(v) > 50) return `value of v${i} out of range`;
    if (isConstantNode(tape, i)) return 'a constant node';
    const parents = tape.parents(i);
    if (parents.length === 2 && parents[0] === parents[1]) return 'one op reads a node twice';
    for (const p of tape.partials(i)) if (!Number.isFinite(p) || Math.abs(p) > 50) return `partial of v${i} out of range`;
    if (!Number.isFinite(adj[i]) || Math.abs(adj[i]) < 0.02 || Math.abs(adj[i]) > 100) return `adjoint of v${i}`;
  }
  const given = giveaways(practiceNodes(r));
  if (given.length > 0) return given[0];
  // The overwriting sweep must go wrong at every fan-out, or that lesson is not in the problem.
  const wrong = tape.trace(output, { overwrite: true }).adjoint;
  const uses = new Int32Array(n);
  for (let i = 0; i < n; i++) for (const p of tape.parents(i)) uses[p]++;
  for (let i = 0; i < n; i++) {
    if (uses[i] >= 2 && Math.abs(wrong[i] - adj[i]) <= 0.05 * Math.abs(adj[i])) return `overwrite is right at v${i}`;
  }
  const clash = ambiguousMistake(r, adj);
  if (clash !== null) return clash;
  // A sweep from the partials as shown, to four significant digits.
  const shown = new Float64Array(n);
  shown[output] = 1;
  for (let i = output; i >= 0; i--) {
    const ps = tape.parents(i);
    const ds = tape.partials(i);
    for (let j = 0; j < ps.length; j++) shown[ps[j]] += round4(ds[j]) * round4(shown[i]);
  }
  for (let i = 0; i < n; i++) {
    const slack = Math.max(0.005 * Math.abs(adj[i]), 1e-3) * 0.4;
    if (Math.abs(shown[i] - adj[i]) > slack || !withinTolerance(shown[i], adj[i])) return `rounding at v${i}`;
  }
  return null;
}

/**
 * A node where two named mistakes (diagnose.ts) would give the same wrong number, so the
 * diagnosis could not tell which was made: x/√(xy) has −adj x equal to one contribution.
 */
function ambiguousMistake(r: RecordedPractice, adj: Float64Array): string | null {
  const { tape, output } = r;
  const readers: { partial: number; other: number | null; adj: number }[][] = Array.from({ length: output + 1 }, () => []);
  for (let i = output; i >= 0; i--) {
    const ps = tape.parents(i);
    const ds = tape.partials(i);
    ps.forEach((p, j) => readers[p].push({ partial: ds[j], other: ps.length === 2 ? ds[1 - j] : null, adj: adj[i] }));
  }
  for (let i = 0; i < output; i++) {
    const local = adj[i];
    const us = readers[i];
    const terms = us.map((u) => u.partial * u.adj);
    const many = us.length >= 2;
    const kinds: number[][] = [
      many ? terms : [],
      [-local, ...(many ? terms.map((t) => local - 2 * t) : [])],
      [us.reduce((a, u) => a + u.adj, 0), ...(many ? terms.map((t, j) => local - t + us[j].adj) : [])],
      us.flatMap((u, j) => (u.other === null ? [] : [local - terms[j] + u.other * u.adj])),
    ];
    const apart = (a: number, b: number): boolean => Math.abs(a - b) > 0.02 * Math.max(Math.abs(a), Math.abs(b), 0.05);
    // Only mistakes that change the number count; each must be told apart from the others.
    const live = kinds.map((k) => k.filter((x) => apart(x, local)));
    for (let a = 0; a < live.length; a++) {
      for (let b = a + 1; b < live.length; b++) {
        if (live[a].some((x) => live[b].some((y) => !apart(x, y)))) return `two mistakes agree at v${i}`;
      }
    }
  }
  return null;
}

/**
 * The adjoints problem for (level, seed): candidates are drawn from a PRNG seeded by
 * ('adjoints', level, seed) until one passes `poorProblem`. Deterministic: the same arguments
 * give the same problem on the page, on the command line and in the tests.
 */
export function adjointsProblem(level: PracticeLevel, seed: number): AdjointsProblem {
  const { expression, at, recorded } = drawRecorded('adjoints', level, seed);
  return { kind: 'adjoints', seed, level, expression, at, nodes: practiceNodes(recorded), answer: adjointsKey(recorded) };
}

/** The first candidate that makes a good problem, recorded. */
export function drawRecorded(kind: 'adjoints' | 'bug', level: PracticeLevel, seed: number) {
  const rng = prngFor(kind, level, seed);
  for (let t = 0; t < MAX_TRIES; t++) {
    const c = candidate(level, rng);
    const recorded = recordPractice(c.expression, c.at);
    const [least, most] = LEVEL_NODES[level];
    if (recorded.output + 1 < least || recorded.output + 1 > most) continue;
    if (poorProblem(recorded) === null) return { ...c, recorded };
  }
  throw new Error(`internal: no good ${kind} problem at level ${level} for seed ${seed}`);
}
