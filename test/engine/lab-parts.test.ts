import { describe, expect, it } from 'vitest';
import { CACHED_PART_SETTINGS, CACHED_PARTS } from '../../engine/cached-parts.ts';
import { PART_COMPUTE, RunInputs } from '../../engine/lab-parts.ts';
import type { LabSettings } from '../../engine/report.ts';
import { CHAIN_DEFAULTS, SETTINGS } from '../../engine/settings-table.ts';

/** The settings-table keys `compute` reads from the settings, recorded by a proxy over them. */
function settingsRead(compute: (run: RunInputs) => unknown, settings: LabSettings): Set<string> {
  const reads = new Set<string>();
  const keys = new Set<string>(SETTINGS.keys);
  const watched = new Proxy(settings, {
    get(target, key, receiver) {
      if (typeof key === 'string' && keys.has(key)) reads.add(key);
      return Reflect.get(target, key, receiver);
    },
  });
  compute(new RunInputs(watched));
  return reads;
}

/** The settings `compute` reads that `declared` does not name. */
function undeclared(compute: (run: RunInputs) => unknown, declared: readonly string[], settings: LabSettings): string[] {
  return [...settingsRead(compute, settings)].filter((key) => !declared.includes(key));
}

/** The defaults on a short chain, once per schedule (the work curve reads the stride or the snapshots). */
const CASES: LabSettings[] = [
  { ...CHAIN_DEFAULTS, steps: 12 },
  { ...CHAIN_DEFAULTS, steps: 12, schedule: 'revolve' },
];

describe('each cached part declares the settings it reads', () => {
  it.each(CACHED_PARTS)('%s reads no setting it does not declare', (part) => {
    for (const settings of CASES) expect(undeclared(PART_COMPUTE[part], CACHED_PART_SETTINGS[part], settings)).toEqual([]);
  });

  it('the check catches a part that reads a setting it does not declare', () => {
    const readsEps = (run: RunInputs) => run.params.a.length * run.settings.eps;
    const allButEps = SETTINGS.keys.filter((key) => key !== 'eps');
    expect(undeclared(readsEps, allButEps, CASES[0])).toEqual(['eps']);
    // Through the run's shared inputs too: the parameters read the chain's constants.
    expect(undeclared((run) => run.reverse.loss, ['steps'], CASES[0]).sort()).toEqual(['c', 'target', 'x0']);
  });

  it('every part is computed from at least one setting it declares', () => {
    for (const part of CACHED_PARTS) {
      const read = settingsRead(PART_COMPUTE[part], CASES[0]);
      expect(CACHED_PART_SETTINGS[part].some((key) => read.has(key))).toBe(true);
    }
  });
});
