/**
 * The bugs the section shows, in order, with their labels. The engine's list (BUG_NAMES in
 * engine/bugs/report.ts) is the same: the main thread imports no engine code, so it is repeated
 * here, and test/app/sections/bugs/hash.test.ts checks the two agree.
 */
export const BUGS = [
  { name: 'zero-grad', label: 'zero_grad() forgotten' },
  { name: 'detach', label: 'detach() in the wrong place' },
  { name: 'in-place', label: 'an in-place change' },
  { name: 'retain-graph', label: 'a second backward()' },
  { name: 'overwrite', label: '= instead of +=' },
  { name: 'graph-alive', label: 'total += loss' },
  { name: 'free-late', label: 'buffers freed late' },
  { name: 'float32', label: 'gradcheck in float32' },
] as const;

export type BugKey = (typeof BUGS)[number]['name'];

/** The bug of a name, if it is one. */
export function bugOf(name: string): BugKey | null {
  return BUGS.some((b) => b.name === name) ? (name as BugKey) : null;
}
