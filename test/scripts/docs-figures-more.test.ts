import { describe } from 'vitest';
import { checkDocs } from './docsFigures.ts';

describe('the figures of engine/checkpoint/README.md and docs/cli.md are what their commands print', () => {
  checkDocs(['engine/checkpoint/README.md', 'docs/cli.md']);
});
