import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../../engine/expr/gallery.ts';
import { gradExpression } from '../../../engine/expr/grad.ts';
import { diagnoseAdjoints } from '../../../engine/practice/diagnose.ts';
import { answerFields, practiceSteps } from '../../../engine/practice/problem.ts';
import { programProblem, ProgramPracticeError, PROGRAM_MAX_NODES } from '../../../engine/practice/program.ts';
import { revealItems } from '../../../engine/practice/reveal.ts';
import { centralAdjoint } from './nodes-eval.ts';

const program = (id: string) => GALLERY.find((e) => e.id === id)!;

describe('practice on your own program', () => {
  it("poses colah's (a+b)(b+1) as an adjoints problem keyed by the tape: ∂e/∂a = 2, ∂e/∂b = 5", () => {
    const ex = program('colah');
    const p = programProblem(ex.program, ex.at);
    expect(p).toMatchObject({ kind: 'adjoints', program: true, at: { a: 2, b: 1 } });
    expect(p.nodes.map((n) => n.op)).toEqual(['input', 'input', 'add', 'shift', 'mul']);
    expect(p.answer.gradient).toEqual({ a: 2, b: 5 });
    expect(answerFields(p)).toEqual(['v4', 'v3', 'v2', 'v1', 'v0']);
    expect(practiceSteps(p).at(-1)?.after).toBe(5);
  });

  it('takes the values a program declares, and lets given values override them', () => {
    const ex = program('zero-to-hero-neuron');
    const p = programProblem(ex.program);
    expect(p.answer.gradient.x1).toBeCloseTo(-1.5, 12);
    expect(programProblem(ex.program, { x2: 1 }).at.x2).toBe(1);
  });

  it('says in one sentence why a program cannot be posed', () => {
    const why = (source: string, at: Record<string, number> = {}) => {
      try {
        programProblem(source, at);
      } catch (e) {
        expect(e).toBeInstanceOf(ProgramPracticeError);
        return (e as Error).message;
      }
      return '';
    };
    expect(why(program('micrograd-readme').program)).toBe(`the program records 29 nodes; a practice problem takes at most ${PROGRAM_MAX_NODES}`);
    expect(why('x*y')).toBe("no value for 'x': declare it with x = Value(…) or give it a value");
    expect(why('y = x +')).toMatch(/^unexpected end of expression/);
    expect(why('ln(x)', { x: -1 })).toMatch(/is not a finite number here/);
  });

  it("poses micrograd's test_sanity_check, whose (z*z).relu() reads z twice: two edges, two contributions", () => {
    const source = program('micrograd-sanity').program;
    const p = programProblem(source);
    expect(p.nodes.length).toBeLessThanOrEqual(PROGRAM_MAX_NODES);
    const square = p.nodes.find((n) => n.inputs.length === 2 && n.inputs[0] === n.inputs[1])!;
    const z = square.inputs[0];
    const zValue = p.nodes.find((n) => n.id === z)!.value;
    expect(zValue).toBe(-10);
    // Each read carries its own local partial, the other factor z; the partial of z·z by z is their sum, 2z.
    expect(square.readPartials).toEqual([zValue, zValue]);
    expect(square.partials).toEqual({ [z]: 2 * zValue });
    // The key against the tape's own sweep (gradExpression), dual numbers, and each node by central differences.
    const g = gradExpression(source, {});
    expect(p.answer.gradient).toEqual({ x: 46 });
    expect(g.gradient.reverse.x).toBe(46);
    expect(g.gradient.forward.x).toBe(46);
    expect(p.nodes.at(-1)!.value).toBe(-20);
    p.nodes.forEach((n, i) => expect(centralAdjoint(p.nodes, i), n.id).toBeCloseTo(p.answer.adjoints[n.id], 6));
    // The sweep over the node list sends two contributions from the square to z, and ends at the key.
    const steps = practiceSteps(p);
    expect(steps.filter((s) => s.node === square.id && s.parent === z)).toHaveLength(2);
    const last = new Map(steps.map((s) => [s.parent, s.after]));
    for (const [id, a] of last) expect(a, id).toBe(p.answer.adjoints[id]);
    // The reveal shows both terms.
    const why = revealItems(p).find((r) => r.short === z)!.why;
    expect(why.split(`∂${square.id}/∂${z} · adjoint of ${square.id}`)).toHaveLength(3);
    expect(why).toContain(`${square.id} reads ${z} twice: one term per read`);
  });

  it('grades z*z: the key is right, and one read dropped is named as an overwrite', () => {
    const p = programProblem('x = Value(3.0)\nz = x*x\ny = z*z + x');
    expect(p.answer.adjoints).toEqual({ v0: 109, v1: 18, v2: 1, v3: 1 });
    expect(diagnoseAdjoints(p, p.answer.adjoints).every((v) => v.right)).toBe(true);
    // adjoint of z kept from one read only: 9 × 1 instead of 9 × 1 + 9 × 1.
    const once = diagnoseAdjoints(p, { ...p.answer.adjoints, v1: 9 }).find((v) => v.id === 'v1')!;
    expect(once).toMatchObject({ right: false, finding: 'overwrite' });
    expect(once.message).toContain('= 9 × 1 + 9 × 1 (v2 reads v1 twice: one term per read)');
    // The partial of z·z by z taken once for both reads (2z × z̄ twice) is not the key either.
    expect(diagnoseAdjoints(p, { ...p.answer.adjoints, v1: 36 }).find((v) => v.id === 'v1')!.right).toBe(false);
  });
});
