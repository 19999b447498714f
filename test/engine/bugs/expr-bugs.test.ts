import { describe, expect, it } from 'vitest';
import { exprBugs } from '../../../engine/bugs/index.ts';
import { compileExpression } from '../../../engine/expr/index.ts';

const bugsOf = (source: string, at: Record<string, number>) => exprBugs(compileExpression(source), at);
const row = (r: ReturnType<typeof bugsOf>, name: string) => r.rows.find((x) => x.name === name)!;

/** Central differences of a plain JavaScript function, independent of the tape and the compiler. */
function central(f: (p: Record<string, number>) => number, at: Record<string, number>, name: string, h = 1e-6): number {
  return (f({ ...at, [name]: at[name] + h }) - f({ ...at, [name]: at[name] - h })) / (2 * h);
}

const CASES: [string, (p: Record<string, number>) => number, Record<string, number>][] = [
  ['x*y + sin(x*x)', ({ x, y }) => x * y + Math.sin(x * x), { x: 0.5, y: 4 }],
  ['sin(x)*x + x*y', ({ x, y }) => Math.sin(x) * x + x * y, { x: 0.7, y: -1.3 }],
  ['exp(x/y) - tanh(x*y*z) + z^2', ({ x, y, z }) => Math.exp(x / y) - Math.tanh(x * y * z) + z * z, { x: 0.3, y: 1.7, z: -0.4 }],
];

describe('the bugs on an expression’s tape', () => {
  it('the right gradient agrees with central differences of the plain function', () => {
    for (const [source, f, at] of CASES) {
      for (const r of bugsOf(source, at).rows) {
        const fd = central(f, at, r.name);
        expect(Math.abs(r.right - fd) / Math.max(1, Math.abs(fd))).toBeLessThan(1e-8);
      }
    }
  });

  it('zero-grad: two backward() calls without clearing give exactly twice the right gradient', () => {
    for (const [source, , at] of CASES) {
      for (const r of bugsOf(source, at).rows) expect(r.zeroGrad).toBe(2 * r.right);
    }
  });

  it('overwrite keeps only the last contribution the sweep writes: the one through the first use', () => {
    const at = { x: 0.7, y: -1.3 };
    const r = bugsOf('sin(x)*x + x*y', at);
    // x is read by sin(x), by sin(x)*x and by x*y; the sweep reaches sin(x) last, so = keeps cos(x)·x.
    expect(row(r, 'x').overwrite).toBeCloseTo(Math.cos(at.x) * at.x, 15);
    expect(row(r, 'x').right).toBeCloseTo(Math.cos(at.x) * at.x + Math.sin(at.x) + at.y, 14);
    // y is used once: nothing to lose.
    expect(row(r, 'y').overwrite).toBe(row(r, 'y').right);
    // x*x: both contributions x, the second overwrites the first.
    const sq = bugsOf('x*x', { x: 3 });
    expect(row(sq, 'x').right).toBe(6);
    expect(row(sq, 'x').overwrite).toBe(3);
  });

  it('detach at the first use loses exactly that use’s contribution', () => {
    const at = { x: 0.7, y: -1.3 };
    const r = bugsOf('sin(x)*x + x*y', at);
    expect(row(r, 'x').firstUseLabel).toBe('sin(x)');
    // sin(x.detach())*x + x*y: ∂/∂x = sin(x) + y.
    expect(row(r, 'x').detach).toBeCloseTo(Math.sin(at.x) + at.y, 14);
    // y's only use detached: no gradient reaches it.
    expect(row(r, 'y').detach).toBe(0);
    expect(row(bugsOf('x*x', { x: 3 }), 'x').detach).toBe(3);
    // f = x: nothing reads x, there is nowhere to detach it.
    expect(row(bugsOf('x', { x: 2 }), 'x').detach).toBeNull();
  });

  it('a saved intermediate changed in place is refused by the version check, naming it', () => {
    const r = bugsOf('sin(x)*x + x*y', { x: 0.7, y: -1.3 });
    expect(r.inPlace?.label).toBe('sin(x)');
    expect(r.inPlace?.error).toMatch(/^one of the variables needed for gradient computation has been modified by an inplace operation: \[torch.DoubleTensor \[\]\], which is output 0 of MulBackward0, is at version 1; expected version 0 instead\. Hint: /);
    // A sum of inputs saves no intermediate value for its rules: nothing to change in place.
    expect(bugsOf('x + y', { x: 1, y: 2 }).inPlace).toBeNull();
    // scale saves only its number and shift nothing; the square saves its operand, 2*x + 1.
    expect(bugsOf('(2*x + 1)^2', { x: 1 }).inPlace?.label).toMatch(/2\*x \+ 1/);
    // relu saves its result, not its operand (as PyTorch's ReluBackward0): the result is the one to change.
    expect(bugsOf('relu(x*y) * x', { x: 1, y: 2 }).inPlace?.label).toMatch(/relu/);
  });

  it('a second backward() is refused; retain_graph keeps the tensors PyTorch saved', () => {
    const r = bugsOf('x*y + sin(x*x)', { x: 0.5, y: 4 });
    expect(r.retainGraph.error).toMatch(/^Trying to backward through the graph a second time/);
    // x*y and x*x save only the inputs x and y (the caller's); sin saves x*x: one tensor of 8 bytes.
    expect(r.retainGraph.bytes).toBe(8);
    expect(bugsOf('x*y*x + sin(x*x)', { x: 0.5, y: 4 }).retainGraph.bytes).toBe(16);
  });
});
