import { describe, expect, it } from 'vitest';
import {
  adjointsProblem,
  answerFields,
  diagnoseAdjoints,
  gradExpression,
  PRACTICE_LEVELS,
  type AdjointsProblem,
  type PracticeLevel,
} from '../../../engine/index.ts';
import { LEVEL_NODES } from '../../../engine/practice/templates.ts';
import { centralAdjoint, evaluateFrom } from './nodes-eval.ts';

const SEEDS = Array.from({ length: 200 }, (_, s) => s);
const FIXED = new Set(['add', 'sub', 'neg', 'shift', 'scale']);

/** |a − b| ≤ tol·max(1, |b|). */
const near = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

/** How many nodes read each node. */
function readers(p: AdjointsProblem): Map<string, number> {
  const m = new Map(p.nodes.map((n) => [n.id, 0]));
  for (const n of p.nodes) for (const id of n.inputs) m.set(id, m.get(id)! + 1);
  return m;
}

describe.each(PRACTICE_LEVELS)('adjoints problems at level %i', (level) => {
  const problems = SEEDS.map((s) => adjointsProblem(level, s));

  it('key: every adjoint agrees with a central difference through the node list, and the gradient with the playground', () => {
    for (const p of problems) {
      p.nodes.forEach((n, i) => {
        const cd = centralAdjoint(p.nodes, i);
        if (!near(p.answer.adjoints[n.id], cd, 1e-6)) throw new Error(`seed ${p.seed} ${p.expression}: ${n.id} key ${p.answer.adjoints[n.id]} cd ${cd}`);
      });
      // The playground's code path, without merged subexpressions: the same gradient.
      const g = gradExpression(p.expression, p.at, { tape: false });
      for (const [name, value] of Object.entries(p.answer.gradient)) {
        expect(near(value, g.gradient.finiteDifference[name], 1e-5), `${p.expression} ∂/∂${name}`).toBe(true);
      }
      expect(evaluateFrom(p.nodes, 0, p.nodes[0].value)).toBe(p.nodes.at(-1)!.value);
    }
  });

  it('is deterministic by seed, and seeds give different problems', () => {
    expect(adjointsProblem(level, 17)).toEqual(problems[17]);
    expect(new Set(problems.map((p) => p.expression + JSON.stringify(p.at))).size).toBeGreaterThan(190);
    expect(new Set(problems.map((p) => p.expression)).size).toBeGreaterThan(level === 4 ? 50 : 60);
  });

  it('gives nothing away: inputs short, different and never 0 or ±1; partials of non-linear ops away from 0 and ±1', () => {
    for (const p of problems) {
      const inputs = Object.values(p.at);
      for (const x of inputs) {
        expect(Number(x.toPrecision(2))).toBe(x);
        expect([0, 1].includes(Math.abs(x))).toBe(false);
      }
      expect(new Set(inputs.map(Math.abs)).size).toBe(inputs.length);
      for (const n of p.nodes) {
        if (FIXED.has(n.op)) continue;
        for (const d of Object.values(n.partials)) expect(Math.abs(d) > 0.02 && Math.abs(Math.abs(d) - 1) > 0.02, `${p.expression} ${n.id}`).toBe(true);
      }
      // Every number written in the expression has at most four significant digits.
      for (const literal of p.expression.match(/\d+(\.\d+)?/g) ?? []) expect(literal.replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(4);
    }
  });

  it('a student working from the numbers as shown (four significant digits) is marked right', () => {
    for (const p of problems) {
      const shown: Record<string, number> = {};
      const adj = new Map<string, number>([[p.nodes.at(-1)!.id, 1]]);
      for (let i = p.nodes.length - 1; i >= 0; i--) {
        const n = p.nodes[i];
        const a = Number(adj.get(n.id)!.toPrecision(4));
        shown[n.id] = a;
        for (const id of n.inputs) adj.set(id, (adj.get(id) ?? 0) + Number(n.partials[id].toPrecision(4)) * a);
      }
      const verdicts = diagnoseAdjoints(p, shown);
      expect(verdicts.every((v) => v.right && v.finding === null), `${p.expression}`).toBe(true);
      expect(verdicts.map((v) => v.id)).toEqual(answerFields(p));
    }
  });

  it('has the shape of its level', () => {
    for (const p of problems) {
      const uses = readers(p);
      const computed = p.nodes.filter((n) => n.op !== 'input');
      const fanOut = p.nodes.filter((n) => uses.get(n.id)! >= 2);
      // Each level's size lies above the one before (LEVEL_NODES): a level up is a larger sweep.
      const [least, most] = LEVEL_NODES[level];
      expect(p.nodes.length, p.expression).toBeGreaterThanOrEqual(least);
      expect(p.nodes.length, p.expression).toBeLessThanOrEqual(most);
      if (level > 1) expect(LEVEL_NODES[(level - 1) as PracticeLevel][1], 'the level below').toBeLessThan(least);
      // From level 2 on, some value is read twice: a fan-out, where an overwrite goes wrong.
      if (level > 1) expect(fanOut.length, p.expression).toBeGreaterThan(0);
      if (level === 1) {
        expect(computed.length === 3 || computed.length === 4, p.expression).toBe(true);
        expect(fanOut).toEqual([]);
      }
      if (level === 2) expect(fanOut.some((n) => n.op === 'input'), p.expression).toBe(true);
      if (level === 3) {
        expect(fanOut.some((n) => n.op !== 'input'), p.expression).toBe(true);
        expect(computed.some((n) => ['div', 'log', 'exp', 'pow', 'square'].includes(n.op)), p.expression).toBe(true);
      }
      if (level === 4) {
        // A neuron's loss: with one input and weight decay, which reads the weight twice, or with the
        // features x and x², which read x twice.
        expect(p.expression).toMatch(/^(0\.5\*)?\(tanh\((w\*x \+ b\) [+-] \d\.\d+\)\^2 \+ 0\.1\*w\^2|w1\*x \+ w2\*x\^2 \+ b\) [+-] \d\.\d+\)\^2)$/);
        expect(fanOut.map((n) => n.op)).toContain('input');
      }
      expect(p.nodes.at(-1)!.id).toBe(`v${p.nodes.length - 1}`);
      expect(answerFields(p)[0]).toBe(p.nodes.at(-1)!.id);
    }
  });
});

