import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPRESSION_PRESETS } from '../../../../engine/expr/presets.ts';
import { DEFAULT_AT, DEFAULT_SOURCE, MAX_EXPR_LENGTH } from '../../../../app/sections/playground/defaults.ts';
import { decodePlayground, encodePlayground } from '../../../../app/sections/playground/hash.ts';
import { encodeAt, encodeExpr } from '../../../../app/state/url/labLinks.ts';
import { decodeHash, encodeHash } from '../../../../app/state/url/hash.ts';
import { DEFAULTS } from '../../../../app/state/settings/schema.ts';

/** Reads the playground out of a whole hash, as app/lab/labSync.ts does. */
const read = (hash: string) => decodePlayground(decodeHash(hash).playground);

describe('the playground in the URL hash', () => {
  it('starts from the card’s example, the engine’s first preset', () => {
    expect(DEFAULT_SOURCE).toBe(EXPRESSION_PRESETS[0].expression);
    expect(DEFAULT_AT).toEqual(EXPRESSION_PRESETS[0].at);
  });

  it('writes nothing at the default, so the chain’s links stay as they were', () => {
    expect(encodePlayground({ source: DEFAULT_SOURCE, variables: ['x', 'y'], values: { x: 0.5, y: 4 } })).toBe('');
    expect(encodePlayground({ source: DEFAULT_SOURCE, variables: ['x', 'y'], values: { x: 0.5, y: 3 } })).toBe(
      'expr=x*y%20+%20sin(x^2)%20-%20ln(y)&at=x:0.5,y:3',
    );
  });

  it('reads the issue’s example link: %2B is plus, and so is a bare +', () => {
    const a = read('#expr=x*y%2Bsin(x*x)&at=x:0.5,y:4');
    expect(a).toEqual({ source: 'x*y+sin(x*x)', values: { x: 0.5, y: 4 }, variables: ['x', 'y'], linked: true, notices: [] });
    expect(read('#expr=x*y+sin(x*x)&at=x:0.5,y:4').source).toBe('x*y+sin(x*x)');
  });

  it('leaves operators readable and escapes what would break the hash', () => {
    expect(encodeExpr('(a+b)/c^2 * d')).toBe('(a+b)/c^2%20*%20d');
    expect(encodeExpr('x&steps=3#y%')).toBe('x%26steps%3D3%23y%25');
    expect(encodeAt(['x', 'y', 'z'], { x: -1e-7, y: 1 / 3 })).toBe('x:-1e-7,y:0.3333333333333333');
  });

  it('is not taken for an unknown setting, and sits between the settings and the view keys', () => {
    const d = decodeHash('#steps=40&expr=x&at=x:1&embed=1');
    expect(d.notices).toEqual([]);
    expect(d.playground).toEqual({ expr: 'x', at: 'x:1' });
    expect(encodeHash(DEFAULTS)).not.toContain('expr');
  });

  it('round-trips any expression and any values through a hash', () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/);
    const value = fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.uniqueArray(fc.tuple(name, value), { maxLength: 6, selector: ([n]) => n }), (text, pairs) => {
        fc.pre(text.trim() !== '');
        const values = Object.fromEntries(pairs);
        const variables = pairs.map(([n]) => n);
        const part = encodePlayground({ source: text, variables, values });
        fc.pre(part !== '');
        const back = read(`#steps=40&${part}&embed=1`);
        expect(back.source).toBe(text);
        expect(back.values).toEqual(values);
        expect(back.variables).toEqual(variables);
        expect(back.notices).toEqual([]);
      }),
    );
  });

  it('turns any junk into a valid state with notices, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), fc.string({ maxLength: 300 }), (expr, at) => {
        const d = decodePlayground({ expr, at });
        expect(d.source.length).toBeLessThanOrEqual(MAX_EXPR_LENGTH);
        expect(Object.values(d.values).every((v) => Number.isFinite(v) && Math.abs(v) <= 1e6)).toBe(true);
      }),
    );
  });

  it('says what it corrected: bad escapes, an over-long or empty expression, unreadable and extreme values', () => {
    expect(read('#expr=%E0%A4%A').notices[0]).toMatch(/not valid percent-encoding/);
    expect(read('#expr=%E0%A4%A').source).toBe(DEFAULT_SOURCE);
    expect(read(`#expr=${'x'.repeat(MAX_EXPR_LENGTH + 1)}`).notices[0]).toMatch(new RegExp(`more than ${MAX_EXPR_LENGTH}`));
    expect(read('#expr=').notices[0]).toMatch(/empty/);
    expect(read('#at=x:1').notices[0]).toMatch(/no expression/);
    const v = read('#expr=x*y&at=x:abc,y:1e400,2z:3,x:4');
    expect(v.values).toEqual({ y: 1e6, x: 4 });
    expect(v.notices.join(' ')).toMatch(/y = “1e400” is beyond ±1e6; set to 1000000/);
    expect(v.notices.join(' ')).toMatch(/x: “abc” is not a number, “2z:3” \(not a variable name\)/);
    expect(read('#expr=x&at=x:1,x:2').notices.join(' ')).toMatch(/a second value for x/);
  });

  it('keeps a linked expression that does not parse (the playground shows its column)', () => {
    const d = read('#expr=sin(x))&at=x:2');
    expect(d).toMatchObject({ source: 'sin(x))', values: { x: 2 }, linked: true, notices: [] });
  });

  it('takes __proto__ and constructor as variable names, as data', () => {
    const d = read('#expr=__proto__*constructor&at=__proto__:3,constructor:2');
    expect(Object.keys(d.values)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(d.values)).toBe(Object.prototype);
    expect(d.values.constructor).toBe(2);
  });
});
