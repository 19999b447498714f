import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { progressTo } from '../../cli/progress.ts';

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('progress lines and --quiet', () => {
  it('prints nothing in the first second, then at most one line a second', () => {
    let t = 0;
    const lines: string[] = [];
    const p = progressTo('run', (text) => lines.push(text), { now: () => t });
    p.note('reverse mode…');
    t = 999;
    p.note('forward mode…');
    t = 1000;
    p.note('central differences…');
    t = 1500;
    p.note('the sweep, 10% done');
    t = 2000;
    p.note('the sweep, 20% done');
    expect(lines).toEqual(['tape-lab run: central differences…\n', 'tape-lab run: the sweep, 20% done\n']);
  });

  it('every long-running command takes --quiet and lists it in its help', () => {
    for (const command of ['run', 'audit', 'bench', 'tradeoffs']) {
      expect(run(command, '--help').out).toMatch(/--quiet/);
    }
    const r = run('run', '--steps', '3', '--quiet', '--json');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });
});

describe('tradeoffs --budget', () => {
  it('has a documented maximum of 200 ms', () => {
    expect(run('tradeoffs', '--help').out).toMatch(/0 to 200/);
    const r = run('tradeoffs', '--budget', '201');
    expect(r.code).toBe(2);
    expect(r.err).toBe("tape-lab tradeoffs: --budget takes 0 to 200 (ms); got '201'\n");
  });

  it.each([
    ['a 155-digit number', '9'.repeat(155)],
    ['a long word with a bidi override and a newline', `\u202e${'x'.repeat(150)}\nmore`],
    ['a negative number', '-5'],
    ['not a number', 'fast'],
  ])('refuses %s in one line of at most 80 characters', (_name, value) => {
    const r = run('tradeoffs', `--budget=${value}`);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    const lines = r.err.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(Array.from(lines[0]).length).toBeLessThanOrEqual(80);
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u202e]/);
  });
});
