// `npm run generate`: writes engine/generated/ from engine/ops.ts (the op table) and the chain's traced step
// (engine/codegen.ts builds the text), and app/ui/formulas/typeset.ts from the page's TeX (app/ui/formulas/tex.ts).
// Run it after changing the op table, the chain's step map or a formula; test/engine/codegen.test.ts and
// test/app/formulas.test.tsx fail until then.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arithmeticsSource, GENERATED_ARITHMETICS, GENERATED_PRIMITIVES, GENERATED_STEP, primitivesSource, stepRecorderSource } from '../engine/codegen.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), text);
  console.log(`wrote ${path}`);
}

write(GENERATED_PRIMITIVES, primitivesSource());
write(GENERATED_ARITHMETICS, arithmeticsSource());
// The step's program is traced from engine/chain.ts, which itself records through the step
// recorder written next: import it only now.
const { STEP_PROGRAM, STEP_RECORDER } = await import('../engine/chain.ts');
write(GENERATED_STEP, stepRecorderSource(STEP_PROGRAM, STEP_RECORDER.name, STEP_RECORDER.describe));

// The page's formulas, typeset once (app/ui/formulas/tex.ts says why).
const katex = (await import('katex')).default;
const { TYPESET_PATH, typesetSource } = await import('../app/ui/formulas/tex.ts');
write(TYPESET_PATH, typesetSource(katex.renderToString));
