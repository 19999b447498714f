import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { defaultParams } from '../../engine/chain.ts';
import { gradientDifference } from '../../engine/second-order/index.ts';

/** Runs the command line in-process and captures what it writes. */
function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('tape-lab hvp', () => {
  it('--json prints the keys the issue names, and H·v agrees with an independent central difference', () => {
    const { code, out, err } = run('hvp', '--steps', '12', '--direction', 'seed:5', '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(Object.keys(r)).toEqual(['steps', 'direction', 'hvp', 'gradient', 'check', 'work', 'warnings']);
    expect(r.steps).toBe(12);
    for (const key of ['direction', 'hvp', 'gradient']) expect(Object.keys(r[key])).toEqual(['a', 'b']);
    expect(r.hvp.a).toHaveLength(12);
    expect(Object.keys(r.check.finiteDifference)).toEqual(['h', 'maxRelative', 'maxDifference', 'resolution', 'resolved']);
    expect(r.check.finiteDifference.maxRelative).toBeLessThan(1e-6);
    // H·v here is well above what the differences resolve, so the relative difference is a check.
    expect(r.check.finiteDifference.resolved).toBe(true);
    expect(r.warnings).toEqual([]);
    // One recording and one sweep, each on a value and one tangent: 4 passes, twice a gradient.
    expect(r.work.hvp).toBe(4);
    expect(r.work.gradient).toBe(2);
    // The test's own difference of reverse gradients, at a fixed h.
    const v = { a: Float64Array.from(r.direction.a), b: Float64Array.from(r.direction.b) };
    const fd = gradientDifference(defaultParams(12), v, 1e-6);
    for (let t = 0; t < 12; t++) expect(Math.abs(fd.a[t] - r.hvp.a[t])).toBeLessThan(1e-7 * Math.max(1, Math.abs(r.hvp.a[t])));
  });

  it('says H·v is below what central differences resolve, not an error, where H·v is ~1e-26', () => {
    // x₀ = 1.9 and c = 1.45 saturate the chain: the last steps' a and b barely move the loss's gradient.
    const args = ['hvp', '--steps', '63', '--c', '1.45', '--x0', '1.9', '--target', '-2', '--direction', 'basis:64'];
    const r = JSON.parse(run(...args, '--json').out);
    const largest = Math.max(...r.hvp.a.map(Math.abs), ...r.hvp.b.map(Math.abs));
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(1e-20);
    const check = r.check.finiteDifference;
    // Rounding alone: ε·max|∂L/∂θ|/h, the smallest entry the differences can tell from 0.
    const gradientMax = Math.max(...r.gradient.a.map(Math.abs), ...r.gradient.b.map(Math.abs));
    expect(check.resolution).toBeGreaterThanOrEqual((2 ** -52 * gradientMax) / check.h);
    expect(check.resolved).toBe(false);
    // The differences agree with H·v within what they resolve: no error to report, and none reported.
    expect(check.maxDifference).toBeLessThanOrEqual(check.resolution);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^H·v is below what central differences can resolve here/);
    expect(r.warnings[0]).not.toMatch(/bends/);
    const { out } = run(...args);
    expect(out).toMatch(/no check, H·v \(largest [\d.e-]+\) is below what they resolve \(about [\d.e-]+\)/);
    expect(out).not.toMatch(/largest difference 1 of max/);
  });

  it('basis:I is the unit vector of θ_I (a_t at 2t, b_t at 2t + 1); ones is all ones', () => {
    const basis = JSON.parse(run('hvp', '--steps', '4', '--direction', 'basis:3', '--json').out);
    expect(basis.direction).toEqual({ a: [0, 0, 0, 0], b: [0, 1, 0, 0] });
    const ones = JSON.parse(run('hvp', '--steps', '3', '--json').out);
    expect(ones.direction).toEqual({ a: [1, 1, 1], b: [1, 1, 1] });
  });

  it('prints a readable table with the check', () => {
    const { code, out } = run('hvp', '--steps', '3');
    expect(code).toBe(0);
    expect(out).toMatch(/H·v of L/);
    expect(out).toMatch(/central differences of the reverse gradient/);
  });

  for (const [args, message] of [
    [['--direction', 'basis:8', '--steps', '4'], /basis:8 is outside 0 … 7/],
    [['--direction', 'twos'], /--direction must be ones, basis:I or seed:N/],
    [['--steps', '0'], /--steps must be a whole number/],
    [['--c', 'x'], /--c must be a finite number/],
    [['--stride', '2'], /unknown option/],
  ] as const) {
    it(`exits 2 with one line for ${args.join(' ')}`, () => {
      const { code, out, err } = run('hvp', ...args);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(message);
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err.trimEnd().length).toBeLessThanOrEqual(80);
    });
  }

  it('--help lists the options', () => {
    const { out } = run('hvp', '--help');
    for (const flag of ['--steps', '--c', '--x0', '--target', '--direction', '--json']) expect(out).toContain(flag);
  });
});

describe('tape-lab grad --hvp', () => {
  it('adds H·v along the direction to the JSON, matching the hand-derived Hessian of x·y + sin(x²)', () => {
    const { code, out } = run('grad', 'x*y + sin(x*x)', '--at', 'x=0.5,y=4', '--hvp', 'x=1,y=-2', '--json');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    const x = 0.5;
    const fxx = 2 * Math.cos(x * x) - 4 * x * x * Math.sin(x * x);
    expect(r.hvp.direction).toEqual({ x: 1, y: -2 });
    expect(r.hvp.hvp.x).toBeCloseTo(fxx * 1 + 1 * -2, 12);
    expect(r.hvp.hvp.y).toBeCloseTo(1 * 1 + 0 * -2, 14);
    expect(r.hvp.check.finiteDifference.maxRelative).toBeLessThan(1e-6);
  });

  it('a variable left out of the direction is 0; an unknown one exits 2', () => {
    const r = JSON.parse(run('grad', 'x*y', '--at', 'x=2,y=3', '--hvp', 'x=1', '--json').out);
    expect(r.hvp.direction).toEqual({ x: 1, y: 0 });
    expect(r.hvp.hvp).toEqual({ x: 0, y: 1 });
    const bad = run('grad', 'x*y', '--at', 'x=2,y=3', '--hvp', 'z=1');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--hvp gives 'z'/);
  });
});
