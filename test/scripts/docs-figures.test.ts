import { describe, expect, it } from 'vitest';
import { checkDocs, DOC_FILES } from './docsFigures.ts';

/** README.md, docs/measurements.md (the run, the audit, schedules, long chains, grad, tradeoffs) and docs/teaching.md's table of chapters. */
const MAIN_DOCS = ['README.md', 'docs/measurements.md', 'docs/teaching.md'];
/** The other half, in docs-figures-more.test.ts. */
const MORE_DOCS = ['engine/checkpoint/README.md', 'docs/cli.md'];

describe('the figures of README.md and docs/measurements.md are what their commands print', () => {
  checkDocs(MAIN_DOCS);

  it('the two doc test files cover every file that has a figure block', () => {
    expect([...MAIN_DOCS, ...MORE_DOCS].sort()).toEqual([...DOC_FILES].sort());
  });
});
