import { describe, expect, it } from 'vitest';
import { adjointsProblem, bugProblem, PRACTICE_LEVELS, recordPractice, type PracticeNode } from '../../../engine/index.ts';
import { practiceNodes } from '../../../engine/practice/adjoints.ts';
import { giveaways } from '../../../engine/practice/giveaways.ts';

const SEEDS = Array.from({ length: 200 }, (_, s) => s);

/** Ops whose partials are ±1 whatever the values: the op gives them away, no value can avoid it. */
const FIXED = new Set(['add', 'sub', 'neg', 'shift']);

/**
 * The rule, written here apart from the generator's check: every number the problem shows
 * (each node's value, each edge's local partial but the fixed ±1 of add, sub, neg and u + k) is
 * neither near 0 (|x| < 0.02) nor near ±1 (within 3 %), and no two have the same size (within
 * 1 %), except a value and the partial that is that value by the op's rule (∂(a·b)/∂a = b,
 * ∂eᵘ/∂u = eᵘ). Returns each breach in words.
 */
function breaches(nodes: readonly PracticeNode[]): string[] {
  const numbers: { name: string; x: number; equals: string | null }[] = [];
  for (const n of nodes) numbers.push({ name: `${n.id}`, x: n.value, equals: null });
  for (const n of nodes) {
    if (FIXED.has(n.op)) continue;
    for (const [i, id] of n.inputs.entries()) {
      const equals = n.op === 'mul' ? n.inputs[1 - i] : n.op === 'exp' ? n.id : null;
      numbers.push({ name: `∂${n.id}/∂${id}`, x: n.partials[id], equals });
    }
  }
  const out: string[] = [];
  for (const { name, x } of numbers) {
    if (Math.abs(x) < 0.02) out.push(`${name} ≈ 0`);
    if (Math.abs(Math.abs(x) - 1) < 0.03) out.push(`${name} ≈ ±1`);
  }
  for (const [i, a] of numbers.entries()) {
    for (const b of numbers.slice(i + 1)) {
      const [p, q] = [Math.abs(a.x), Math.abs(b.x)];
      if (Math.abs(p - q) > 0.01 * Math.max(p, q)) continue;
      const isValue = (s: { name: string }) => !s.name.startsWith('∂');
      // Allowed: a value and the partial that is it by the op's rule.
      if (isValue(a) && !isValue(b) && b.equals === a.name) continue;
      if (isValue(b) && !isValue(a) && a.equals === b.name) continue;
      out.push(`${a.name} = ${b.name}`);
    }
  }
  return out;
}

describe.each(PRACTICE_LEVELS)('no giveaways at level %i, over 200 seeds', (level) => {
  it('adjoints problems: no value or local partial near 0 or ±1, no two the same size (0 problems break it)', () => {
    const broken = SEEDS.map((s) => adjointsProblem(level, s)).filter((p) => breaches(p.nodes).length > 0);
    expect(broken.map((p) => `seed ${p.seed} ${p.expression}: ${breaches(p.nodes).join('; ')}`)).toEqual([]);
  });

  it('bug problems, drawn by the same check: 0 problems break it', () => {
    const broken = SEEDS.map((s) => bugProblem(level, s)).filter((p) => breaches(p.nodes).length > 0);
    expect(broken.map((p) => `seed ${p.seed} ${p.expression}: ${breaches(p.nodes).join('; ')}`)).toEqual([]);
  });
});

describe("the generator's giveaway check", () => {
  const nodesOf = (expression: string, at: Record<string, number>) => practiceNodes(recordPractice(expression, at));

  it('rejects x*sin(x*y) at x = 0.5, y = −2: a value −1 and 0.5 on two edges', () => {
    const nodes = nodesOf('x*sin(x*y)', { x: 0.5, y: -2 });
    expect(giveaways(nodes)).toEqual(['the value of v2 reads as ±1', '∂v2/∂v1 and ∂v4/∂v3 are the same size']);
    expect(breaches(nodes)).toEqual(['v2 ≈ ±1', '∂v2/∂v1 = ∂v4/∂v3']);
  });

  it('rejects u·eᵘ (eᵘ on two edges) and two values of one size; keeps a product whose partials are its factors', () => {
    expect(giveaways(nodesOf('x*exp(x)', { x: 0.7 }))).toEqual(['∂v1/∂v0 and ∂v2/∂v0 are the same size']);
    // sin 0.7 = 0.6442: within 1 % of y, so the product's two partials are the same size too.
    expect(giveaways(nodesOf('sin(x)*y', { x: 0.7, y: 0.645 }))).toEqual([
      'the value of v1 and the value of v2 are the same size',
      'the value of v1 and ∂v3/∂v1 are the same size',
      'the value of v2 and ∂v3/∂v2 are the same size',
      '∂v3/∂v2 and ∂v3/∂v1 are the same size',
    ]);
    // ∂(x·y)/∂x is y and ∂(x·y)/∂y is x: one number each, shown as a value and as a partial.
    expect(giveaways(nodesOf('sin(x*y)', { x: 0.7, y: 1.3 }))).toEqual([]);
  });

  it('leaves out the fixed ±1 partials of a sum, a difference and u + k', () => {
    const nodes = nodesOf('(tanh(w*x + b) - 0.3)^2', { w: 0.7, x: 1.3, b: -0.4 });
    expect(nodes.filter((n) => Object.values(n.partials).some((d) => Math.abs(d) === 1)).map((n) => n.op)).toEqual(['add', 'shift']);
    expect(giveaways(nodes)).toEqual([]);
  });
});
