import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHash, encodeHash } from '../../app/state/url/hash.ts';
import { DEFAULTS, RANGES, type AppSettings } from '../../app/state/settings/schema.ts';
import { isValidSettings, sameSettings } from '../../app/state/settings/clamp.ts';

/** Any valid settings: integers in range, stride and snapshots within the steps, no −0. */
const validSettings: fc.Arbitrary<AppSettings> = fc
  .integer({ min: RANGES.steps.min, max: RANGES.steps.max })
  .chain((steps) =>
    fc.record({
      steps: fc.constant(steps),
      eps: fc.double({ min: RANGES.eps.min, max: RANGES.eps.max, noNaN: true }),
      stride: fc.integer({ min: 1, max: steps }),
      schedule: fc.constantFrom('periodic' as const, 'revolve' as const),
      snapshots: fc.integer({ min: 1, max: steps }),
      state: fc.constantFrom('scalar' as const, 'wide' as const),
      c: fc.double({ min: RANGES.c.min, max: RANGES.c.max, noNaN: true }),
      x0: fc.double({ min: RANGES.x0.min, max: RANGES.x0.max, noNaN: true }),
      target: fc.double({ min: RANGES.target.min, max: RANGES.target.max, noNaN: true }),
    }),
  )
  .map((s) => ({ ...s, c: s.c || 0, x0: s.x0 || 0, target: s.target || 0 }));

describe('the URL hash codec', () => {
  it('writes the defaults as the documented hash', () => {
    expect(encodeHash(DEFAULTS)).toBe(
      'steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25',
    );
  });

  it('reads an empty hash as the defaults, with no notice', () => {
    for (const hash of ['', '#', '#&&']) {
      const { settings, notices } = decodeHash(hash);
      expect(settings).toEqual(DEFAULTS);
      expect(notices).toEqual([]);
    }
  });

  it('decode∘encode is the identity on valid settings (property)', () => {
    fc.assert(
      fc.property(validSettings, (s) => {
        expect(isValidSettings(s)).toBe(true);
        const { settings, notices } = decodeHash(`#${encodeHash(s)}`);
        expect(notices).toEqual([]);
        expect(sameSettings(settings, s)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('encode∘decode is the identity on the hashes it writes (property)', () => {
    fc.assert(
      fc.property(validSettings, (s) => {
        const hash = encodeHash(s);
        expect(encodeHash(decodeHash(hash).settings)).toBe(hash);
      }),
      { numRuns: 300 },
    );
  });

  it('decodes any string to valid settings, which then re-encode without notices (property)', () => {
    const key = fc.constantFrom('steps', 'eps', 'stride', 'schedule', 'snapshots', 'c', 'x0', 'target', 'x', '');
    const value = fc.oneof(
      fc.string(),
      fc.double().map(String),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.constantFrom('periodic', 'revolve', 'NaN', 'Infinity', '-0', '1e999', '0x10', '%E0%A4%A', ' 4 '),
    );
    const built = fc.array(fc.tuple(key, value), { maxLength: 12 }).map((pairs) => `#${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), built), (hash) => {
        const { settings } = decodeHash(hash);
        expect(isValidSettings(settings)).toBe(true);
        const again = decodeHash(encodeHash(settings));
        expect(again.notices).toEqual([]);
        expect(sameSettings(again.settings, settings)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('clamps, rounds and replaces bad values, one notice each', () => {
    const { settings, notices } = decodeHash('#steps=500000&eps=abc&stride=7.6&schedule=weekly&c=9&x0=-3&target=0.1&zoom=2');
    expect(settings).toEqual({ ...DEFAULTS, steps: 100_000, stride: 8, c: 1.5, x0: -2, target: 0.1 });
    expect(notices).toHaveLength(7);
    expect(notices.join(' ')).toMatch(/Chain steps: 500000 is above the largest allowed value 100000/);
    expect(notices.join(' ')).toMatch(/Finite-difference epsilon: “abc” is not a number/);
    expect(notices.join(' ')).toMatch(/Checkpoint stride: 7\.6 is not a whole number; rounded to 8/);
    expect(notices.join(' ')).toMatch(/Schedule: “weekly”/);
    expect(notices.join(' ')).toMatch(/unknown setting “zoom”/);
  });

  it('keeps the stride and snapshots within the steps', () => {
    const { settings, notices } = decodeHash('#steps=10&stride=40&snapshots=0');
    expect(settings.stride).toBe(10);
    expect(settings.snapshots).toBe(1);
    expect(notices).toHaveLength(2);
  });

  it('clamps the epsilon into 1e-16 … 1 and writes it in exponent form', () => {
    expect(decodeHash('#eps=1e-20').settings.eps).toBe(1e-16);
    expect(decodeHash('#eps=5').settings.eps).toBe(1);
    expect(decodeHash('#eps=0.00025').settings.eps).toBe(2.5e-4);
    expect(encodeHash({ ...DEFAULTS, eps: 2.5e-4 })).toContain('eps=2.5e-4&');
  });
});
