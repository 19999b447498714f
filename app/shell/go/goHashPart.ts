import type { Feature } from '../../state/feature.ts';
import { installedFeatures } from '../../state/store/index.ts';
import type { GoTarget } from '../../state/store/types.ts';
import type { HashPart } from '../../state/url/part.ts';
import { quoteForNotice } from '../../state/url/quoteForNotice.ts';

/**
 * Every `go=` target, top of the page first: each feature declares its own (its record's `go`,
 * app/state/feature.ts), and this lists them in the order of their sections on the page. The lab's
 * panels come first (`reverse`, `forward`, `fd`, `checkpoint`, `work`), then the tape (`tape`, and
 * `pitfall`: the same with the overwriting sweep on), the playground, and so on down to "Bugs you
 * will meet" (`bugs`, and `hvp`: its Second derivatives part).
 */
export function goTargets(): readonly GoTarget[] {
  const place = (feature: Feature) => feature.section?.place ?? 0;
  return [...installedFeatures()]
    .filter((feature) => feature.go)
    .sort((a, b) => place(a) - place(b))
    .flatMap((feature) => Object.keys(feature.go ?? {}) as GoTarget[]);
}

/**
 * The `go` key: read once when a link is followed, then dropped (it writes nothing back), so
 * the hash goes on describing what is on screen, not where the reader arrived.
 */
export const goHashPart: HashPart<GoTarget | null, null> = {
  keys: ['go'],
  raw: 'decoded',
  read: (raw) => {
    if (raw.go === undefined) return { value: null, notices: [] };
    const text = raw.go.trim().toLowerCase();
    const targets = goTargets();
    const target = targets.find((name) => name === text);
    if (target) return { value: target, notices: [] };
    return { value: null, notices: [`Go: ${quoteForNotice(raw.go)} is not a section (${targets.join(', ')}), so the page stays at the top.`] };
  },
  write: () => '',
};
