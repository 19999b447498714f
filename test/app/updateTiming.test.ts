import { describe, expect, it } from 'vitest';
import { createUpdateTiming } from '../../app/state/perf/updateTiming.ts';
import { DEFAULTS } from '../../app/state/settings/schema.ts';

/** A clock the test moves, User Timing entries recorded, paints run when the test says. */
function fakeHost() {
  let now = 0;
  const measures: { name: string; start: number; end: number; seq?: number }[] = [];
  const frames: (() => void)[] = [];
  const host = {
    performance: {
      now: () => now,
      mark: () => undefined as unknown as PerformanceMark,
      measure: (name: string, o?: string | PerformanceMeasureOptions) => {
        const opts = o as { start: number; end: number; detail?: { seq: number } };
        measures.push({ name, start: opts.start, end: opts.end, seq: opts.detail?.seq });
        return undefined as unknown as PerformanceMeasure;
      },
    },
    afterPaint: (then: () => void) => frames.push(then),
  };
  const paint = () => frames.splice(0).forEach((f) => f());
  return { host, measures, paint, at: (t: number) => (now = t) };
}

describe('input-to-paint timing', () => {
  it('measures each input to the paint of its settings, and inputs passed over to the paint that covered them', () => {
    const { host, measures, paint, at } = fakeHost();
    const timing = createUpdateTiming(host);
    timing.input({ ...DEFAULTS, c: 0.1 }, true, 10);
    timing.input({ ...DEFAULTS, c: 0.2 }, true, 20);
    timing.input({ ...DEFAULTS, c: 0.3 }, true, 30);
    timing.painted({ ...DEFAULTS, c: 0.1 });
    at(50);
    paint();
    const updates = () => measures.filter((m) => m.name === 'lab:update');
    expect(updates()).toEqual([{ name: 'lab:update', start: 10, end: 50, seq: 1 }]);
    timing.painted({ ...DEFAULTS, c: 0.3 });
    at(80);
    paint();
    expect(updates().map((m) => [m.seq, m.end - m.start])).toEqual([
      [1, 40],
      [2, 60],
      [3, 50],
    ]);
    expect(timing.pending).toBe(0);
    expect(measures.filter((m) => m.name === 'lab:interactive')).toHaveLength(1);
  });

  it('an input that leaves the settings as they were is measured to the next frame', () => {
    const { host, measures, paint, at } = fakeHost();
    const timing = createUpdateTiming(host);
    timing.input(DEFAULTS, false, 5);
    at(12);
    paint();
    expect(measures).toEqual([{ name: 'lab:update', start: 5, end: 12, seq: 1 }]);
    expect(timing.pending).toBe(0);
  });
});