describe('adjoints problems: a hand-checked example', () => {
  it('level 2, seed 265 is (ln(x/y)²·x)² at x = 2.9, y = 2, keyed by hand', () => {
    const p = adjointsProblem(2, 265);
    expect([p.expression, p.at]).toEqual(['(ln(x/y)^2*x)^2', { x: 2.9, y: 2 }]);
    expect(p.nodes.map((n) => [n.id, n.op, n.inputs])).toEqual([
      ['v0', 'input', []],
      ['v1', 'input', []],
      ['v2', 'div', ['v0', 'v1']],
      ['v3', 'log', ['v2']],
      ['v4', 'square', ['v3']],
      ['v5', 'mul', ['v4', 'v0']],
      ['v6', 'square', ['v5']],
    ]);
    const [x, y] = [2.9, 2];
    const q = x / y;
    const s = Math.log(q);
    expect(p.nodes[2].partials.v0).toBeCloseTo(1 / y, 15);
    expect(p.nodes[2].partials.v1).toBeCloseTo(-x / (y * y), 15);
    expect(p.nodes[3].partials.v2).toBeCloseTo(1 / q, 15);
    expect(p.nodes[4].partials.v3).toBeCloseTo(2 * s, 15);
    expect(p.nodes[5].partials).toEqual({ v4: x, v0: p.nodes[4].value });
    const a = p.answer.adjoints;
    // f = x²·ln⁴(x/y), s = ln q: backward, v̄₅ = 2x·s², v̄₄ = 2x²·s², v̄₃ = 4x²·s³, v̄₂ = 4x²·s³/q.
    expect(a.v6).toBe(1);
    expect(a.v5).toBeCloseTo(2 * x * s * s, 14);
    expect(a.v4).toBeCloseTo(2 * x * x * s * s, 14);
    expect(a.v3).toBeCloseTo(4 * x * x * s ** 3, 14);
    expect(a.v2).toBeCloseTo((4 * x * x * s ** 3) / q, 14);
    // x is read twice (by x/y and by the product): ∂f/∂x = 2x·s⁴ + 4x²·s³/(q·y); ∂f/∂y = −4x³·s³/(q·y²).
    expect(a.v1).toBeCloseTo((-4 * x ** 3 * s ** 3) / (q * y * y), 14);
    expect(a.v0).toBeCloseTo(2 * x * s ** 4 + (4 * x * x * s ** 3) / (q * y), 14);
    expect(p.answer.gradient).toEqual({ x: a.v0, y: a.v1 });
  });
});
