import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { affordableRun, reportJson } from '../../cli/run-command.ts';
import { printJson } from '../../cli/print-json.ts';
import { SILENT } from '../../cli/progress.ts';
import { DEFAULT_SETTINGS } from '../../engine/index.ts';

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
    // Checkpointed: 40 records, 36 advances (every step outside the last segment of 4), 40 reverses.
    expect(r.work).toEqual({ reverse: 2, forward: 81, finiteDifference: 161, checkpointed: (40 + 36 + 40) / 40 });
    // Cost: the counted passes beside a measured time (its value is the machine's, not asserted).
    expect(r.cost.reverse).toMatchObject({ passes: 2, growth: 'constant' });
    expect(r.cost.forward).toMatchObject({ passes: 81, growth: 'P' });
    expect(r.cost.finiteDifference).toMatchObject({ passes: 161, growth: 'P' });
    for (const m of ['reverse', 'forward', 'finiteDifference', 'checkpointed']) {
      // Whether it is too noisy to tell is said; a figure that is not has its middle half around it.
      expect(typeof r.cost[m].noisy).toBe('boolean');
      if (!r.cost[m].noisy) {
        expect(typeof r.cost[m].runsOfTime).toBe('number');
        expect(r.cost[m].runsOfTimeSpread[0]).toBeLessThanOrEqual(r.cost[m].runsOfTime);
        expect(r.cost[m].runsOfTimeSpread[1]).toBeGreaterThanOrEqual(r.cost[m].runsOfTime);
      }
    }
    expect(r.skipped).toEqual({});
    expect(r.errors.forwardVsReverseMax).toBeLessThan(1e-12);
    expect(r.errors.checkpointedVsReverseMax).toBe(0);
    expect(r.sweep.length).toBeGreaterThanOrEqual(34);
    expect(r.sweep[0]).toHaveProperty('eps');
    expect(r.sweep[0]).toHaveProperty('rms');
    const best = r.sweep.findIndex((p: { eps: number }) => p.eps === r.bestEps);
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(r.sweep.length - 1);
    expect(r.sweep[best].rms).toBeLessThan(1e-9);
    expect(r.checkpoint).toMatchObject({ schedule: 'periodic', stride: 4, snapshots: null, fullTapeStates: 41, storedStates: 14, recomputedSteps: 36 });
    // 9 stored starts, 4 tapes of the last segment (one with the loss), x_40.
    expect(r.checkpoint).toMatchObject({ peakBytes: 9 * 8 + 3 * 640 + 760 + 8, fullTapeBytes: 640 * 40 + 128, stateBytes: 8, stepBytes: 640 });
    expect(r.warnings).toEqual([]);
  });

  it('a long run leaves out the same parts every time, by counted work: each is null, and `skipped` says why and what it would take', () => {
    const settings = { ...DEFAULT_SETTINGS, steps: 6000, include: { forward: false, tangents: false, workCurve: false } };
    const once = () => JSON.parse(printJson(reportJson(affordableRun(settings, SILENT))));
    const r = once();
    // Central differences pass their limit (5,000 steps), and the sweep with them; forward mode the caller left out.
    expect(r.gradient.finiteDifference).toBeNull();
    expect(r.gradient.forward).toBeNull();
    expect(r.gradient.reverse.a).toHaveLength(6000);
    expect(r.work.finiteDifference).toBeNull();
    expect(r.errors).toMatchObject({ finiteDifferenceRms: null, finiteDifferenceMaxRelative: null, forwardVsReverseMax: null });
    expect(r.skipped.finiteDifference).toEqual({ reason: 'not run above 5,000 steps', limit: 5000, passes: 4 * 6000 + 1, countedAt: [16, 32] });
    expect(r.skipped.sweep).toMatchObject({ reason: 'not run above 1,000 steps', limit: 1000, passes: 72 * 6001 });
    expect(r.skipped.frontier).toMatchObject({ reason: 'not run above 1,000 steps', limit: 1000, count: 12_000 });
    expect(r.skipped.forward).toBeUndefined();
    // No array of nulls is reported for a part that was left out.
    expect(r.warnings.filter((w: string) => /finiteDifference|forward/.test(w) && /null/.test(w))).toEqual([]);
    expect(r.cost.finiteDifference.passes).toBeNull();
    expect(r.warnings).toContain('central differences are not run above 5,000 steps: they would take ≈ 24,001 passes (work counted at 16 and 32 steps)');
    // The same parts the next time, whatever the machine is doing.
    expect(once().skipped).toEqual(r.skipped);
  });

  it('a checkpointed sweep past its counted limit is null with its reason, its counts a dry run\'s', () => {
    const settings = { ...DEFAULT_SETTINGS, steps: 100_000, schedule: 'revolve' as const, snapshots: 1, include: { tangents: false, workCurve: false } };
    const r = JSON.parse(printJson(reportJson(affordableRun(settings, SILENT))));
    expect(r.gradient.checkpointed).toBeNull();
    expect(r.checkpoint.gradient).toBeNull();
    expect(r.errors.checkpointedVsReverseMax).toBeNull();
    expect(r.skipped.checkpointed).toMatchObject({ limit: 5_000_000, count: 5_000_050_000 });
    expect(r.skipped.checkpointed.reason).toMatch(/^not run above 5,000,000 step evaluations/);
    expect(Object.keys(r.skipped).sort()).toEqual(['checkpointed', 'finiteDifference', 'forward', 'frontier', 'sweep']);
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
    // The periodic schedule stores segment starts (not taped first steps).
    expect(r.actions.slice(0, 2)).toEqual([{ kind: 'store', step: 0 }, { kind: 'advance', step: 0, to: 3 }]);
  });

  it('schedule --json at T = 36, stride 1: 37 items and 1,048 bytes, far below the full tape\'s 23,168', () => {
    const one = JSON.parse(run('schedule', '--steps', '36', '--stride', '1', '--json').out);
    // 35 stored floats, step 35's 760-byte tape, the working x_36.
    expect(one).toMatchObject({ peakStates: 37, peakBytes: 35 * 8 + 760 + 8, fullTapeBytes: 36 * 640 + 128 });
    const full = JSON.parse(run('schedule', '--steps', '36', '--stride', '36', '--json').out);
    expect(full).toMatchObject({ peakStates: 37, peakBytes: 23_168, advances: 0 });
    const revolve = JSON.parse(run('schedule', '--steps', '36', '--schedule', 'revolve', '--snapshots', '4', '--json').out);
    expect(revolve).toMatchObject({ peakStates: 6, peakBytes: 5 * 8 + 760 });
    // A wide state: 12 items of 640 bytes and the loss's 120 at stride 6.
    const wide = JSON.parse(run('schedule', '--steps', '36', '--stride', '6', '--state', 'wide', '--json').out);
    expect(wide).toMatchObject({ state: 'wide', stateBytes: 640, peakStates: 12, peakBytes: 12 * 640 + 120 });
    expect(run('schedule', '--state', 'huge').code).toBe(2);
  });

  it('run prints a readable summary with the work units', () => {
    const { code, out } = run('run');
    expect(code).toBe(0);
    expect(out).toMatch(/reverse mode \(tape\)\s+2/);
    expect(out).toMatch(/forward mode \(dual numbers\)\s+81/);
    expect(out).toMatch(/central differences\s+161/);
    expect(out).toMatch(/41 items with every step recorded → 14 held at most \(9 stored states, 4 recorded steps and the working state\); peak memory 2\.7 KiB against 25\.1 KiB with every step recorded \(the tape of the whole chain, which shares x_t and c between steps: 565 nodes, 22\.1 KiB\)/);
    expect(out).toMatch(/reverse mode: 2 passes, (≈ [\d.]+ runs of time \(middle half [\d.]+–[\d.]+\)|time too noisy to tell on this machine just now), the same at every T/);
    expect(out).toMatch(/forward mode: 81 passes \(P \+ 1\), (≈ [\d.]+ runs of time \(middle half [\d.]+–[\d.]+\)|time too noisy to tell on this machine just now), growing with P/);
    expect(out).toMatch(/Least memory of a periodic stride: by held items stride 5 \(13 items\); by bytes stride 1 \(1\.1 KiB\)/);
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

describe('bad input found by probing (issue 16): exit 2, one line, the value quoted short and escaped', () => {
  /** Exits 2 with one line on stderr matching `message`, and nothing on stdout. */
  function refuses(argv: string[], message: RegExp): string {
    const { code, out, err } = run(...argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.endsWith('\n')).toBe(true);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(message);
    return err;
  }

  it('a --params path that is not a regular file: /dev/zero, a directory', () => {
    refuses(['run', '--params', '/dev/zero'], /--params file '\/dev\/zero': it is not a regular file/);
    refuses(['run', '--params', dir], /it is a directory/);
  });

  it('a --params path that is a named pipe is refused without waiting for a writer', async () => {
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    // Opening a pipe to read waits until something opens it to write, and this test runs the
    // command in this thread. A helper thread stands by: if the command is still stuck on the
    // pipe after 20 s, the helper opens it to write (which frees the command) and says so.
    const shared = new SharedArrayBuffer(8);
    const flags = new Int32Array(shared);
    const helper = new Worker(
      `const { workerData } = require('node:worker_threads');
       const fs = require('node:fs');
       const flags = new Int32Array(workerData.shared);
       if (Atomics.wait(flags, 0, 0, 20000) === 'timed-out') {
         try {
           fs.closeSync(fs.openSync(workerData.fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
           Atomics.store(flags, 1, 1);
         } catch {}
       }`,
      { eval: true, workerData: { shared, fifo } },
    );
    const online = new Promise((resolve) => helper.once('online', resolve));
    const exited = new Promise((resolve) => helper.once('exit', resolve));
    await online;
    try {
      refuses(['run', '--params', fifo], /--params file '.*pipe\.json': it is not a regular file/);
    } finally {
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      await exited;
    }
    expect(Atomics.load(flags, 1), 'the command waited on the pipe until the helper opened it to write').toBe(0);
  });

  it('a --params file over 8 MiB is refused before it is parsed', () => {
    const big = file('big.json', `{"a": [${'1,'.repeat(4_300_000)}1], "b": [1]}`);
    refuses(['run', '--params', big], /more than the 8388608 \(8 MiB\) allowed/);
  });

  it('JSON nested 100,000 deep', () => {
    const deep = file('deep.json', `{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "b": [1]}`);
    refuses(['run', '--params', deep], /nests arrays or objects more than 64 deep/);
  });

  it('a --params file that starts with a byte-order mark is read', () => {
    const path = file('bom.json', `\uFEFF${JSON.stringify({ a: [0.5, 0.7], b: [0.1, 0.2] })}`);
    const { code, out } = run('run', '--params', path, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).steps).toBe(2);
  });

  it('an option value with a newline or a NUL gives one line, the value escaped', () => {
    const err = refuses(['run', '--eps', '1\n2'], /--eps must be a finite number; got '1\\u\{a\}2'/);
    expect(err).not.toContain('\0');
    refuses(['run', '--schedule', 'a\u0000b\u202e'], /got 'a\\u\{0\}b\\u\{202e\}'/);
  });

  it('a long value is quoted at most 80 characters', () => {
    const err = refuses(['run', '--schedule', 'x'.repeat(5000)], /got 'x{80}…'$/m);
    expect(err.length).toBeLessThan(200);
  });

  it('schedule --schedule and --state and grad --eps quote a long value at most 80 characters, as every option does', () => {
    const long = 'x'.repeat(2000);
    for (const argv of [['schedule', '--schedule', long], ['schedule', '--state', long]]) {
      const err = refuses(argv, /got 'x{80}…'$/m);
      expect(err.length).toBeLessThan(200);
    }
    const err = refuses(['grad', 'x', '--at', 'x=1', '--eps', `0.${'0'.repeat(2000)}`], /--eps must be a positive number; got '0\.0{78}…'$/m);
    expect(err.length).toBeLessThan(200);
  });

  it('hvp and tradeoffs refuse c, x₀ and y outside the ranges run refuses, by the same settings rows', () => {
    refuses(['hvp', '--c', '1e308'], /^tape-lab hvp: --c must be from -1 to 1\.5; got '1e308'$/m);
    refuses(['hvp', '--target', '-3'], /--target must be from -2 to 2; got '-3'/);
    refuses(['tradeoffs', '--c', '1e308', '--x0', '1e308', '--quiet'], /^tape-lab tradeoffs: --c must be from -1 to 1\.5; got '1e308'$/m);
    refuses(['tradeoffs', '--x0', '1e308', '--quiet'], /--x0 must be from -2 to 2; got '1e308'/);
  });

  it('a stray positional argument', () => {
    refuses(['run', '--steps', '5', 'stray'], /unexpected argument 'stray' for 'run'/);
    refuses(['schedule', '--steps', '5', 'extra'], /unexpected argument 'extra' for 'schedule'/);
  });

  it('c, x₀ and y outside the app’s ranges; steps and epsilon keep the engine’s range docs/cli.md promises', () => {
    refuses(['run', '--c', '1e308'], /--c must be from -1 to 1\.5; got '1e308'/);
    refuses(['run', '--x0', '-3'], /--x0 must be from -2 to 2/);
    refuses(['run', '--target', '2.5'], /--target must be from -2 to 2/);
    refuses(['run', '--params', file('c.json', JSON.stringify({ a: [1], b: [1], c: 1e308 }))], /c must be from -1 to 1\.5; got 1e\+308/);
    expect(run('run', '--steps', '1', '--eps', '1e-300', '--json').code).toBe(0);
  });

  it('hexadecimal, octal and binary numbers are refused, as the app refuses them', () => {
    refuses(['run', '--steps', '0x10'], /--steps must be a decimal number \(hexadecimal, octal and binary are not read\); got '0x10'/);
    refuses(['run', '--stride', '0o7'], /--stride must be a decimal number/);
    refuses(['run', '--c', '0b1'], /--c must be a decimal number/);
    refuses(['grad', 'x', '--at', 'x=0x10'], /--at: the value of 'x' must be a finite number or constant arithmetic such as pi\/2; got '0x10'/);
  });

  it('an expression that starts with - goes after --, and grad --x says so', () => {
    refuses(['grad', '--x'], /unknown option --x for 'grad'; an expression that starts with '-' goes after '--'/);
    const { code, out } = run('grad', '--at', 'x=2', '--json', '--', '-x*x');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ value: -4, gradient: { x: -4 } });
  });
});

describe('run --help comes from the settings table', () => {
  it('lists every setting’s flag with its range and default', () => {
    const { out } = run('run', '--help');
    expect(out).toMatch(/--steps N\s+chain steps T \(P = 2T parameters\); 1 … 100000 \(default 40\)/);
    expect(out).toMatch(/--eps H\s+.*above 0 up to 1 \(default 1e-5\)/);
    expect(out).toMatch(/--c C\s+.*-1 … 1\.5 \(default 0\.35\)/);
  });
});
