import { describe, expect, it } from 'vitest';
import { gradCommand } from '../../cli/grad.ts';
import { main } from '../../cli/main.ts';

/** Runs the command line in-process and captures what it writes. */
function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('tape-lab grad', () => {
  it('--json prints the value and the gradient by name, with the other methods beside it', () => {
    const { code, out, err } = run('grad', 'x*y + sin(x^2) - ln(y)', '--at', 'x=0.5,y=4', '--json');
    expect([code, err]).toEqual([0, '']);
    const r = JSON.parse(out);
    expect(r.value).toBeCloseTo(2 + Math.sin(0.25) - Math.log(4), 15);
    expect(Object.keys(r.gradient)).toEqual(['x', 'y']);
    expect(r.gradient.x).toBeCloseTo(4 + Math.cos(0.25), 14);
    expect(r.gradient.y).toBe(0.25);
    expect(r.forward).toEqual(r.gradient);
    expect(r.finiteDifference.x).toBeCloseTo(r.gradient.x, 8);
    expect(r.warnings).toEqual([]);
    expect(r.tape).toEqual({ nodes: 8, inputs: 2 });
  });

  it('prints a readable table by default', () => {
    const { code, out } = run('grad', 'x*y + sin(x*x)', '--at', 'x=0.5,y=4');
    expect(code).toBe(0);
    expect(out).toMatch(/value 2\.24740395925/);
    expect(out).toMatch(/reverse \(tape\)\s+forward \(dual\)\s+central difference/);
    expect(out).toMatch(/^x\s+4\.96891242171\s+4\.96891242171\s+4\.968912421\d*\s/m);
  });

  it('takes an expression that starts with a minus sign, and --eps', () => {
    const r = JSON.parse(run('grad', '-x^2', '--at', 'x=-3', '--eps', '1e-4', '--json').out);
    expect(r.value).toBe(-9);
    expect(r.gradient.x).toBe(6);
    expect(r.finiteDifferenceStep.x).toBeCloseTo(3e-4, 15);
  });

  it('turns non-finite results into null with a warning that says why', () => {
    const r = JSON.parse(run('grad', 'ln(x)', '--at', 'x=0', '--json').out);
    expect(r.value).toBeNull();
    expect(r.gradient.x).toBeNull();
    expect(r.warnings[0]).toBe('ln(0) is -Infinity: the logarithm needs a positive argument');
    expect(r.warnings).toContain('value is -Infinity; printed as null');
    const text = run('grad', 'relu(x)', '--at', 'x=0').out;
    expect(text).toMatch(/warnings:\n {2}- relu'\(0\) is taken as 0/);
  });

  it.each([
    [['x + )', '--at', 'x=1'], "unexpected ')' at column 5"],
    [['sinh(x)', '--at', 'x=1'], "unknown function 'sinh' at column 1"],
    [['2x', '--at', 'x=1'], "missing operator before 'x' at column 2: implicit multiplication is not allowed"],
    [['sin(x', '--at', 'x=1'], "expected ')' to close '(' at column 4"],
    [['x*y', '--at', 'x=1'], "--at lacks a value for 'y'"],
    [['x*y'], "--at lacks a value for 'x', 'y'"],
    [['x', '--at', 'x=1,z=2'], "--at gives 'z', which the expression does not use (it uses x)"],
    [['x', '--at', 'x=abc'], "--at: the value of 'x' must be a finite number or constant arithmetic such as pi/2; got 'abc' ('abc' is not a number or a constant)"],
    [['x', '--at', 'x'], '--at takes name=value pairs'],
    [['x', '--at', 'x=1,x=2'], "--at gives 'x' twice"],
    [['x', '--at', '2x=1'], "--at: '2x' is not a variable name"],
    [['x', '--at', 'x=1', '--eps', '0'], '--eps must be a positive number'],
    [['--at', 'x=1'], 'give an expression'],
    [['x', '+', 'y'], 'give one expression'],
    [['x', '--at', 'x=1', '--bogus'], 'unknown option --bogus'],
  ])('%j exits 2 with one line: %s', (args, message) => {
    const { code, out, err } = run('grad', ...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.startsWith(`tape-lab grad: ${message}`)).toBe(true);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('is listed in the help', () => {
    expect(run('help').out).toMatch(/tape-lab grad EXPR --at/);
  });
});

describe('grad --json with a variable named __proto__', () => {
  it('keeps __proto__ in at and gradient: JSON objects are built without a prototype', () => {
    const { code, out } = run('grad', '__proto__*x', '--at', '__proto__=3,x=2', '--json');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(Object.keys(r.at)).toEqual(['__proto__', 'x']);
    expect(Object.getOwnPropertyDescriptor(r.at, '__proto__')?.value).toBe(3);
    expect(Object.getOwnPropertyDescriptor(r.gradient, '__proto__')?.value).toBe(2);
    expect(r.gradient.x).toBe(3);
  });
});

describe('tape-lab grad with a program', () => {
  it('takes --at arithmetic with constants (x=pi/2) and warns at the pole of tan', () => {
    const out = JSON.parse(gradCommand(['tan(x)', '--at', 'x=pi/2', '--json'])) as { at: { x: number }; warnings: string[] };
    expect(out.at.x).toBe(Math.PI / 2);
    expect(out.warnings[0]).toMatch(/central differences cannot resolve the slope/);
  });

  it('runs a program with Value(…) inputs and lets --at override them', () => {
    const src = 'a = Value(2.0)\nb = a * 3\nb += a';
    const json = (argv: string[]) => JSON.parse(gradCommand([src, ...argv, '--json'])) as { value: number; output: string; gradient: Record<string, number> };
    expect(json([])).toMatchObject({ value: 8, output: 'b′', gradient: { a: 4 } });
    expect(json(['--at', 'a=1']).value).toBe(4);
  });
});

describe('tape-lab grad --trace', () => {
  const baydin = 'v1 = ln(x1); v2 = x1*x2; v3 = sin(x2); v4 = v1 + v2; v5 = v4 - v3';

  it('prints the three traces as text, the tangent one for --wrt', () => {
    const text = gradCommand([baydin, '--at', 'x1=2,x2=5', '--trace', '--wrt', 'x2']);
    expect(text).toMatch(/forward primal trace/);
    expect(text).toMatch(/forward tangent trace \(v̇ = ∂v\/∂x2\)/);
    expect(text).toMatch(/v̄₀ \+= cos v₀ × v̄₃ +-0\.283662 +-0\.283662/);
    expect(text).toMatch(/ẏ = ∂y\/∂x2 = 1\.71634/);
  });

  it('prints them as JSON with --json, and refuses --wrt without --trace or for a name that is not an input', () => {
    const out = JSON.parse(gradCommand([baydin, '--at', 'x1=2,x2=5', '--trace', '--json'])) as {
      trace: { primal: { v: string; name: string; value: number }[]; tangent: { wrt: string; rows: { value: number }[] }; adjoint: { formula: string; total: number }[] };
    };
    expect(out.trace.primal[6]).toMatchObject({ v: 'v₅', name: 'v5' });
    expect(out.trace.tangent.wrt).toBe('x1');
    expect(out.trace.tangent.rows[6].value).toBe(5.5);
    expect(out.trace.adjoint.at(-1)).toMatchObject({ formula: 'v̄₋₁ += 1 / v₋₁ × v̄₁', total: 5.5 });
    expect(() => gradCommand([baydin, '--at', 'x1=2,x2=5', '--wrt', 'x1'])).toThrow(/use it with --trace/);
    expect(() => gradCommand([baydin, '--at', 'x1=2,x2=5', '--trace', '--wrt', 'v3'])).toThrow(/not an input/);
  });
});
