/**
 * Random junk URL hashes for the browser tests: valid and unknown keys with values a hand-edited
 * or malicious link might carry. Seeded, so a failure can be replayed.
 */
const KEYS = ['steps', 'eps', 'stride', 'schedule', 'snapshots', 'c', 'x0', 'target', 'embed', 'panels', 'theme', 'x', '__proto__', 'constructor', ''];

const VALUES = [
  '1e308',
  '-1e308',
  '1e400',
  '9'.repeat(400),
  '-' + '1'.repeat(400),
  '0.' + '0'.repeat(398) + '1',
  'NaN',
  'Infinity',
  '-Infinity',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'weekly',
  'REVOLVE',
  '%E0%A4%A',
  '%',
  '0x10',
  '1,5',
  ' 40 ',
  '-0',
  '',
  '🙂',
  'fd,work,bogus',
  '1',
  '0',
  'a'.repeat(3000),
  '2.5e-17',
  '-5',
  '1e-400',
];

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` junk hashes (each with a leading #), each led by a setting with an extreme or unreadable value. */
export function junkHashes(count: number, seed = 8): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts: string[] = [`${pick(KEYS.slice(0, 8))}=${encodeURIComponent(pick(VALUES.slice(0, 12)))}`];
    const extra = 1 + Math.floor(next() * 6);
    for (let j = 0; j < extra; j++) {
      const raw = next() < 0.15;
      const value = pick(VALUES);
      parts.push(`${pick(KEYS)}=${raw ? value : encodeURIComponent(value)}`);
    }
    if (next() < 0.2) parts.push('&&=&');
    out.push(`#${parts.join('&')}`);
  }
  return out;
}
