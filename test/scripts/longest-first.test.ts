import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_FILE_SECONDS, expectedSeconds, UNIT_FILE_SECONDS } from '../../scripts/vitest/longest-first.ts';

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

describe('the slow unit files start first', () => {
  it('names only unit test files that exist', () => {
    const found = (dir: string) => readdirSync(new URL(`../${dir}/`, import.meta.url)).filter((f) => f.endsWith('.test.ts'));
    const files = new Set([...found('scripts'), ...found('cli')]);
    for (const name of Object.keys(UNIT_FILE_SECONDS)) expect(files.has(name), name).toBe(true);
  });
});
