import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNonFinite, nonFiniteNote } from '../../app/ui/charts/nonFinite.ts';
import { epsEdgeNote, lostSteps, stepDistortion } from '../../app/lab/panels/edges.ts';
import { decodeHash, encodeHash } from '../../app/state/url/hash.ts';
import { RANGES } from '../../app/state/settings/schema.ts';
import { isValidSettings } from '../../app/state/settings/clamp.ts';
import { applyTheme, effectiveScheme, loadTheme, parseTheme, saveTheme, type ThemeHost } from '../../app/shell/theme/theme.ts';
import { cacheName, precacheList, serviceWorkerSource } from '../../scripts/vite/precache.ts';
import { junkHashes } from '../e2e/junk.ts';

describe('junk hashes', () => {
  it('every junk hash decodes to valid settings that re-encode to themselves', () => {
    for (const hash of junkHashes(200, 3)) {
      const { settings } = decodeHash(hash);
      expect(isValidSettings(settings), hash).toBe(true);
      expect(decodeHash(encodeHash(settings)).settings).toEqual(settings);
    }
  });

  it('a number too large for a double is clamped to the end of the range and named', () => {
    const { settings, notices } = decodeHash(`steps=${'9'.repeat(400)}&c=-1e400&eps=1e999`);
    expect(settings).toMatchObject({ steps: RANGES.steps.max, c: RANGES.c.min, eps: RANGES.eps.max });
    expect(notices).toHaveLength(3);
    expect(notices[0]).toMatch(/^Chain steps: “9{24}…” is too large to be a number here; set to 100000\.$/);
    expect(notices[2]).toBe('c: “-1e400” is too small to be a number here; set to -1.');
  });

  it('script tags, NaN and Infinity are not numbers; the notice quotes them as text, shortened', () => {
    const { notices } = decodeHash('x0=%3Cscript%3Ealert(1)%3C%2Fscript%3E&target=NaN&stride=Infinity');
    expect(notices).toEqual([
      'Checkpoint stride: “Infinity” is not a number, so the default 4 is used.',
      'x₀: “<script>alert(1)</script…” is not a number, so the default 0.4 is used.',
      'Target y: “NaN” is not a number, so the default 0.25 is used.',
    ]);
  });

  it('any string at all decodes without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const { settings } = decodeHash(text);
        return isValidSettings(settings);
      }),
      { numRuns: 500 },
    );
  });
});

describe('theme', () => {
  function host(stored: string | null, throws = false) {
    const attrs = new Map<string, string>();
    const items = new Map<string, string>(stored === null ? [] : [['tape-lab-theme', stored]]);
    const h: ThemeHost = {
      localStorage: {
        getItem: (k) => {
          if (throws) throw new Error('denied');
          return items.get(k) ?? null;
        },
        setItem: (k, v) => {
          if (throws) throw new Error('denied');
          items.set(k, v);
        },
        removeItem: (k) => items.delete(k),
      },
      document: { documentElement: { setAttribute: (n, v) => attrs.set(n, v), removeAttribute: (n) => attrs.delete(n) } },
    };
    return { h, attrs, items };
  }

  it('reads back light, dark or system; anything else is system', () => {
    expect(['light', 'dark', 'system', 'neon', null, 3].map(parseTheme)).toEqual(['light', 'dark', 'system', 'system', 'system', 'system']);
    expect(loadTheme(host('dark').h)).toBe('dark');
    expect(loadTheme(host(null, true).h)).toBe('system');
  });

  it('shows a choice as data-theme on <html>, system as no attribute, and remembers it', () => {
    const { h, attrs, items } = host(null);
    applyTheme(h, 'dark');
    saveTheme(h, 'dark');
    expect(attrs.get('data-theme')).toBe('dark');
    expect(items.get('tape-lab-theme')).toBe('dark');
    applyTheme(h, 'system');
    saveTheme(h, 'system');
    expect(attrs.has('data-theme')).toBe(false);
    expect(items.has('tape-lab-theme')).toBe(false);
    expect(() => saveTheme(host(null, true).h, 'light')).not.toThrow();
  });

  it('the scheme shown follows the system only when the choice is system', () => {
    expect(effectiveScheme('system', true)).toBe('dark');
    expect(effectiveScheme('system', false)).toBe('light');
    expect(effectiveScheme('light', true)).toBe('light');
    expect(effectiveScheme('dark', false)).toBe('dark');
  });
});

describe('numbers a chart cannot draw, and epsilon at its edges', () => {
  it('counts NaN and ±∞ across series and words the note', () => {
    expect(countNonFinite([1, NaN, 2], new Float64Array([Infinity, -Infinity]), null)).toBe(3);
    expect(countNonFinite([0, -0, 1e-320])).toBe(0);
    expect(nonFiniteNote(0)).toBeNull();
    expect(nonFiniteNote(1)).toBe('1 point not finite, not drawn');
    expect(nonFiniteNote(3)).toBe('3 points not finite, not drawn');
    expect(nonFiniteNote(2, 'entry', 'shown in red', 'entries')).toBe('2 entries not finite, shown in red');
  });

  it('near the spacing of doubles the step is lost or distorted; far from the best h one error dominates', () => {
    const params = { a: [0.75, 0.8, 1e-20], b: [-0.1, 0.3, 0] };
    // Below half the spacing of doubles around 0.75, 0.8 and 0.3 (5.6e-17, 5.6e-17, 2.8e-17).
    expect(lostSteps(1e-17, params)).toBe(3);
    expect(lostSteps(1e-5, params)).toBe(0);
    expect(epsEdgeNote(1e-17, params, 1e-5)).toBe('θ ± h rounds to θ for 3 of 6 parameters: their differences are 0');
    // At 1e-16 the step taken around 0.75 is one spacing, 1.11e-16: 11% off.
    expect(stepDistortion(1e-16, params)).toBeCloseTo(0.11, 2);
    expect(epsEdgeNote(1e-16, params, 1e-5)).toBe('in doubles θ ± h is off by up to 11% of h: rounding dominates');
    expect(epsEdgeNote(1e-10, params, 1e-5)).toBe('h far below the best h: rounding noise dominates');
    expect(epsEdgeNote(1, params, 1e-5)).toBe('h far above the best h: truncation dominates');
    expect(epsEdgeNote(1e-5, params, 1e-5)).toBeNull();
    expect(epsEdgeNote(1, params, null)).toBeNull();
  });
});

describe('offline precache list', () => {
  it('stores every built file but source maps, the worker itself, and fonts the browser never asks for', () => {
    const files = ['index.html', 'sw.js', 'assets/index-1.js', 'assets/index-1.js.map', 'assets/lab.worker-2.js', 'assets/K-1.woff2', 'assets/K-1.woff', 'assets/K-1.ttf', 'icon.svg', 'manifest.webmanifest'];
    expect(precacheList(files)).toEqual(['assets/K-1.woff2', 'assets/index-1.js', 'assets/lab.worker-2.js', 'icon.svg', 'index.html', 'manifest.webmanifest']);
  });

  it('the cache name changes with any file’s bytes, and the template is filled in', () => {
    const a = cacheName([{ path: 'x.js', bytes: new Uint8Array([1]) }]);
    expect(a).toMatch(/^tape-lab-[0-9a-f]{12}$/);
    expect(cacheName([{ path: 'x.js', bytes: new Uint8Array([2]) }])).not.toBe(a);
    const source = serviceWorkerSource('const C = __CACHE_NAME__; const P = __PRECACHE__;', a, ['index.html']);
    expect(source).toBe(`const C = "${a}"; const P = ["./","./index.html"];`);
  });
});
