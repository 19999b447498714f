import { describe, expect, it } from 'vitest';
import { readHash, splitHash } from '../../../../app/state/url/hash.ts';
import { decodeTradeoffs, encodeTradeoffs } from '../../../../app/sections/tradeoffs/hashPart.ts';
import { LEVER_DEFAULTS, effectiveLevers } from '../../../../app/sections/tradeoffs/levers.ts';

describe('the levers in the URL hash', () => {
  it('writes nothing at the defaults, and only the levers that moved', () => {
    expect(encodeTradeoffs(LEVER_DEFAULTS, 40)).toBe('');
    expect(encodeTradeoffs({ ...LEVER_DEFAULTS, window: 25, saved: false }, 40)).toBe('window=25&saved=0');
    expect(encodeTradeoffs({ window: 0, fused: true, saved: true, outputs: 40, inputs: 1 }, 40)).toBe('window=0&fused=1&outputs=40&inputs=1');
  });

  it('writes the levers as used: K and M clamped to the steps', () => {
    expect(encodeTradeoffs({ ...LEVER_DEFAULTS, window: 30, outputs: 30 }, 12)).toBe('window=12&outputs=12');
    expect(effectiveLevers({ ...LEVER_DEFAULTS, outputs: 0 }, 12).outputs).toBe(1);
    // a chain shorter than the default window writes nothing: the defaults clamp the same way
    expect(encodeTradeoffs(LEVER_DEFAULTS, 2)).toBe('');
    expect(encodeTradeoffs({ ...LEVER_DEFAULTS, window: 1 }, 2)).toBe('window=1');
  });

  it('reads back what it wrote', () => {
    const levers = { window: 7, fused: true, saved: false, outputs: 3, inputs: 5 };
    const { values, notices } = readHash(`#steps=20&${encodeTradeoffs(levers, 20)}`);
    expect(notices).toEqual([]);
    expect(decodeTradeoffs(values.tradeoffs, values.settings.steps)).toEqual({ levers, notices: [] });
  });

  it('corrects junk with one notice each and keeps a valid state', () => {
    const { levers, notices } = decodeTradeoffs({ window: 'abc', fused: 'maybe', saved: 'true', outputs: '999' }, 20);
    expect(levers).toEqual({ window: 10, fused: false, saved: true, outputs: 20, inputs: LEVER_DEFAULTS.inputs });
    expect(notices).toEqual([
      'Truncation window: “abc” is not a number, so 10 is used.',
      'Fused: “maybe” is not 1 or 0, so 0 is used.',
      'Output states: 999 is above the largest allowed value 20 (the chain steps); set to 20.',
    ]);
    expect(decodeTradeoffs({ window: '-3', outputs: '2.6' }, 5)).toEqual({
      levers: { window: 0, fused: false, saved: true, outputs: 3, inputs: LEVER_DEFAULTS.inputs },
      notices: ['Truncation window: -3 is below the smallest allowed value 0; set to 0.', 'Output states: 2.6 is not a whole number; rounded to 3.'],
    });
    // The default window is clamped silently to a short chain.
    expect(decodeTradeoffs({}, 4)).toEqual({ levers: { window: 4, fused: false, saved: true, outputs: 4, inputs: LEVER_DEFAULTS.inputs }, notices: [] });
  });

  it('the URL module gives the four keys to the section instead of calling them unknown', () => {
    const split = splitHash('#window=3&fused=1&saved=0&outputs=2&bogus=1');
    expect({ ...split.raw.tradeoffs }).toEqual({ window: '3', fused: '1', saved: '0', outputs: '2' });
    expect(split.unknown).toEqual(['bogus']);
    expect(readHash('#window=3&bogus=1').notices).toEqual(['Ignored an unknown setting “bogus”.']);
  });
});
