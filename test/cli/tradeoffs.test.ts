import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { ratioJson } from '../../cli/tradeoffs.ts';
import { ratioSpread } from '../../engine/tradeoffs/timing.ts';

/** Runs the command line in-process and captures what it writes. */
function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('tape-lab tradeoffs', () => {
  it('--json prints the keys issue 15 names, at the defaults T = 40, K = 10, M = 5', () => {
    const { code, out, err } = run('tradeoffs', '--json', '--budget', '2', '--quiet');
    expect(err).toBe('');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(Object.keys(r)).toEqual(['steps', 'window', 'outputs', 'truncation', 'truncationCurve', 'fusion', 'recompute', 'jacobian', 'warnings']);
    expect([r.steps, r.window, r.outputs]).toEqual([40, 10, 5]);
    expect(Object.keys(r.truncation)).toEqual(['gradient', 'relativeError', 'tapeNodes', 'tapeBytes']);
    expect(r.truncation.gradient.a).toHaveLength(40);
    expect(r.truncation.gradient.a.slice(0, 30).every((v: number) => v === 0)).toBe(true);
    expect(r.truncation.tapeNodes).toBe(145);
    expect(r.truncation.tapeBytes).toBe(5800);
    expect(r.truncationCurve).toHaveLength(41);
    expect(r.truncationCurve[0]).toEqual({ window: 0, relativeError: 1 });
    expect(r.truncationCurve[10].relativeError).toBe(r.truncation.relativeError);
    for (const side of ['primitive', 'fused']) expect(Object.keys(r.fusion[side])).toEqual(['nodes', 'bytes', 'microseconds']);
    expect(r.fusion.primitive.nodes).toBe(565);
    expect(r.fusion.fused.nodes).toBe(122);
    expect(r.fusion.maxDifference).toBeLessThan(1e-15);
    expect(r.recompute.saved).toEqual({ bytes: 25728, stepEvaluations: 40 });
    expect(r.recompute.recomputed).toEqual({ bytes: 1080, stepEvaluations: 80 });
    expect(r.recompute.maxDifference).toBe(0);
    expect(r.jacobian.rows.map((row: { state: number }) => row.state)).toEqual([36, 37, 38, 39, 40]);
    expect(r.jacobian.rows[0].a).toHaveLength(40);
    expect(r.jacobian.forward.work).toBe(83);
    expect(r.jacobian.reverse.work).toBe(6);
    for (const side of ['forward', 'reverse']) expect(Object.keys(r.jacobian[side])).toEqual(['work', 'microseconds']);
    expect(r.jacobian.crossover).toBeNull();
    // Over all P + 2 = 82 inputs (x0, c, a0, b0, …), each row holds 82 values.
    expect(r.jacobian.inputs).toHaveLength(82);
    expect(r.jacobian.inputs.slice(0, 4)).toEqual(['x0', 'c', 'a0', 'b0']);
    expect(r.jacobian.rows[0].values).toHaveLength(82);
    // Whether the Jacobian's time curve is thinned depends on how busy the machine is (its time is
    // estimated from one timed call of each mode): a warning may list the points left out, and
    // nothing else may warn. (It did, in a fresh-clone run at load 15.)
    expect(r.warnings.filter((w: string) => !w.startsWith('the Jacobian curve is not timed at '))).toEqual([]);
  });

  it('takes --steps, --window, --outputs and the chain constants', () => {
    const r = JSON.parse(run('tradeoffs', '--steps', '12', '--window', '12', '--outputs', '12', '--c', '-0.5', '--x0', '-1', '--target', '1', '--json', '--budget', '1').out);
    expect([r.steps, r.window, r.outputs]).toEqual([12, 12, 12]);
    expect(r.truncation.relativeError).toBe(0);
    expect(r.jacobian.rows).toHaveLength(12);
    expect(r.jacobian.reverse.work).toBe(13);
    expect(r.jacobian.forward.work).toBe(27);
    const other = JSON.parse(run('tradeoffs', '--steps', '12', '--window', '12', '--outputs', '12', '--json', '--budget', '1').out);
    expect(other.jacobian.rows[0].a).not.toEqual(r.jacobian.rows[0].a);
  });

  it('prints a readable table with one block per lever', () => {
    const { code, out } = run('tradeoffs', '--steps', '10', '--window', '3', '--outputs', '2', '--budget', '1');
    expect(code).toBe(0);
    expect(out).toMatch(/Stopping the gradient at x_7 \(window K = 3\)/);
    expect(out).toMatch(/one fused node a step\s+32/);
    expect(out).toMatch(/recomputed from x_t\s+840 B\s+20/);
    expect(out).toMatch(/Jacobian of the last M = 2 states over the first N = 22 inputs \(x0, c, a0, b0, …, b9\), 2 × 22/);
    expect(out).toMatch(/forward mode starts to win by work: none for M ≤ 10/);
  });

  it('--inputs N --outputs M: the names in order, each row over them, both works and the crossover', () => {
    const r = JSON.parse(run('tradeoffs', '--inputs', '3', '--outputs', '4', '--budget', '1', '--json').out);
    expect(r.jacobian.inputs).toEqual(['x0', 'c', 'a0']);
    expect(r.jacobian.rows).toHaveLength(4);
    for (const row of r.jacobian.rows) {
      expect(row.values).toHaveLength(3);
      // a0's entry is the row's own dx_s/da_0.
      expect(row.values[2]).toBe(row.a[0]);
    }
    expect([r.jacobian.forward.work, r.jacobian.reverse.work, r.jacobian.crossover]).toEqual([4, 5, 4]);
    expect(r.jacobian.measured.map((p: { outputs: number }) => p.outputs)).toEqual(expect.arrayContaining([3, 4]));
    expect(typeof r.jacobian.forwardTimeSpread).toBe('number');
    expect(run('tradeoffs', '--inputs', '83').err).toMatch(/--inputs 83 is more than P \+ 2 = 82; use 1 to 82/);
    expect(run('tradeoffs', '--inputs', '0').code).toBe(2);
  });

  it.each([
    [['--window', '41'], /--window 41 is larger than the 40 steps; use 0 to 40/],
    [['--steps', '5', '--window', '6'], /--window 6 is larger than the 5 steps/],
    [['--outputs', '0'], /--outputs must be a whole number from 1 to the steps \(40\); got '0'/],
    [['--outputs', '41'], /--outputs 41 is larger than the 40 steps; use 1 to 40/],
    [['--window', 'ten'], /--window must be a finite number; got 'ten'/],
    [['--c', 'abc'], /--c must be a finite number/],
    [['--steps', '1001'], /--steps must be a whole number from 1 to 1000/],
    [['--window', '-1'], /--window must be a whole number from 0 to the steps \(40\); got '-1'/],
    [['--frobnicate'], /unknown option --frobnicate/],
  ])('bad values %j exit 2 with one line on stderr', (args, message) => {
    const { code, out, err } = run('tradeoffs', ...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 with one line as a process too', () => {
    const bad = spawnSync('npx', ['tsx', 'cli/tape-lab.ts', 'tradeoffs', '--window', '99'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('tradeoffs --json, a time ratio with no undisturbed round', () => {
  it('prints null times beside noisy: true and rounds: 0, never NaN', () => {
    const none = ratioJson(ratioSpread([]));
    expect(none).toEqual({ median: null, low: null, high: null, rounds: 0, noisy: true });
    const some = ratioSpread([0.5, 0.5, 0.5, 0.5, 0.5]);
    expect(ratioJson(some)).toBe(some);
  });
});
