import { describe, expect, it } from 'vitest';
import { clock, elapsed, parseTimer, STARTED, toggle } from '../../../app/lesson/present/talkTimer.ts';

describe('the talk timer', () => {
  it('counts while running, holds while paused, and resumes from where it stopped', () => {
    const t = STARTED(1000);
    expect(elapsed(t, 61_000)).toBe(60_000);
    const paused = toggle(t, 61_000);
    expect(elapsed(paused, 500_000)).toBe(60_000);
    const again = toggle(paused, 500_000);
    expect(elapsed(again, 505_000)).toBe(65_000);
  });

  it('reads as m:ss, h:mm:ss past an hour', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_400)).toBe('1:05');
    expect(clock(3_729_000)).toBe('1:02:09');
  });

  it('reads a stored timer back, and junk as none', () => {
    expect(parseTimer(JSON.stringify({ counted: 5, since: null }))).toEqual({ counted: 5, since: null });
    for (const junk of [null, '', '{', '{"counted":-1,"since":null}', '{"counted":1,"since":"x"}']) expect(parseTimer(junk)).toBeNull();
  });
});
