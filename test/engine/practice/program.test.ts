import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../../engine/expr/gallery.ts';
import { answerFields, practiceSteps } from '../../../engine/practice/problem.ts';
import { programProblem, ProgramPracticeError, PROGRAM_MAX_NODES } from '../../../engine/practice/program.ts';

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
    expect(why(program('micrograd-sanity').program)).toMatch(/^'\(z \* z\)' reads one value twice/);
    expect(why('x*y')).toBe("no value for 'x': declare it with x = Value(…) or give it a value");
    expect(why('y = x +')).toMatch(/^unexpected end of expression/);
    expect(why('ln(x)', { x: -1 })).toMatch(/is not a finite number here/);
  });
});
