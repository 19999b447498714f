import { describe, expect, it } from 'vitest';
import { handWorked } from './handWorked.ts';
import { adjointsProblem, answerFields, bugProblem, PRACTICE_LEVELS, revealItems, ruleProblem, show4 } from '../../../engine/index.ts';

describe('the answers a lecturer reveals', () => {
  it('sin(x/y)*x: every adjoint in sweep order, each with its equation', () => {
    const items = revealItems(handWorked());
    expect(items.map((i) => [i.name, i.answer])).toEqual([
      ['adjoint of v4', '1'],
      ['adjoint of v3', '2.8'],
      ['adjoint of v2', '−1.934'],
      ['adjoint of v1', '3.761'],
      ['adjoint of v0', '−0.8887'],
    ]);
    expect(items[0].why).toBe('adjoint of v4 = 1: the seed, ∂f/∂f.');
    expect(items[2].why).toBe('adjoint of v2 = ∂v3/∂v2 · adjoint of v3 = (−0.6908) × 2.8 = −1.934.');
    // x is read twice: both contributions, the newest reader first, as the sweep adds them.
    expect(items[4].why).toBe('adjoint of v0 = ∂v4/∂v0 · adjoint of v4 + ∂v2/∂v0 · adjoint of v2 = 0.7231 × 1 + 0.8333 × (−1.934) = −0.8887. That is ∂f/∂x.');
  });

  it.each(PRACTICE_LEVELS)('at level %i, one item per answer field, and each equation sums to its answer', (level) => {
    for (let seed = 0; seed < 40; seed++) {
      const p = adjointsProblem(level, seed);
      const items = revealItems(p);
      expect(items.map((i) => i.name)).toEqual(answerFields(p).map((id) => `adjoint of ${id}`));
      expect(items.map((i) => i.short)).toEqual(answerFields(p));
      for (const [k, item] of items.entries()) {
        const id = answerFields(p)[k];
        expect(item.answer).toBe(show4(p.answer.adjoints[id]));
        const input = p.nodes.find((n) => n.id === id)!.op === 'input';
        expect(item.why.endsWith(k === 0 ? 'the seed, ∂f/∂f.' : input ? '.' : `= ${item.answer}.`), item.why).toBe(true);
        expect(item.why.includes(`= ${item.answer}.`), item.why).toBe(k > 0);
        if (input) expect(item.why).toMatch(/ That is ∂f\/∂\w+\.$/);
      }
    }
  });

  it('a rule problem reveals each variable\'s rule; a bug problem its first wrong event, explained', () => {
    const rule = ruleProblem(3, 5);
    expect(revealItems(rule).map((i) => [i.name, i.answer])).toEqual(rule.variables.map((u) => [`∂f/∂${u}`, rule.answer[u]]));
    const bug = bugProblem(3, 2);
    const [item] = revealItems(bug);
    expect(item.name).toBe('the first wrong event');
    expect(item.answer).toBe(`event ${bug.wrongEvent.index + 1}`);
    expect(item.why.length).toBeGreaterThan(20);
  });
});
