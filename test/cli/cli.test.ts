import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

/** Runs the command line in-process and captures what it writes. */
function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'tape-lab-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('tape-lab run --json', () => {
  it('prints the documented keys, with the figures of the defaults', () => {
    const { code, out } = run('run', '--json');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    for (const key of ['steps', 'params', 'loss', 'gradient', 'work', 'errors', 'eps', 'sweep', 'bestEps', 'checkpoint', 'warnings']) {
      expect(r).toHaveProperty(key);
    }
    expect(r.steps).toBe(40);
    expect(Object.keys(r.params).sort()).toEqual(['a', 'b', 'c', 'target', 'x0']);
    expect(r.params.a).toHaveLength(40);
    for (const m of ['reverse', 'forward', 'finiteDifference', 'checkpointed']) {
      expect(r.gradient[m].a).toHaveLength(40);
      expect(r.gradient[m].b).toHaveLength(40);
    }
    expect(r.work).toEqual({ reverse: 2, forward: 81, finiteDifference: 161, checkpointed: 2.75 });
    expect(r.errors.forwardVsReverseMax).toBeLessThan(1e-12);
    expect(r.errors.checkpointedVsReverseMax).toBe(0);
    expect(r.sweep.length).toBeGreaterThanOrEqual(34);
    expect(r.sweep[0]).toHaveProperty('eps');
    expect(r.sweep[0]).toHaveProperty('rms');
    const best = r.sweep.findIndex((p: { eps: number }) => p.eps === r.bestEps);
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(r.sweep.length - 1);
    expect(r.sweep[best].rms).toBeLessThan(1e-9);
    expect(r.checkpoint).toMatchObject({ schedule: 'periodic', stride: 4, snapshots: null, fullTapeStates: 41, storedStates: 14, recomputedSteps: 30 });
    expect(r.warnings).toEqual([]);
  });

  it('takes a --params file and sets the steps from it', () => {
    const path = file('ok.json', JSON.stringify({ a: [0.5, 0.7, 0.9], b: [0.1, -0.2, 0], c: 0.2, x0: 0.1, target: 0.3 }));
    const r = JSON.parse(run('run', '--params', path, '--json').out);
    expect(r.steps).toBe(3);
    expect(r.params).toEqual({ a: [0.5, 0.7, 0.9], b: [0.1, -0.2, 0], c: 0.2, x0: 0.1, target: 0.3 });
  });

  it('runs the binomial schedule', () => {
    const r = JSON.parse(run('run', '--steps', '10', '--schedule', 'revolve', '--snapshots', '3', '--json').out);
    expect(r.checkpoint).toMatchObject({ schedule: 'revolve', snapshots: 3, advances: 15 });
  });
});

