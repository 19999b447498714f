import { describe, expect, it } from 'vitest';
import { quoteSafely } from '../../engine/number-text.ts';
import { readHash } from '../../app/state/url/hash.ts';

/** NUL, a newline, the right-to-left override, a left-to-right isolate and a pop. */
const HOSTILE = ['\u0000', '\n', '\u202e', '\u2066', '\u202c', '\u200f'];

describe('notices quote values from the hash safely', () => {
  it('escapes control and bidirectional characters instead of echoing them', () => {
    expect(quoteSafely('a\u0000b\u202ec')).toBe('a\\u{0}b\\u{202e}c');
    expect(quoteSafely('x'.repeat(100), 80)).toBe(`${'x'.repeat(80)}…`);
  });

  it('no notice of any hash part carries NUL or a bidi control', () => {
    const raw = encodeURIComponent('1\u0000\u202eevil');
    const { notices } = readHash(`#steps=${raw}&schedule=${raw}&embed=${raw}&expr=x&at=x:${raw}&${raw}=1`);
    expect(notices.length).toBeGreaterThanOrEqual(5);
    for (const notice of notices) {
      for (const ch of HOSTILE) expect(notice, notice).not.toContain(ch);
    }
    expect(notices.join(' ')).toContain('\\u{202e}');
  });
});
