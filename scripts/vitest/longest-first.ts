import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in a run of the browser tests on two cores (2026-12-03,
 * 04:51, one Chromium a worker, each test's page in its shared context). Only their order
 * matters: the files start longest first, so the two workers finish together. lesson-bugs.test.ts
 * took 21 s, on 2026-12-03 at 07:20, once it held the section's code back for ten seconds. In the order vitest
 * chose by itself (largest file first) the stage took 319 s for 584 s of files (2026-12-02), where
 * 292 s would have split them evenly. A file missing here starts first
 * (test/scripts/longest-first.test.ts fails until it is added).
 */
export const BROWSER_FILE_SECONDS: Readonly<Record<string, number>> = {
  'tradeoffs.test.ts': 43,
  'figures.test.ts': 33,
  'lesson-later.test.ts': 29,
  'lesson.test.ts': 28,
  'tensor.test.ts': 28,
  'share.test.ts': 27,
  'app.test.ts': 25,
  'playground.test.ts': 25,
  'tape.test.ts': 24,
  'trust.test.ts': 24,
  'bugs.test.ts': 22,
  'lesson-bugs.test.ts': 21,
  'playground-tensor.test.ts': 21,
  'practice.test.ts': 20,
  'presenter.test.ts': 18,
  'bugs-more.test.ts': 17,
  'practice-pose.test.ts': 13,
  'long-skips.test.ts': 11,
  'resilience.test.ts': 11,
  'long-chain.test.ts': 9,
  'offline-lesson.test.ts': 8,
  'graph.test.ts': 6,
  'memory-model.test.ts': 6,
  'lesson-links.test.ts': 5,
  'tradeoffs-stages.test.ts': 3,
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
