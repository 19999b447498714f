/**
 * One feature's keys in the URL hash, and how it reads and writes them. A feature defines one
 * part beside its own code and names it in its feature record (app/state/feature.ts); nothing else reads
 * its keys. Any text must read to a valid value, with one notice per thing corrected.
 */
export interface HashPart<Read, Write = Read> {
  /** The keys this part owns; no two parts share a key. */
  keys: readonly string[];
  /**
   * How values arrive: `decoded` is percent-decoded with `+` read as a space (form style);
   * `encoded` is exactly as written, for a part whose values keep `+` as plus (an expression).
   */
  raw: 'decoded' | 'encoded';
  /** The part's state from the raw values of its keys (a key absent from the hash is absent here). */
  read(raw: Partial<Record<string, string>>): { value: Read; notices: string[] };
  /** `key=value&…` for the state, or '' when the part writes nothing (it is at its default). */
  write(value: Write): string;
}

/** What a part reads from a hash, for a feature's row in `Features` (app/state/store/types.ts). */
export type HashRead<P> = P extends HashPart<infer R, unknown> ? R : never;
