import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handWorked } from './handWorked.ts';
import {
  adjointsProblem,
  diagnoseAdjoints,
  practiceTapeView,
  PRACTICE_LEVELS,
  type AdjointsProblem,
  type FieldVerdict,
  type PracticeNode,
} from '../../../engine/index.ts';

const SEEDS = Array.from({ length: 200 }, (_, s) => s);
const FIXED = new Set(['add', 'sub', 'neg', 'shift', 'scale']);

/** The key with one node's answer replaced. */
function keyWith(p: AdjointsProblem, id: string, value: number): Record<string, number> {
  return { ...p.answer.adjoints, [id]: value };
}

function verdict(p: AdjointsProblem, answers: Record<string, number>, id: string): FieldVerdict {
  return diagnoseAdjoints(p, answers).find((v) => v.id === id)!;
}

/** The nodes that read `id`, with their partial for it. */
function readersOf(p: AdjointsProblem, id: string): PracticeNode[] {
  return p.nodes.filter((n) => n.inputs.includes(id));
}

/** Clearly apart: not within the answer tolerance, with room to spare. */
const apart = (a: number, b: number): boolean => Math.abs(a - b) > 3 * Math.max(0.005 * Math.abs(b), 1e-3);

describe.each(PRACTICE_LEVELS)('diagnosis at level %i', (level) => {
  const problems = SEEDS.map((s) => adjointsProblem(level, s));

  it('never names a mistake for a right answer (the key, or anything within 0.5 % of it)', () => {
    for (const p of problems) {
      expect(diagnoseAdjoints(p, p.answer.adjoints).every((v) => v.right && v.finding === null)).toBe(true);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 199 }), fc.double({ min: -0.0049, max: 0.0049, noNaN: true }), (s, r) => {
        const p = problems[s];
        const answers = Object.fromEntries(Object.entries(p.answer.adjoints).map(([id, a]) => [id, a * (1 + r)]));
        return diagnoseAdjoints(p, answers).every((v) => v.right && v.finding === null && v.message.endsWith('right.'));
      }),
    );
  });

  it('names the overwrite on the sweep that writes = instead of += (the tape\'s own overwriting sweep)', () => {
    let named = 0;
    for (const p of problems) {
      const view = practiceTapeView(p);
      if (view.divergesAt.length === 0) continue;
      const wrong = Object.fromEntries(p.nodes.map((n, i) => [n.id, view.overwrite.adjoint[i]]));
      const first = `v${Math.max(...view.divergesAt)}`;
      const v = verdict(p, wrong, first);
      expect([v.right, v.finding], `${p.expression} at ${first}`).toEqual([false, 'overwrite']);
      expect(v.message).toMatch(/adjoints add, \+=/);
      // Every other wrong field is told where its error comes from, not given a mistake of its own.
      for (const other of diagnoseAdjoints(p, wrong)) if (!other.right && other.id !== first) expect(['inherited', 'overwrite']).toContain(other.finding);
      named++;
    }
    if (level === 2 || level === 3) expect(named).toBe(200);
  });

  it('names a sign error, a missing local partial and the partial of the wrong input, node by node', () => {
    const seen = { sign: 0, missing: 0, wrongInput: 0 };
    for (const p of problems) {
      for (const n of p.nodes.slice(0, -1)) {
        const key = p.answer.adjoints[n.id];
        expect(verdict(p, keyWith(p, n.id, -key), n.id).finding, `${p.expression} ${n.id} sign`).toBe('sign');
        seen.sign++;
        const rs = readersOf(p, n.id);
        if (rs.length !== 1) continue;
        const r = rs[0];
        const partial = r.partials[n.id];
        // adj[r] passed on as it is: the local partial left out.
        if (!FIXED.has(r.op)) {
          expect(verdict(p, keyWith(p, n.id, p.answer.adjoints[r.id]), n.id).finding, `${p.expression} ${n.id} missing`).toBe('missing-partial');
          seen.missing++;
        }
        // The other input's partial times adj[r].
        if (r.inputs.length === 2) {
          const other = r.partials[r.inputs.find((id) => id !== n.id)!];
          const wrong = other * p.answer.adjoints[r.id];
          if (apart(other, partial) && apart(wrong, -key) && apart(wrong, p.answer.adjoints[r.id])) {
            expect(verdict(p, keyWith(p, n.id, wrong), n.id).finding, `${p.expression} ${n.id} wrong input`).toBe('wrong-input');
            seen.wrongInput++;
          }
        }
      }
    }
    expect(seen.sign).toBeGreaterThan(400);
    expect(seen.missing).toBeGreaterThan(100);
    if (level !== 1) expect(seen.wrongInput).toBeGreaterThan(100);
  });

  it('names a forgotten seed (every adjoint 0) and otherwise shows the node\'s equation with the student\'s numbers', () => {
    for (const p of problems) {
      const zeros = Object.fromEntries(Object.keys(p.answer.adjoints).map((id) => [id, 0]));
      expect(diagnoseAdjoints(p, zeros).every((v) => v.finding === 'forgotten-seed')).toBe(true);
      const n = p.nodes[p.nodes.length - 2];
      const odd = p.answer.adjoints[n.id] + 0.1 + 0.37 * Math.abs(p.answer.adjoints[n.id]);
      const v = verdict(p, keyWith(p, n.id, odd), n.id);
      if (v.finding === 'equation') {
        expect(v.message).toContain(`adjoint of ${n.id} = ∂`);
        expect(v.message).toContain(`you wrote ${Number(odd.toPrecision(4))}`.replace('-', '−'));
      } else expect(v.finding, `${p.expression}: key + 0.1 + 0.37·|key| happens to be a named mistake`).not.toBeNull();
    }
  });

  it('a field right for the student\'s own wrong numbers above it is told it inherits their error', () => {
    for (const p of problems) {
      const out = p.nodes.at(-1)!;
      const below = p.nodes.filter((n) => n.inputs.length > 0 && n.id !== out.id && readersOf(p, n.id).length > 0);
      if (below.length === 0) continue;
      const r = below.at(-1)!;
      const answers = keyWith(p, r.id, p.answer.adjoints[r.id] * 2);
      // A child of r that only r reads: the right step from r's doubled adjoint.
      const child = r.inputs.find((id) => readersOf(p, id).length === 1);
      if (!child) continue;
      answers[child] = r.partials[child] * answers[r.id];
      const v = verdict(p, answers, child);
      expect(v.finding, p.expression).toBe('inherited');
      expect(v.message).toContain(`adjoint of ${r.id}`);
    }
  });
});

