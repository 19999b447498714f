import { describe, expect, it } from 'vitest';
import { buildSettingsTable, SETTING_ROWS, SETTINGS, type SettingRow, type SettingsOf } from '../../engine/settings-table.ts';
import { clampWithTable } from '../../app/state/settings/clamp.ts';
import { settingsPartOf } from '../../app/state/settings/hashPart.ts';
import { optionsHelp, optionsOf, readOption } from '../../cli/settings-options.ts';
import { DEFAULTS, RANGES, SETTING_KEYS } from '../../app/state/settings/schema.ts';
import { DEFAULT_SETTINGS } from '../../engine/settings.ts';

/** A throwaway setting: a damping factor the chain does not read, only to see the row travel. */
const DAMPING = {
  key: 'damping', label: 'Damping', flag: 'damping', metavar: 'D', help: 'a throwaway damping factor',
  kind: 'real', default: 0.5, scale: 'linear', sliderStep: 0.05, hash: 'plain',
  app: { min: 0, max: 1 }, engine: { min: 0, max: 1 }, cli: 'engine',
} as const satisfies SettingRow;

const ROWS = [...SETTING_ROWS, DAMPING] as const;
const TABLE = buildSettingsTable(ROWS);
type Damped = SettingsOf<typeof ROWS>;

/** The lab's settings as DESIGN.md and the README give them: key, label, default, app range, flag, hash format. */
const EXPECTED_ROWS = [
  ['steps', 'Chain steps', 40, '1 … 100000', '--steps', 'plain'],
  ['eps', 'Finite-difference epsilon', 1e-5, '1e-16 … 1', '--eps', 'exponent'],
  ['stride', 'Checkpoint stride', 4, '1 … steps', '--stride', 'plain'],
  ['schedule', 'Schedule', 'periodic', 'periodic | revolve', '--schedule', 'choice'],
  ['snapshots', 'Snapshots', 3, '1 … steps', '--snapshots', 'plain'],
  ['state', 'Checkpoint size', 'scalar', 'scalar | wide', '--state', 'choice'],
  ['c', 'c', 0.35, '-1 … 1.5', '--c', 'plain'],
  ['x0', 'x₀', 0.4, '-2 … 2', '--x0', 'plain'],
  ['target', 'target y', 0.25, '-2 … 2', '--target', 'plain'],
];

/** The literal defaults: T = 40, h = 1e-5, stride 4, periodic, 3 snapshots, a scalar state, c 0.35, x₀ 0.4, y 0.25. */
const EXPECTED_DEFAULTS = { steps: 40, eps: 1e-5, stride: 4, schedule: 'periodic', snapshots: 3, state: 'scalar', c: 0.35, x0: 0.4, target: 0.25 };

describe('one settings table', () => {
  it('holds the lab’s settings, in the hash order, with their labels, defaults, ranges, flags and hash formats', () => {
    const rows = SETTINGS.rows.map((r) =>
      r.kind === 'choice'
        ? [r.key, r.label, r.default, r.choices.join(' | '), `--${r.flag}`, 'choice']
        : [r.key, r.label, r.default, `${r.app.min} … ${r.app.max}`, `--${r.flag}`, r.hash],
    );
    expect(rows).toEqual(EXPECTED_ROWS);
    expect(SETTING_KEYS).toEqual(EXPECTED_ROWS.map((r) => r[0]));
    expect(RANGES.eps).toEqual({ min: 1e-16, max: 1 });
  });

  it('gives the app and the engine those defaults', () => {
    expect(DEFAULTS).toEqual(EXPECTED_DEFAULTS);
    expect(DEFAULT_SETTINGS).toEqual(EXPECTED_DEFAULTS);
  });

  it('a throwaway row reaches the defaults, the equality and the hash codec without other edits', () => {
    expect(TABLE.keys).toContain('damping');
    expect(TABLE.defaults.damping).toBe(0.5);
    const part = settingsPartOf<Damped>(TABLE);
    expect(part.keys).toContain('damping');
    const text = part.write({ ...TABLE.defaults, damping: 0.25 });
    expect(text).toBe('steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25&damping=0.25');
    const back = part.read(Object.fromEntries(text.split('&').map((kv) => kv.split('='))));
    expect(back.notices).toEqual([]);
    expect(TABLE.same(back.value, { ...TABLE.defaults, damping: 0.25 })).toBe(true);
    expect(TABLE.same(back.value, TABLE.defaults)).toBe(false);
    // The checkpoint size is written only when it is not the default, so older links read the same.
    expect(part.write({ ...TABLE.defaults, state: 'wide' })).toContain('&snapshots=3&state=wide&c=0.35');
    expect(part.read({ state: 'wide' }).value.state).toBe('wide');
  });

  it('a throwaway row is clamped with a notice naming its label', () => {
    const { settings, notices } = clampWithTable(TABLE, { damping: '7' });
    expect(settings.damping).toBe(1);
    expect(notices).toEqual(['Damping: 7 is above the largest allowed value 1; set to 1.']);
    expect(clampWithTable(TABLE, { damping: '0x1' }).notices).toEqual(['Damping: “0x1” is not a number, so the default 0.5 is used.']);
  });

  it('a throwaway row becomes a command-line option with its help line and its range', () => {
    expect(optionsOf(TABLE)).toHaveProperty('damping', { type: 'string' });
    expect(optionsHelp(TABLE)).toMatch(/--damping D\s+a throwaway damping factor; 0 … 1 \(default 0\.5\)/);
    expect(readOption(DAMPING, '0.75', 40)).toBe(0.75);
    expect(() => readOption(DAMPING, '2', 40)).toThrow("--damping must be from 0 to 1; got '2'");
  });
});
