import { describe, expect, it } from 'vitest';
import { evaluatePlayground } from '../../../engine/index.ts';
import { smallGraphLayout } from '../../../app/lesson/figures/graphLayout.ts';
import { labHashOf } from '../../../app/lesson/labLink.ts';
import { decodeHash } from '../../../app/state/url/hash.ts';
import { decodePlayground } from '../../../app/sections/playground/hash.ts';

describe('the lesson’s pure parts', () => {
  it('lays a small tape out in columns by depth, every edge going right, boxes apart', () => {
    const outcome = evaluatePlayground({ source: 'x*y + sin(x^2) - ln(y)', at: { x: 0.5, y: 4 } });
    if (!outcome.ok) throw new Error(outcome.problem.message);
    const view = outcome.result.tape;
    const g = smallGraphLayout(view, 900, 400, 20);
    expect(g.columns).toBe(5);
    for (let i = 0; i < view.length; i++) {
      for (const p of [view.parent0[i], view.parent1[i]]) if (p >= 0) expect(g.x[p]).toBeLessThan(g.x[i]);
      expect(g.x[i] - g.boxWidth / 2).toBeGreaterThanOrEqual(0);
      expect(g.x[i] + g.boxWidth / 2).toBeLessThanOrEqual(900);
      for (let j = 0; j < i; j++) {
        const apart = Math.abs(g.x[i] - g.x[j]) >= g.boxWidth || Math.abs(g.y[i] - g.y[j]) >= g.boxHeight;
        expect(apart, `nodes ${j} and ${i} overlap`).toBe(true);
      }
    }
  });

  it('opens the lab at the chapter’s state: settings and the expression read back unchanged', () => {
    const hash = labHashOf({ steps: 3 });
    const decoded = decodeHash(hash);
    expect(decoded.notices).toEqual([]);
    expect(decoded.settings.steps).toBe(3);
    // The stride and snapshots are kept within the steps, so the lab takes the link as it is.
    expect(decoded.settings.stride).toBe(3);
    const withExpr = decodeHash(labHashOf({}, { source: 'x*y + sin(x^2) - ln(y)', values: { x: 0.5, y: 4 } }));
    const expression = decodePlayground(withExpr.playground);
    expect(expression.source).toBe('x*y + sin(x^2) - ln(y)');
    expect(expression.values).toEqual({ x: 0.5, y: 4 });
    expect(expression.linked).toBe(true);
  });
});
