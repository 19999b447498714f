import { describe, expect, it } from 'vitest';
import { BUG_NAMES, bugsReport, defaultParams, DEFAULT_C, DEFAULT_TARGET, DEFAULT_X0, IN_PLACE_FACTOR } from '../../engine/index.ts';
import { gradExpression } from '../../engine/expr/grad.ts';
import { bugsJson } from '../../cli/bugs.ts';
import { bugScript, TRAINING_DEFAULTS } from '../../cli/torch-scripts/index.ts';
import { main } from '../../cli/main.ts';

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

// The scripts' text against the tape's numbers, without PyTorch (CI has none). Running them in
// PyTorch and comparing their output with `bugs --json` is scripts/check-torch-scripts.mjs.
const report = bugsReport(defaultParams(40));
const json = bugsJson(report) as { bugs: { name: string; correct: Record<string, unknown>; buggy: Record<string, unknown> }[] };
const scripts = Object.fromEntries(BUG_NAMES.map((name) => [name, bugScript(name, report)]));

/** `NAME = value` at the start of a line, as a number. */
function constant(text: string, name: string): number {
  const m = new RegExp(`^${name} = ([^#\\n]+)`, 'm').exec(text);
  if (!m) throw new Error(`no ${name} = … in the script`);
  return Number(m[1].trim());
}

/** The code without docstrings, string literals and comments: what a semicolon would separate. */
function codeOnly(text: string): string {
  return text
    .replace(/"""[\s\S]*?"""/g, '')
    .replace(/f?"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/#.*$/gm, '');
}

describe('bugs --script NAME: a PyTorch script for each bug', () => {
  it('prints the script for each of the eight bugs, and refuses an unknown name with one line', () => {
    for (const name of BUG_NAMES) {
      const r = run('bugs', '--script', name);
      expect(r.code).toBe(0);
      expect(r.out.trim()).toBe(scripts[name].trim());
    }
    const bad = run('bugs', '--script', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toContain('zero-grad, detach, in-place');
  });

  for (const name of BUG_NAMES) {
    it(`${name}: readable Python without semicolons, importing torch, ending with the JSON of both blocks`, () => {
      const text = scripts[name];
      expect(codeOnly(text)).not.toContain(';');
      expect(text).toMatch(/^import torch$/m);
      expect(text).toContain('PyTorch 1.13');
      for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
      expect(text.trimEnd().split('\n').at(-1)).toBe('print(json.dumps({"correct": correct, "buggy": buggy}))');
      // Every key of the bug's blocks in bugs --json is a key the script writes.
      const bug = json.bugs.find((b) => b.name === name)!;
      for (const side of [bug.correct, bug.buggy]) {
        for (const key of Object.keys(side)) expect(text).toContain(`"${key}"`);
        const evaluation = side.evaluation as Record<string, unknown> | undefined;
        if (evaluation) for (const key of Object.keys(evaluation)) expect(text).toContain(`"${key}"`);
      }
    });
  }

  it('the chain scripts build the lab’s chain: its T, c, x₀, y and the documented a_t, b_t', () => {
    for (const name of BUG_NAMES.filter((n) => n !== 'graph-alive')) {
      const text = scripts[name];
      expect(constant(text, 'T')).toBe(report.steps);
      expect(constant(text, 'C')).toBe(DEFAULT_C);
      expect(constant(text, 'X0')).toBe(DEFAULT_X0);
      expect(constant(text, 'TARGET')).toBe(DEFAULT_TARGET);
      const params = defaultParams(report.steps);
      for (const [which, pattern] of [
        ['a', /^ {4}a = \[torch\.tensor\((.+), dtype=dtype\) for t in range\(T\)\]$/m],
        ['b', /^ {4}b = \[torch\.tensor\((.+), dtype=dtype\) for t in range\(T\)\]$/m],
      ] as const) {
        const formula = pattern.exec(text)![1].replace(/math\./g, '');
        for (let t = 0; t < report.steps; t++) expect(gradExpression(formula, { t }).value).toBe(params[which][t]);
      }
      // The step: the lab's twelve ops in the lab's order (engine/chain.ts stepMap).
      expect(text).toContain(
        [
          '    squash = torch.tanh(a * x + b)',
          '    rational = (c * x) / (torch.square(x) + 1)',
          '    wobble = torch.sin(x * (0.11 * (t + 1))) * 0.025',
          '    return squash + rational + wobble',
        ].join('\n'),
      );
    }
  });

  it('each script acts where the lab’s bug acts: the detach step, the state changed in place and its factor, the steps of training, the h of each precision', () => {
    expect(constant(scripts.detach, 'DETACH_AT')).toBe(report.detachStep);
    expect(constant(scripts['in-place'], 'S')).toBe(report.inPlaceStep);
    expect(constant(scripts['in-place'], 'FACTOR')).toBe(IN_PLACE_FACTOR);
    expect(scripts['in-place']).toMatch(/^xs\[S\]\.mul_\(FACTOR\)$/m);
    expect(constant(scripts['graph-alive'], 'STEPS')).toBe(report.trainingSteps);
    expect(constant(scripts['graph-alive'], 'HIDDEN')).toBe(TRAINING_DEFAULTS.hidden);
    expect(constant(scripts['graph-alive'], 'POINTS')).toBe(TRAINING_DEFAULTS.points);
    expect(constant(scripts['graph-alive'], 'LEARNING_RATE')).toBe(TRAINING_DEFAULTS.learningRate);
    const f32 = report.bugs.find((b) => b.name === 'float32')!;
    expect(constant(scripts.float32, 'H64')).toBe(f32.correct.bestEps);
    expect(constant(scripts.float32, 'H32')).toBe(f32.buggy.bestEps);
  });
});
