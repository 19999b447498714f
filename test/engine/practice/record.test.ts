import { describe, expect, it } from 'vitest';
import { gradExpression, practiceTapeView, recordPractice } from '../../../engine/index.ts';

describe('practice recording', () => {
  it('merges a subexpression written twice into one node read twice', () => {
    const r = recordPractice('ln(x*y)*(x*y)', { x: 1.5, y: 2 });
    const ops = Array.from({ length: r.tape.length }, (_, i) => r.tape.opName(i));
    expect(ops).toEqual(['input', 'input', 'mul', 'log', 'mul']);
    expect(r.tape.parents(4)).toEqual([3, 2]);
    expect(r.tape.parents(3)).toEqual([2]);
    // d/dx [ln(xy)·xy] = y·(ln(xy) + 1), the same as the playground's unmerged tape.
    const adj = r.tape.backward(r.output);
    expect(adj[0]).toBeCloseTo(2 * (Math.log(3) + 1), 14);
    expect(adj[0]).toBeCloseTo(gradExpression('ln(x*y)*(x*y)', { x: 1.5, y: 2 }).gradient.reverse.x, 14);
  });

  it('keeps apart what differs: another constant, another operand order', () => {
    const r = recordPractice('2*x + 3*x + y*x + x*y', { x: 1.5, y: 2 });
    const ops = Array.from({ length: r.tape.length }, (_, i) => r.tape.opName(i));
    expect(ops.filter((o) => o === 'scale')).toHaveLength(2);
    expect(ops.filter((o) => o === 'mul')).toHaveLength(2);
  });

  it('gives the page a tape view with its inputs named and the overwrite sweep', () => {
    const view = practiceTapeView({ expression: 'x*sin(x)', at: { x: 0.5 } } as never);
    expect(view.name.slice(0, 1)).toEqual(['x']);
    expect(view.uses[0]).toBe(2);
    // An = sweep keeps sin x's contribution to x last: cos(0.5)·0.5 instead of sin 0.5 + 0.5·cos 0.5.
    expect(view.overwrite.adjoint[0]).toBeCloseTo(0.5 * Math.cos(0.5), 15);
    expect(view.adjoint[0]).toBeCloseTo(Math.sin(0.5) + 0.5 * Math.cos(0.5), 15);
  });
});
