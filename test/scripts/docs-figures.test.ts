import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../../scripts/docs/blocks.ts';
import { blockNames, blockText } from '../../scripts/docs/sync.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the figures of README.md and docs/ are what their commands print', () => {
  for (const block of BLOCKS) {
    it(`${block.file}: ${block.name} (run \`npm run docs\` to write it again)`, () => {
      expect(blockText(read(block.file), block.name)).toBe(block.render());
    });
  }

  it('every block a doc marks is one the generator writes', () => {
    for (const file of new Set(BLOCKS.map((b) => b.file))) {
      const known = BLOCKS.filter((b) => b.file === file).map((b) => b.name);
      expect(blockNames(read(file)).sort(), file).toEqual([...known].sort());
    }
  });
});
