import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_FILE_SECONDS, expectedSeconds } from '../../scripts/vitest/longest-first.ts';

describe('the browser tests start longest first', () => {
  it('knows every browser test file, and no file that is gone', () => {
    const files = readdirSync(new URL('../e2e/', import.meta.url)).filter((f) => f.endsWith('.test.ts'));
    expect(Object.keys(BROWSER_FILE_SECONDS).sort()).toEqual([...files].sort());
  });

  it('puts a file it does not know first', () => {
    expect(expectedSeconds('test/e2e/new.test.ts')).toBe(Infinity);
    expect(expectedSeconds('/abs/test/e2e/tradeoffs.test.ts')).toBe(BROWSER_FILE_SECONDS['tradeoffs.test.ts']);
  });
});
