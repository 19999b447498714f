import { describe, expect, it } from 'vitest';
import { labHashOf } from '../../../app/lesson/labLink.ts';
import { decodeHash } from '../../../app/state/url/hash.ts';
import { decodePlayground } from '../../../app/sections/playground/hash.ts';

describe('the lesson’s pure parts', () => {
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
