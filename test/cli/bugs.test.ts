import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { defaultParams } from '../../engine/chain.ts';
import { reverseGradient } from '../../engine/reverse.ts';
import { truncatedGradient } from '../../engine/tradeoffs/truncation.ts';

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('tape-lab bugs', () => {
  const { code, out, err } = run('bugs', '--json');
  const r = JSON.parse(out);
  const byName = Object.fromEntries(r.bugs.map((b: { name: string }) => [b.name, b]));
  const exact = reverseGradient(defaultParams(40));

  it('--json prints `bugs`, each {name, pytorch, fix, correct, buggy}, for the eight bugs', () => {
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(Object.keys(r)).toEqual(['bugs', 'warnings']);
    expect(r.bugs.map((b: { name: string }) => b.name)).toEqual(['zero-grad', 'detach', 'in-place', 'retain-graph', 'overwrite', 'graph-alive', 'free-late', 'float32']);
    for (const b of r.bugs) {
      expect(Object.keys(b)).toEqual(['name', 'pytorch', 'fix', 'correct', 'buggy']);
      for (const side of [b.correct, b.buggy]) {
        expect(Object.keys(side).length).toBeGreaterThan(0);
        for (const key of Object.keys(side)) expect(['gradient', 'error', 'bytes', 'nodes', 'evaluation', 'bestEps']).toContain(key);
        if (side.error !== undefined) expect(side.error).not.toContain('\n');
      }
    }
  });

  it('zero-grad: the buggy gradient is exactly twice the right one, which is the reverse gradient', () => {
    const z = byName['zero-grad'];
    expect(z.correct.gradient.a).toEqual([...exact.a]);
    expect(z.buggy.gradient.a).toEqual([...exact.a].map((g) => 2 * g));
    expect(z.buggy.gradient.b).toEqual([...exact.b].map((g) => 2 * g));
  });

  it('detach: the buggy gradient is the truncated gradient of window T − s', () => {
    const t = truncatedGradient(defaultParams(40), 10);
    const d = byName.detach.buggy.gradient;
    for (let i = 0; i < 40; i++) {
      expect(Math.abs(d.a[i] - t.a[i])).toBeLessThanOrEqual(1e-15);
      expect(Math.abs(d.b[i] - t.b[i])).toBeLessThanOrEqual(1e-15);
    }
  });

  it('in-place and retain-graph: the errors are raised, and the right side is never the refused one', () => {
    const ip = byName['in-place'];
    expect(ip.buggy.error).toMatch(/modified by an inplace operation/);
    expect(ip.correct.error).toBeUndefined();
    expect(ip.buggy.gradient.a).not.toEqual(ip.correct.gradient.a);
    expect(ip.correct.gradient.a).toEqual([...exact.a]);
    const rg = byName['retain-graph'];
    expect(rg.buggy.error).toMatch(/second time/);
    expect(rg.buggy.gradient).toBeUndefined();
    expect(rg.correct.bytes).toBeGreaterThan(0);
  });

  it('the memory bugs: graph-alive keeps 8 nodes a step with backward and every forward\'s saved tensors without; free-late triples the peak', () => {
    const g = byName['graph-alive'];
    expect(g.correct).toEqual({ bytes: 0, nodes: 0, evaluation: { bytes: 0, nodes: 0 } });
    expect(g.buggy).toEqual({ bytes: 0, nodes: 8 * 400 + 4, evaluation: { bytes: 400 * (200 * 18 + 1) * 8, nodes: 8 * 400 + 4 } });
    const f = byName['free-late'];
    expect(f.buggy.bytes / f.correct.bytes).toBeGreaterThan(2.5);
  });

  it('the readable form names each bug with its lines, fix and outcome', () => {
    const text = run('bugs').out;
    for (const name of ['zero-grad', 'detach', 'in-place', 'retain-graph', 'overwrite', 'graph-alive', 'free-late', 'float32']) expect(text).toContain(name);
    expect(text).toContain('optimizer.zero_grad()');
  });

  it('an unknown option exits 2 with one line', () => {
    const bad = run('bugs', '--steps', '3');
    expect(bad.code).toBe(2);
    expect(bad.err.trimEnd().split('\n')).toHaveLength(1);
  });
});
