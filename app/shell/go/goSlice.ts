import type { StateCreator } from 'zustand';
import { installedFeatures } from '../../state/store/index.ts';
import type { GoTarget, LabState } from '../../state/store/types.ts';

/** How many times a link has asked for each target: each rise brings its part into view once (0 or absent: never). */
export interface GoSlice {
  sectionLinked: Readonly<Partial<Record<GoTarget, number>>>;
  noteSectionLinked: (target: GoTarget) => void;
}

export const createGoSlice: StateCreator<GoSlice, [], [], GoSlice> = (set) => ({
  sectionLinked: {},
  noteSectionLinked: (target) => set((s) => ({ sectionLinked: { ...s.sectionLinked, [target]: (s.sectionLinked[target] ?? 0) + 1 } })),
});

/** Follows a `go=` link: what the feature that declares the target says (want its section's body, open it, bring it into view). */
export function followGo(target: GoTarget, state: LabState): void {
  for (const feature of installedFeatures()) {
    const action = feature.go?.[target];
    if (action) return action(state);
  }
}
