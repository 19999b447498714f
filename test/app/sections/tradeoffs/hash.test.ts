import { describe, expect, it } from 'vitest';
import { readHash, splitHash } from '../../../../app/state/url/hash.ts';
import { decodeTradeoffs, TRADEOFFS_KEYS } from '../../../../app/sections/tradeoffs/hashPart.ts';
import { encodeTradeoffs } from '../../../../app/state/url/labLinks.ts';
import { LEVER_DEFAULTS, LEVERS, effectiveLevers } from '../../../../app/sections/tradeoffs/levers.ts';
import { clampWithTable } from '../../../../app/state/settings/clamp.ts';
import { buildSettingsTable } from '../../../../engine/settings-table.ts';
import { LEVER_ROWS, type LeverRow } from '../../../../engine/tradeoffs/levers.ts';
import { optionsHelp, optionsOf, readOption } from '../../../../cli/settings-options.ts';

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
    // N's default, all inputs, stays the default (the link does not name it); used on the chain it reads as P + 2: 42 at T = 20.
    expect(levers).toEqual({ window: 10, fused: false, saved: true, outputs: 20, inputs: Number.MAX_SAFE_INTEGER });
    expect(effectiveLevers(levers, 20).inputs).toBe(42);
    expect(notices).toEqual([
      'Truncation window: “abc” is not a number, so the default 10 is used.',
      'Fused: “maybe” is not 1 or 0, so 0 is used.',
      'Output states: 999 is above the largest allowed value 20; set to 20.',
    ]);
    expect(decodeTradeoffs({ window: '-3', outputs: '2.6' }, 5)).toEqual({
      levers: { window: 0, fused: false, saved: true, outputs: 3, inputs: Number.MAX_SAFE_INTEGER },
      notices: ['Truncation window: -3 is below the smallest allowed value 0; set to 0.', 'Output states: 2.6 is not a whole number; rounded to 3.'],
    });
    // The defaults stay defaults on a short chain, with no notice; used there, they are clamped silently.
    expect(decodeTradeoffs({}, 4)).toEqual({ levers: LEVER_DEFAULTS, notices: [] });
    expect(effectiveLevers(LEVER_DEFAULTS, 4)).toEqual({ window: 4, fused: false, saved: true, outputs: 4, inputs: 10 });
    // N above P + 2 is set to P + 2, with a notice.
    expect(decodeTradeoffs({ inputs: '30' }, 5).notices).toEqual(['Inputs N: 30 is above the largest allowed value 12; set to 12.']);
  });

  it('the URL module gives the four keys to the section instead of calling them unknown', () => {
    const split = splitHash('#window=3&fused=1&saved=0&outputs=2&bogus=1');
    expect({ ...split.raw.tradeoffs }).toEqual({ window: '3', fused: '1', saved: '0', outputs: '2' });
    expect(split.unknown).toEqual(['bogus']);
    expect(readHash('#window=3&bogus=1').notices).toEqual(['Ignored an unknown setting “bogus”.']);
  });
});

/** A throwaway lever (1 … steps), only to see a row travel. */
const PROBES = {
  key: 'probes', label: 'Probe count', flag: 'probes', metavar: 'Q', help: 'a throwaway lever',
  kind: 'integer', default: 3, scale: 'linear', sliderStep: 1, hash: 'plain', request: true,
  app: { min: 1, max: 'steps' }, engine: { min: 1, max: 'steps' }, cli: 'engine',
} as const satisfies LeverRow;

describe('the levers are one table', () => {
  it('gives the hash, the app and the command line the same keys and defaults', () => {
    expect(TRADEOFFS_KEYS).toEqual(['window', 'fused', 'saved', 'outputs', 'inputs']);
    // N's default stands for all the chain's inputs, whatever its length.
    expect(LEVER_DEFAULTS).toEqual({ window: 10, fused: false, saved: true, outputs: 5, inputs: Number.MAX_SAFE_INTEGER });
    expect(Object.keys(optionsOf(LEVERS))).toEqual(['window', 'outputs', 'inputs']);
    expect(optionsHelp(LEVERS)).toMatch(/--inputs N\s+.*; 1 … P \+ 2 \(default all\)/);
  });

  it('a throwaway row reaches the defaults, the clamping against the steps and the command line without other edits', () => {
    const table = buildSettingsTable([...LEVER_ROWS, PROBES]);
    expect(table.defaults).toMatchObject({ ...LEVER_DEFAULTS, probes: 3 });
    const { settings, notices } = clampWithTable<typeof table.defaults>(table, { probes: '30', fused: '1' }, 12);
    expect(settings).toEqual({ window: 10, fused: true, saved: true, outputs: 5, inputs: 26, probes: 12 });
    expect(notices).toEqual(['Probe count: 30 is above the largest allowed value 12; set to 12.']);
    expect(optionsOf(table)).toHaveProperty('probes', { type: 'string' });
    expect(optionsHelp(table)).toMatch(/--probes Q\s+a throwaway lever; 1 … the steps \(default 3\)/);
    expect(() => readOption(PROBES, '13', 12)).toThrow('--probes 13 is larger than the 12 steps; use 1 to 12');
  });
});

describe('a lever the link does not name', () => {
  it('stays at its default as the chain grows, so no other section writes it into the link', () => {
    // Read at 40 steps (N all = P + 2 = 82, K = 10), then the chain dragged to 200 and 5 steps.
    const { levers, notices } = decodeTradeoffs({}, 40);
    expect(notices).toEqual([]);
    expect(levers).toEqual(LEVER_DEFAULTS);
    expect(encodeTradeoffs(levers, 200)).toBe('');
    expect(encodeTradeoffs(decodeTradeoffs({}, 5).levers, 40)).toBe('');
  });

  it('one the link names is the reader’s, clamped to the chain, and stays in the link', () => {
    const { levers } = decodeTradeoffs({ inputs: '500' }, 40);
    expect(levers.inputs).toBe(82);
    expect(encodeTradeoffs(levers, 200)).toBe('inputs=82');
  });
});
