// `npm run docs`: writes the figures of README.md and docs/ from the commands that print them
// (scripts/docs/blocks.ts). Run it after a change that moves a figure; test/scripts/docs-figures*.test.ts
// fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOCKS } from './docs/blocks.ts';
import { withBlock } from './docs/sync.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

for (const file of new Set(BLOCKS.map((b) => b.file))) {
  const path = join(ROOT, file);
  const before = readFileSync(path, 'utf8');
  let doc = before;
  for (const block of BLOCKS.filter((b) => b.file === file)) doc = withBlock(doc, block.name, block.render());
  if (doc !== before) writeFileSync(path, doc);
  console.log(`${doc === before ? 'unchanged' : 'wrote'} ${file}`);
}
