/**
 * A small seeded pseudo-random generator, so a practice problem is a pure function of
 * (kind, level, seed): the page, the command line and the tests all draw the same numbers.
 */

/** The kinds of practice problem. */
export type PracticeKind = 'adjoints' | 'rule' | 'bug';

/** Uniform draws in [0, 1) from one 32-bit state (mulberry32), with the picks a generator needs. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next draw, uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/**
 * The generator for one problem: (kind, level, seed) hashed by FNV-1a into a 32-bit state, so
 * neighbouring seeds, and the same seed at another level or kind, give unrelated problems.
 */
export function prngFor(kind: PracticeKind, level: number, seed: number): Prng {
  let h = 0x811c9dc5;
  for (const ch of `${kind}:${level}:${seed}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return new Prng(h >>> 0);
}