describe('diagnosis: the words on a hand-worked problem', () => {
  // f = sin(x/y)*x at x = 2.8, y = 1.2: v2 = x/y, v3 = sin v2, v4 = v3·x.
  const p = handWorked();
  const q = 2.8 / 1.2;
  const c = Math.cos(q);
  const key = { v4: 1, v3: 2.8, v2: 2.8 * c, v1: -q * q * c, v0: Math.sin(q) + q * c };

  it('says an overwrite kept only the last contribution, with the sum it should be, not worked out', () => {
    // An = sweep leaves adj x with v2's contribution alone: (1/y)·2.8 cos(x/y).
    const v = verdict(p, { ...key, v0: q * c }, 'v0');
    expect(v.finding).toBe('overwrite');
    expect(v.message).toBe(
      'You kept only the last contribution (from v2); adjoints add, +=, at a node read 2 times: adjoint of v0 = ∂v4/∂v0 · adjoint of v4 + ∂v2/∂v0 · adjoint of v2 = 0.7231 × 1 + 0.8333 × (−1.934).',
    );
  });

  it('says a sign error, a missing partial, a wrong input and a forgotten seed in words', () => {
    expect(verdict(p, { ...key, v0: -key.v0 }, 'v0').message).toMatch(/^Sign error: the size is right, the sign is not\. adjoint of v0 = /);
    expect(verdict(p, { ...key, v3: 1 }, 'v3').message).toBe(
      'You passed the adjoint on without its local partial: multiply by the local partial. adjoint of v3 = ∂v4/∂v3 · adjoint of v4 = 2.8 × 1.',
    );
    // adj y = ∂v2/∂y · adj v2; with ∂v2/∂x = 1/y instead: 0.8333 × 2.8 cos(x/y).
    const wrongInput = verdict(p, { ...key, v1: (1 / 1.2) * key.v2 }, 'v1');
    expect(wrongInput.finding).toBe('wrong-input');
    expect(wrongInput.message).toMatch(/^You used the partial of v2's other input \(0\.8333\); each input gets its own, here −1\.944:/);
    expect(verdict(p, { v4: 0, v3: 0, v2: 0, v1: 0, v0: 0 }, 'v4').message).toBe('Forgotten seed: the sweep starts with adjoint of v4 = ∂f/∂f (how far f moves per unit nudge of f), not 0.');
    expect(verdict(p, { ...key, v3: 2.5 }, 'v3').message).toBe('adjoint of v3 = ∂v4/∂v3 · adjoint of v4 = 2.8 × 1; you wrote 2.5: work the product out again.');
    const inherited = verdict(p, { ...key, v3: 2.5, v2: 2.5 * c }, 'v2');
    expect([inherited.right, inherited.finding]).toEqual([false, 'inherited']);
    expect(inherited.message).toBe('Your arithmetic is right for your numbers ((−0.6908) × 2.5 = −1.727), but it inherits the error in adjoint of v3.');
    expect(verdict(p, { ...key, v3: undefined as unknown as number }, 'v3').finding).toBe('blank');
    // An empty field above is not filled in from the key: that would give its answer away.
    const below = verdict(p, { v4: 1, v3: 2.8, v1: 0.1, v0: 2 }, 'v1');
    expect(below.message).toBe('adjoint of v1 = (−1.944) × adjoint of v2: fill in adjoint of v2 first.');
    expect(below.message).not.toContain('1.934');
  });

  it('never prints a wrong field’s key: Check names the mistake, Show the answer gives the number', () => {
    const show = (x: number) => String(Number(x.toPrecision(4))).replace('-', '−');
    for (const answers of [
      { ...key, v0: q * c },
      { ...key, v0: -key.v0 },
      { ...key, v3: 1 },
      { ...key, v1: (1 / 1.2) * key.v2 },
      { ...key, v3: 2.5 },
      { ...key, v2: 7 },
      { v4: 0, v3: 0, v2: 0, v1: 0, v0: 0 },
      { v4: 2, v3: 2.8, v2: 1, v1: 1, v0: 1 },
    ]) {
      for (const v of diagnoseAdjoints(p, answers)) {
        if (v.right || v.finding === 'inherited') continue;
        // A factor may equal the key (× 1); the key is never what an equation comes to.
        expect(v.message, `${v.id}: ${v.message}`).not.toContain(`= ${show(v.key)}.`);
        expect(v.message, `${v.id}: ${v.message}`).not.toContain(`= ${show(v.key)};`);
        expect(v.message, `${v.id}: ${v.message}`).not.toMatch(new RegExp(`= ${show(v.key).replace('.', '\\.')}$`));
      }
    }
  });
});
