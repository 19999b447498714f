import { describe, expect, it } from 'vitest';
import { announcement } from '../../app/shell/Announcer.tsx';
import { labReport } from './fixture.ts';

describe('the settled announcement', () => {
  it('reads the numerical notes once the figures rest, after the key figures', () => {
    const long = labReport({ steps: 200, c: -0.03 });
    expect(long.warnings.length).toBeGreaterThan(0);
    const text = announcement(long);
    expect(text).toMatch(/^T = 200, P = 400\./);
    expect(text.endsWith(`Numerical notes: ${long.warnings.join('; ')}.`)).toBe(true);
  });

  it('says nothing of notes when there are none', () => {
    const report = labReport();
    expect(report.warnings).toEqual([]);
    expect(announcement(report)).not.toMatch(/Numerical notes/);
  });
});
