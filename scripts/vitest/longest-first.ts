import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in a fresh-clone run of `npm test` on two cores
 * (2026-12-02, 17:05). Only their order matters: the files start longest first, so the two
 * workers finish together. In the order vitest chose by itself (largest file first) the stage
 * took 319 s for 584 s of files, where 292 s would have split them evenly. A file missing here
 * starts first (test/scripts/longest-first.test.ts fails until it is added).
 */
export const BROWSER_FILE_SECONDS: Readonly<Record<string, number>> = {
  'tradeoffs.test.ts': 54,
  'playground.test.ts': 41,
  'lesson.test.ts': 38,
  'figures.test.ts': 38,
  'app.test.ts': 36,
  'tensor.test.ts': 35,
  'share.test.ts': 34,
  'tape.test.ts': 26,
  'practice.test.ts': 26,
  'trust.test.ts': 25,
  'presenter.test.ts': 25,
  'lesson-later.test.ts': 25,
  'bugs.test.ts': 23,
  'playground-tensor.test.ts': 22,
  'practice-pose.test.ts': 22,
  'bugs-more.test.ts': 22,
  'lesson-bugs.test.ts': 14,
  'long-skips.test.ts': 12,
  'long-chain.test.ts': 12,
  'memory-model.test.ts': 12,
  'resilience.test.ts': 10,
  'offline-lesson.test.ts': 8,
  'graph.test.ts': 8,
  'lesson-links.test.ts': 8,
  'tradeoffs-stages.test.ts': 6,
};

/** The seconds a browser test file is expected to take: Infinity for one not in the table, so it starts first. */
export function expectedSeconds(file: string): number {
  return BROWSER_FILE_SECONDS[basename(file)] ?? Infinity;
}

/**
 * Vitest's own order, except that the browser tests (project `e2e`) start longest first. The
 * other projects' files keep vitest's order (it runs projects one after another).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    const others = sorted.filter((f) => f.project.name !== 'e2e');
    browser.sort((a, b) => expectedSeconds(b.moduleId) - expectedSeconds(a.moduleId));
    // Where the browser files stood among the projects (vitest puts projects in name order).
    const at = sorted.findIndex((f) => f.project.name === 'e2e');
    return at < 0 ? sorted : [...others.slice(0, at), ...browser, ...others.slice(at)];
  }
}
