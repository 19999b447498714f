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
  'lesson-sliders.test.ts': 25,
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
  'presenter.test.ts': 26,
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

/**
 * The unit test files that take seconds, not milliseconds (2026-12-05, 00:01, two workers): the
 * doc-figure checks run the commands the docs quote (`audit`, `run --steps 100000`). Vitest on a
 * fresh clone has no timings of its own and starts small files first, so these started last and
 * the stage ended with one worker running an 18 s file alone (43–55 s on fresh clones against
 * 39 s in the work tree). They start first; the other unit files keep vitest's order after them.
 */
export const UNIT_FILE_SECONDS: Readonly<Record<string, number>> = {
  'docs-figures.test.ts': 18,
  'cli.test.ts': 9,
  'docs-figures-more.test.ts': 6,
  'tradeoffs.test.ts': 3,
};

/** The seconds a browser test file is expected to take: Infinity for one not in the table, so it starts first. */
export function expectedSeconds(file: string): number {
  return BROWSER_FILE_SECONDS[basename(file)] ?? Infinity;
}

/** Seconds a unit test file is expected to take: 0 for one not in UNIT_FILE_SECONDS. */
function unitSeconds(file: TestSpecification): number {
  return file.project.name === 'unit' ? (UNIT_FILE_SECONDS[basename(file.moduleId)] ?? 0) : 0;
}

/**
 * Vitest's own order, except that the browser tests (project `e2e`) start longest first and the
 * slow unit files (UNIT_FILE_SECONDS) before the other unit tests.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    // Array.prototype.sort is stable: files of equal seconds (the zeros) keep vitest's order.
    const others = sorted.filter((f) => f.project.name !== 'e2e').sort((a, b) => unitSeconds(b) - unitSeconds(a));
    browser.sort((a, b) => expectedSeconds(b.moduleId) - expectedSeconds(a.moduleId));
    // Where the browser files stood among the projects (vitest puts projects in name order).
    const at = sorted.findIndex((f) => f.project.name === 'e2e');
    return at < 0 ? sorted : [...others.slice(0, at), ...browser, ...others.slice(at)];
  }
}
