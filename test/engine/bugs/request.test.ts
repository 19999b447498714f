import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../engine/chain.ts';
import { bugsRequestParams, chainBugFigures } from '../../../engine/bugs/index.ts';
import { gradientDifference } from '../../../engine/second-order/index.ts';
import { truncatedGradient } from '../../../engine/tradeoffs/truncation.ts';

describe('what the bugs section asks its worker for', () => {
  it('refuses a chain it cannot run, in one sentence', () => {
    expect(bugsRequestParams({ steps: 1, c: 0.35, x0: 0.4, target: 0.25 })).toEqual({ problem: 'steps must be a whole number from 2 to 1000 here; got 1' });
    expect('params' in bugsRequestParams({ steps: 40, c: 0.35, x0: 0.4, target: 0.25 })).toBe(true);
  });

  it('the detach step is clamped to the chain, and its gradient is the truncated one of window T − s', () => {
    const p = defaultParams(20);
    const f = chainBugFigures(p, { detachStep: 99, direction: 'ones' });
    expect(f.detachStep).toBe(20);
    const g = chainBugFigures(p, { detachStep: 12, direction: 'ones' });
    const detach = g.bugs.find((b) => b.name === 'detach')!;
    expect([...detach.buggy.gradient!.a]).toEqual([...truncatedGradient(p, 8).a]);
  });

  it('the H·v panel: the product agrees with central differences of the gradient along v', () => {
    const p = defaultParams(30);
    const f = chainBugFigures(p, { detachStep: 20, direction: 'random' });
    expect(f.hvp.maxRelative).toBeLessThan(1e-6);
    const fd = gradientDifference(p, f.hvp.direction, 1e-6);
    for (let t = 0; t < 30; t++) expect(Math.abs(fd.b[t] - f.hvp.hvp.b[t])).toBeLessThan(1e-7 * Math.max(1, Math.abs(f.hvp.hvp.b[t])));
    // One recording and one sweep, each on a value and one tangent: 4 passes.
    expect(f.hvp.workUnits).toBe(4);
    expect(f.hvp.gradientWorkUnits).toBe(2);
  });
});
