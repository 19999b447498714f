import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { BLOCKS } from '../../scripts/docs/blocks.ts';
import { blockNames, blockText } from '../../scripts/docs/sync.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/**
 * The checks of the figure blocks of `files`: each block is what its commands print now, and every
 * block a file marks is one the generator writes. (Two test files share the docs, so the two unit
 * workers render them side by side: the commands take seconds.)
 */
export function checkDocs(files: readonly string[]): void {
  for (const block of BLOCKS.filter((b) => files.includes(b.file))) {
    it(`${block.file}: ${block.name} (run \`npm run docs\` to write it again)`, () => {
      expect(blockText(read(block.file), block.name)).toBe(block.render());
    });
  }

  it(`${files.join(', ')}: every block marked is one the generator writes`, () => {
    for (const file of files) {
      const known = BLOCKS.filter((b) => b.file === file).map((b) => b.name);
      expect(blockNames(read(file)).sort(), file).toEqual([...known].sort());
    }
  });
}

/** Every file that has a block: the two test files together must cover them all. */
export const DOC_FILES = [...new Set(BLOCKS.map((b) => b.file))];
