import { describe, expect, it } from 'vitest';
import { checkRule, compileExpression, floatArith, PRACTICE_LEVELS, RULES, ruleProblem, runProgram } from '../../../engine/index.ts';

const SEEDS = Array.from({ length: 200 }, (_, s) => s);

/** f at a point, by the compiled program on plain floats. */
function valueOf(source: string, at: Record<string, number>): number {
  const c = compileExpression(source);
  return runProgram(floatArith, c.program, c.variables.map((v) => at[v]));
}

/** ∂f/∂v by a central difference on plain floats, written here. */
function slope(source: string, at: Record<string, number>, v: string): number {
  const h = 1e-5 * Math.max(1, Math.abs(at[v]));
  return (valueOf(source, { ...at, [v]: at[v] + h }) - valueOf(source, { ...at, [v]: at[v] - h })) / (2 * h);
}

describe.each(PRACTICE_LEVELS)('rule problems at level %i', (level) => {
  const problems = SEEDS.map((s) => ruleProblem(level, s));

  it('at least five points; the tape\'s slope and the answer rule agree with central differences at each', () => {
    for (const p of problems) {
      expect(p.points.length).toBeGreaterThanOrEqual(5);
      expect(new Set(p.points.map((q) => JSON.stringify(q.at))).size).toBe(p.points.length);
      for (const q of p.points) {
        for (const v of p.variables) {
          const cd = slope(p.op, q.at, v);
          expect(Math.abs(q.slope[v] - cd), `${p.op} at ${JSON.stringify(q.at)}`).toBeLessThan(1e-7 * Math.max(1, Math.abs(cd)));
          expect(Math.abs(valueOf(p.answer[v], q.at) - cd)).toBeLessThan(1e-7 * Math.max(1, Math.abs(cd)));
        }
      }
      expect(checkRule(p, p.answer).every((r) => r.right && r.problem === null)).toBe(true);
    }
  });

  it('is deterministic by seed and uses every op of its level', () => {
    expect(ruleProblem(level, 33)).toEqual(problems[33]);
    expect(new Set(problems.map((p) => p.op))).toEqual(new Set(RULES[level].map((r) => r.op)));
  });

  it('names a sign error: the rule with its sign flipped, as "-3*u^2" for u^3', () => {
    for (const p of problems) {
      const wrong = Object.fromEntries(p.variables.map((v) => [v, `-(${p.answer[v]})`]));
      for (const r of checkRule(p, wrong)) {
        expect([r.right, r.problem], `${p.op}: ${r.message}`).toEqual([false, 'sign']);
        expect(r.message).toMatch(/^Sign error: your rule( for ∂f\/∂\w)? has the right size and the wrong sign at every point \(at .* it gives \S+\)\.$/);
      }
    }
  });

  it('refuses a wrong rule with a counterexample: the point, what the rule gives there, and the slope', () => {
    for (const p of problems) {
      // A plausible slip: the rule with its sign flipped, off by a little more.
      const wrong = Object.fromEntries(p.variables.map((v) => [v, `-1.5*(${p.answer[v]})`]));
      for (const r of checkRule(p, wrong)) {
        expect([r.right, r.problem]).toEqual([false, 'slope']);
        const ce = r.counterexample!;
        expect(ce.gives).toBeCloseTo(-1.5 * ce.slope, 12);
        expect(ce.slope).toBeCloseTo(slope(p.op, ce.at, r.variable), 6);
        const where = p.variables.map((v) => `${v} = ${String(ce.at[v]).replace('-', '−')}`).join(', ');
        expect(r.message).toMatch(new RegExp(`^At ${where} your rule( for ∂f/∂${r.variable})? gives \\S+; the slope is \\S+\\.$`));
      }
    }
  });
});

describe('rule checking: words', () => {
  const p = ruleProblem(2, 0);

  it('gives the issue\'s sentence for u·sin(u) with the rule u·cos(u)', () => {
    const q = { ...p, op: 'u*sin(u)', variables: ['u'], answer: { u: 'sin(u) + u*cos(u)' }, points: [{ at: { u: 1.3 }, slope: { u: Math.sin(1.3) + 1.3 * Math.cos(1.3) } }] };
    const [r] = checkRule(q, { u: 'u*cos(u)' });
    // 1.3·cos 1.3 = 1.3 × 0.267499 = 0.347748; sin 1.3 + that = 0.963558 + 0.347748 = 1.311306.
    expect(r.message).toBe('At u = 1.3 your rule gives 0.3477; the slope is 1.311.');
    expect(checkRule(q, { u: 'cos(u)*u + sin(u)' })[0].right).toBe(true);
  });

  it('says where a rule does not parse, which name f lacks, and when the field is empty', () => {
    const [parse] = checkRule(p, { u: 'cos(u' });
    expect(parse.problem).toBe('parse');
    expect(parse.message).toMatch(/^Your rule: expected '\)' to close '\(' at column 4/);
    expect(checkRule(p, { u: 'x*2' })[0].message).toBe("Your rule uses 'x'; f has only u.");
    expect(checkRule(p, {})[0].problem).toBe('blank');
  });
});
