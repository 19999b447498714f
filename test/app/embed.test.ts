import { describe, expect, it } from 'vitest';
import { PANEL_KEYS, controlsFor, encodeView, parseView, showsPanel } from '../../app/shell/embed/embed.ts';
import { decodeHash } from '../../app/state/url/hash.ts';

describe('embed mode', () => {
  it('reads embed=1&panels=fd,work as those two panels, in the page’s order', () => {
    expect(parseView({ embed: '1', panels: 'work,fd' })).toEqual({ embed: { panels: ['fd', 'work'] }, notices: [] });
    expect(parseView({ embed: 'true', panels: ' FD , work ,' }).embed).toEqual({ panels: ['fd', 'work'] });
  });

  it('embed=1 alone shows every panel; no embed key is the full page', () => {
    expect(parseView({ embed: '1' }).embed).toEqual({ panels: [...PANEL_KEYS] });
    expect(parseView({})).toEqual({ embed: null, notices: [] });
    expect(parseView({ embed: '0' })).toEqual({ embed: null, notices: [] });
  });

  it('ignores unknown panel names with a notice naming them, and falls back to all when none is known', () => {
    const some = parseView({ embed: '1', panels: 'fd,bogus,<script>' });
    expect(some.embed).toEqual({ panels: ['fd'] });
    expect(some.notices[0]).toContain('“bogus”, “<script>”');
    const none = parseView({ embed: '1', panels: 'x,y,z,w' });
    expect(none.embed).toEqual({ panels: [...PANEL_KEYS] });
    expect(none.notices.join(' ')).toMatch(/“x”, “y”, “z” and 1 more.*no known panel/);
  });

  it('says so when embed is unreadable or panels come without it', () => {
    expect(parseView({ embed: 'maybe' }).notices).toEqual(['Embed: “maybe” is not 1 or 0, so the full page is shown.']);
    expect(parseView({ panels: 'fd' }).notices).toEqual(['Panels: a panel list applies only with embed=1, so every panel is shown.']);
  });

  it('round-trips through the hash text', () => {
    for (const panels of [['fd', 'work'], ['reverse'], [...PANEL_KEYS]] as const) {
      const text = encodeView({ panels: [...panels] });
      const back = parseView(Object.fromEntries(text.split('&').map((kv) => kv.split('='))));
      expect(back.embed).toEqual({ panels: [...panels] });
    }
    expect(encodeView(null)).toBe('');
    expect(encodeView({ panels: ['fd', 'work'] })).toBe('embed=1&panels=fd,work');
  });

  it('shows the controls each panel reads, and the steps always', () => {
    expect(controlsFor(null)).toEqual({ eps: true, schedule: true, constants: true });
    expect(controlsFor({ panels: ['work'] })).toEqual({ eps: false, schedule: true, constants: false });
    expect(controlsFor({ panels: ['fd'] })).toEqual({ eps: true, schedule: false, constants: true });
    expect(showsPanel({ panels: ['fd'] }, 'work')).toBe(false);
    expect(showsPanel(null, 'work')).toBe(true);
  });

  it('the hash codec passes embed and panels through instead of calling them unknown', () => {
    const decoded = decodeHash('#steps=30&embed=1&panels=fd,work&zzz=1');
    expect(decoded.view).toEqual({ embed: '1', panels: 'fd,work' });
    expect(decoded.notices).toEqual(['Ignored an unknown setting “zzz”.']);
  });
});