describe('bad input exits 2 with one clear line', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown flag', ['run', '--bogus'], /unknown option --bogus/],
    ['an unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
    ['a non-numeric value', ['run', '--steps', 'forty'], /--steps must be a finite number/],
    ['a missing value', ['run', '--steps'], /--steps needs a value/],
    ['steps out of range', ['run', '--steps', '0'], /--steps must be a whole number from 1/],
    ['too many steps', ['run', '--steps', '1000001'], /--steps must be a whole number from 1/],
    ['fractional steps', ['run', '--steps', '2.5'], /whole number/],
    ['epsilon of 0', ['run', '--eps', '0'], /--eps must be positive/],
    ['negative epsilon', ['run', '--eps', '-1e-5'], /--eps must be positive/],
    ['infinite epsilon', ['run', '--eps', 'Infinity'], /--eps must be a finite number/],
    ['NaN epsilon', ['run', '--eps', 'NaN'], /--eps must be a finite number/],
    ['epsilon above 1', ['run', '--eps', '2'], /at most 1/],
    ['stride above the steps', ['run', '--steps', '3', '--stride', '9'], /--stride 9 is larger than the 3 steps/],
    ['stride 0', ['run', '--stride', '0'], /stride must be a whole number/],
    ['an unknown schedule', ['run', '--schedule', 'sometimes'], /--schedule must be periodic or revolve/],
    ['zero snapshots', ['run', '--schedule', 'revolve', '--snapshots', '0'], /snapshots must be a whole number/],
    ['a missing --params file', ['run', '--params', '/no/such/file.json'], /cannot read --params file .*no such file/],
    ['schedule: stride above the steps', ['schedule', '--steps', '5', '--stride', '6'], /at most the number of steps/],
    ['schedule: zero snapshots', ['schedule', '--steps', '5', '--schedule', 'revolve', '--snapshots', '0'], /at least 1/],
    ['schedule: stride 0', ['schedule', '--steps', '5', '--stride', '0'], /at least 1/],
  ];
  for (const [what, argv, message] of cases) {
    it(what, () => {
      const { code, out, err } = run(...argv);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err).toMatch(message);
      expect(err).not.toMatch(/\bat .*\.ts:\d+/);
    });
  }

  const files: Array<[string, string, RegExp]> = [
    ['malformed JSON', '{"a": [1, 2', /is not valid JSON/],
    ['not an object', '[1, 2, 3]', /must hold an object/],
    ['arrays of different lengths', '{"a": [1, 2], "b": [1]}', /a has 2 entries but b has 1/],
    ['a non-finite number', '{"a": [1, 1e999], "b": [1, 2]}', /a\[1\] is Infinity/],
    ['a string among the numbers', '{"a": [1, "2"], "b": [1, 2]}', /a\[1\] is "2"/],
    ['a missing array', '{"a": [1, 2]}', /'b' must be an array of numbers/],
    ['empty arrays', '{"a": [], "b": []}', /1 to \d+ steps/],
    ['a non-finite scalar', '{"a": [1], "b": [1], "c": "big"}', /c must be a finite number/],
    ['an unknown key', '{"a": [1], "b": [1], "d": 3}', /unknown key 'd'/],
  ];
  for (const [what, text, message] of files) {
    it(`a --params file with ${what}`, () => {
      const { code, err } = run('run', '--params', file(`${what.replace(/\W+/g, '-')}.json`, text));
      expect(code).toBe(2);
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err).toMatch(message);
    });
  }
});

describe('the other commands', () => {
  it('schedule --json prints the documented keys', () => {
    const r = JSON.parse(run('schedule', '--steps', '10', '--stride', '3', '--json').out);
    expect(r).toMatchObject({ schedule: 'periodic', steps: 10, stride: 3 });
    for (const key of ['actions', 'peakStates', 'advances', 'stepEvaluations', 'recomputedSteps']) expect(r).toHaveProperty(key);
    expect(r.actions[0]).toEqual({ kind: 'record', step: 0 });
  });

  it('run prints a readable summary with the work units', () => {
    const { code, out } = run('run');
    expect(code).toBe(0);
    expect(out).toMatch(/reverse mode \(tape\)\s+2/);
    expect(out).toMatch(/forward mode \(dual numbers\)\s+81/);
    expect(out).toMatch(/central differences\s+161/);
    expect(out).toMatch(/41 states on the full tape → 14 held at most/);
  });

  it('help lists every command', () => {
    const { code, out } = run('help');
    expect(code).toBe(0);
    for (const c of ['run', 'audit', 'bench', 'schedule']) expect(out).toContain(`tape-lab ${c}`);
  });
});

describe('the real process', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  it('exits 2 on bad input with one line on stderr and nothing on stdout', () => {
    const r = spawnSync(tsx, ['cli/tape-lab.ts', 'run', '--eps', '0'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe("tape-lab run: --eps must be positive; got '0'");
  });

  it('npx tape-lab runs the same command line', () => {
    const out = execFileSync(join(process.cwd(), 'cli', 'bin.mjs'), ['schedule', '--steps', '4', '--stride', '2', '--json'], { encoding: 'utf8' });
    expect(JSON.parse(out).peakStates).toBeGreaterThan(0);
  });
});
