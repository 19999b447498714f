import { describe, expect, it } from 'vitest';
import { parseLessonHash } from '../../../app/lesson/route.ts';
import { parsePracticeHash } from '../../../app/practice/wire.ts';
import { decodePlayground } from '../../../app/sections/playground/hash.ts';
import { decodeTradeoffs } from '../../../app/sections/tradeoffs/hashPart.ts';
import { hashParts, readHash, splitHash } from '../../../app/state/url/hash.ts';
import { quoteForNotice } from '../../../app/state/url/quoteForNotice.ts';

/** The right-to-left override, a left-to-right isolate, NUL and a newline, with how each is escaped. */
const HOSTILE: [string, string][] = [
  ['\u202e', '\\u{202e}'],
  ['\u2066', '\\u{2066}'],
  ['\u0000', '\\u{0}'],
  ['\n', '\\u{a}'],
];

const KEYS = hashParts().flatMap((part) => [...part.keys]);

/** Every notice any hash reader makes of `hash`: the lab's, the lesson's, practice's, the levers', the playground's. */
function allNotices(hash: string): string[] {
  const raw = splitHash(hash).raw;
  return [
    ...readHash(hash).notices,
    ...(parseLessonHash(hash, 10)?.notices ?? []),
    ...(parseLessonHash(`${hash}&lesson=1`, 10)?.notices ?? []),
    // Practice reads its level, seed and pose only beside a practice key.
    ...(parsePracticeHash(`${hash}&practice=adjoints`)?.notices ?? []),
    ...decodeTradeoffs(raw.tradeoffs, 40).notices,
    ...decodePlayground(raw.playground).notices,
  ];
}

describe('one escaping function for every hash reader’s notices', () => {
  it('quotes a value with its control and bidi characters written out, cut to its length', () => {
    expect(quoteForNotice('\u202e7')).toBe('“\\u{202e}7”');
    expect(quoteForNotice('x'.repeat(20))).toBe(`“${'x'.repeat(16)}…”`);
    expect(quoteForNotice(12)).toBe('“12”');
  });

  it.each(HOSTILE)('no notice shows a raw %j, whichever key carries it, as value or as key', (ch, escaped) => {
    expect(KEYS.length).toBeGreaterThanOrEqual(15);
    const seenEscaped = new Set<string>();
    for (const key of KEYS) {
      for (const hash of [`#${key}=${encodeURIComponent(`${ch}7`)}`, `#${key}=${encodeURIComponent(`x${ch}`)}`, `#${encodeURIComponent(`${key}${ch}`)}=1`]) {
        for (const notice of allNotices(hash)) {
          expect(notice, `${key}: ${JSON.stringify(notice)}`).not.toContain(ch);
          if (notice.includes(escaped)) seenEscaped.add(key);
        }
      }
    }
    // The keys the issue probed quote the value, escaped (so the loop above is not vacuous).
    for (const key of ['lesson', 'present', 'window', 'outputs', 'fused', 'steps', 'schedule', 'embed', 'bug', 'practice', 'level', 'seed', 'pose']) {
      expect(seenEscaped, key).toContain(key);
    }
  });
});
