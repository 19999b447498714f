import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { adjointsProblem, practiceProblem, type PracticeKind } from '../../engine/index.ts';

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const KEYS: Record<PracticeKind, string[]> = {
  adjoints: ['kind', 'seed', 'level', 'expression', 'at', 'nodes', 'answer'],
  rule: ['kind', 'seed', 'level', 'op', 'variables', 'answer', 'points'],
  bug: ['kind', 'seed', 'level', 'expression', 'at', 'nodes', 'events', 'wrongEvent'],
};

describe('tape-lab practice', () => {
  it.each(['adjoints', 'rule', 'bug'] as const)('--json prints the engine\'s %s problems for seeds N … N+K−1, in the issue\'s shape', (kind) => {
    for (const level of [1, 2, 3, 4] as const) {
      const { code, out, err } = run('practice', '--kind', kind, '--level', String(level), '--seed', '40', '--count', '3', '--json');
      expect([code, err]).toEqual([0, '']);
      const r = JSON.parse(out);
      expect(Object.keys(r)).toEqual(['problems', 'warnings']);
      expect(r.warnings).toEqual([]);
      expect(r.problems).toEqual([40, 41, 42].map((s) => JSON.parse(JSON.stringify(practiceProblem(kind, level, s)))));
      for (const p of r.problems) {
        expect(Object.keys(p)).toEqual(KEYS[kind]);
        expect([p.kind, p.level]).toEqual([kind, level]);
        if (kind !== 'rule') {
          for (const n of p.nodes) expect(Object.keys(n)).toEqual(['id', 'op', 'inputs', 'value', 'partials']);
          expect(p.nodes.at(-1).id).toBe(`v${p.nodes.length - 1}`);
        }
        if (kind === 'adjoints') expect(Object.keys(p.answer)).toEqual(['adjoints', 'gradient']);
        if (kind === 'rule') expect(p.points.length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('defaults to level 1, seed 1, one problem', () => {
    const r = JSON.parse(run('practice', '--kind', 'adjoints', '--json').out);
    expect(r.problems).toEqual([JSON.parse(JSON.stringify(practiceProblem('adjoints', 1, 1)))]);
  });

  it('--sheet prints the problems, then a separate key, every number to four significant digits', () => {
    for (const kind of ['adjoints', 'rule', 'bug'] as const) {
      const { code, out } = run('practice', '--kind', kind, '--level', '2', '--seed', '7', '--count', '2', '--sheet');
      expect(code).toBe(0);
      const [sheet, key] = out.split('<div style="page-break-after: always"></div>');
      expect(sheet).toMatch(/^# Practice: .*, level 2 \(seeds 7–8\)\n/);
      expect(sheet.match(/^## Problem \d \(seed \d\)$/gm)).toEqual(['## Problem 1 (seed 7)', '## Problem 2 (seed 8)']);
      expect(key).toMatch(/^\n\n# Answer key: /);
      expect(key.match(/^## Problem \d/gm)).toHaveLength(2);
      // Numbers outside headings: at most four significant digits.
      const body = out.replace(/^#.*$/gm, '').replace(/\b[vx]\d+\b|\b[uw]\d?\b|#\s*\|/g, '');
      for (const token of body.match(/\d+\.\d+|\d{5,}/g) ?? []) expect(token.replace('.', '').replace(/^0+/, '').length, token).toBeLessThanOrEqual(4);
    }
    const p = adjointsProblem(2, 265);
    const sheet = run('practice', '--kind', 'adjoints', '--level', '2', '--seed', '265', '--sheet').out;
    expect(sheet).toContain('f = `(ln(x/y)^2*x)^2` at x = 2.9, y = 2');
    // ln(1.45) = 0.3716, and its partial 1/1.45 = 0.6897.
    expect(sheet).toContain('| v3 | log | v2 | 0.3716 | ∂v3/∂v2 = 0.6897 |');
    const x0 = Number(p.answer.adjoints.v0.toPrecision(4));
    expect(sheet.split('# Answer key')[1]).toContain(`| v0 | ${x0} |`);
    expect(sheet.split('# Answer key')[0]).not.toContain(String(x0));
  });

  it('prints a readable problem and key by default', () => {
    const { code, out } = run('practice', '--kind', 'rule', '--level', '1', '--seed', '3');
    expect(code).toBe(0);
    expect(out).toMatch(/^rule, level 1, seed 3\n\nWrite ∂f\/∂u for f\(u\) = `sin\(u\)`/);
    expect(out).toContain('Key:\n\n∂f/∂u = `cos(u)`');
  });

  it('--help lists the options', () => {
    const { code, out } = run('practice', '--help');
    expect(code).toBe(0);
    for (const flag of ['--kind adjoints|rule|bug', '--level', '--seed', '--count', '--sheet', '--json']) expect(out).toContain(flag);
    expect(run('help').out).toContain('tape-lab practice');
  });

  it.each([
    [['--level', '2'], 'give --kind adjoints|rule|bug'],
    [['--kind', 'grad'], "--kind must be adjoints, rule, bug; got 'grad'"],
    [['--kind', 'rule', '--level', '5'], "--level must be a whole number from 1 to 4; got '5'"],
    [['--kind', 'rule', '--seed', '-1'], "--seed must be a whole number from 0 to 4294967295; got '-1'"],
    [['--kind', 'rule', '--seed', '1.5'], "--seed must be a whole number from 0 to 4294967295; got '1.5'"],
    [['--kind', 'rule', '--count', '0'], "--count must be a whole number from 1 to 100; got '0'"],
    [['--kind', 'bug', '--sheet', '--json'], 'choose one of --sheet and --json'],
    [['--kind', 'bug', '--seed', '4294967295', '--count', '2'], '--seed plus --count runs past the last seed, 4294967295'],
    [['--kind', 'bug', '--colour'], "unknown option --colour for 'practice' (see 'tape-lab help')"],
  ])('bad input %j exits 2 with one line of at most 80 characters', (args, message) => {
    const { code, out, err } = run('practice', ...args);
    expect([code, out]).toEqual([2, '']);
    expect(err).toBe(`tape-lab practice: ${message}\n`);
    expect(err.trimEnd().length).toBeLessThanOrEqual(80);
  });
});

describe('tape-lab practice --program', () => {
  it('poses a program as an adjoints problem, with its key', async () => {
    const { practiceCommand } = await import('../../cli/practice.ts');
    const text = practiceCommand(['--program', 'c = a + b\nd = b + 1\ne = c * d', '--at', 'a=2,b=1']);
    expect(text).toMatch(/^adjoints, your program/);
    expect(text).toMatch(/Gradient: ∂f\/∂a = 2, ∂f\/∂b = 5/);
    const json = JSON.parse(practiceCommand(['--program', 'a = Value(2.0)\nb = Value(1.0)\ne = (a + b) * (b + 1)', '--json'])) as { problems: { program: boolean; answer: { gradient: Record<string, number> } }[] };
    expect(json.problems[0]).toMatchObject({ program: true, answer: { gradient: { a: 2, b: 5 } } });
  });

  it("poses micrograd's test_sanity_check, whose z*z reads z twice: both reads' partials shown, ∂y/∂x = 46", async () => {
    const { practiceCommand } = await import('../../cli/practice.ts');
    const text = practiceCommand(['--program', 'x = Value(-4.0); z = 2*x + 2 + x; q = z.relu() + z*x; h = (z*z).relu(); y = h + q + q*x']);
    expect(text).toContain('| v7 | mul | v3, v3 | 100 | ∂v7/∂v3 = -10 and -10, one per read |');
    expect(text).toMatch(/\| v3 \| -8 \|/);
    expect(text).toMatch(/Gradient: ∂f\/∂x = 46$/m);
  });

  it('refuses what does not apply, in one line', async () => {
    const { practiceCommand } = await import('../../cli/practice.ts');
    expect(() => practiceCommand(['--program', 'x*y', '--seed', '3', '--at', 'x=1,y=2'])).toThrow(/--seed does not apply to --program/);
    expect(() => practiceCommand(['--kind', 'adjoints', '--at', 'x=2'])).toThrow(/--at gives the values of a --program/);
  });
});
