import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../engine/settings.ts';
import { DEFAULTS, RANGES } from '../../app/settings/schema.ts';

describe('the app settings', () => {
  it('default to exactly the engine defaults', () => {
    const { steps, eps, stride, schedule, snapshots, c, x0, target } = DEFAULT_SETTINGS;
    expect(DEFAULTS).toEqual({ steps, eps, stride, schedule, snapshots, c, x0, target });
  });

  it('offer the ranges of the issue', () => {
    expect(RANGES).toEqual({
      steps: { min: 2, max: 200 },
      eps: { min: 1e-16, max: 1 },
      c: { min: -1, max: 1.5 },
      x0: { min: -2, max: 2 },
      target: { min: -2, max: 2 },
    });
  });
});
