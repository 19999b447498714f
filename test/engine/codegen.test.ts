import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_PROGRAM, STEP_RECORDER } from '../../engine/chain.ts';
import {
  arithmeticsSource,
  BINARY_RULES,
  GENERATED_ARITHMETICS,
  GENERATED_PRIMITIVES,
  GENERATED_STEP,
  OP_SHIFT,
  primitivesSource,
  stepRecorderSource,
  UNARY_RULES,
} from '../../engine/codegen.ts';
import { ARITY, Op } from '../../engine/ops.ts';
import { trace } from '../../engine/program.ts';
import { INDEX_BITS } from '../../engine/tape.ts';

const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('engine/generated/, written from the op table and the chain’s traced step', () => {
  it('is up to date (run `npm run generate` after changing the op table or the step map)', () => {
    expect(committed(GENERATED_PRIMITIVES)).toBe(primitivesSource());
    expect(committed(GENERATED_ARITHMETICS)).toBe(arithmeticsSource());
    expect(committed(GENERATED_STEP)).toBe(stepRecorderSource(STEP_PROGRAM, STEP_RECORDER.name, STEP_RECORDER.describe));
  });

  it('has one rule for every primitive, binary ones among the binary rules', () => {
    const ruled = [...BINARY_RULES, ...UNARY_RULES].map((r) => r.op).sort((a, b) => a - b);
    const primitives = Object.values(Op).filter((op) => ARITY[op] > 0);
    expect(ruled).toEqual(primitives);
    for (const rule of BINARY_RULES) expect(ARITY[rule.op]).toBe(2);
    for (const rule of UNARY_RULES) expect(ARITY[rule.op]).toBe(1);
  });

  it('writes constants exactly, −0 included', () => {
    const p = trace(1, (ar, [x]) => ar.addConst(ar.mulConst(x, -0), 0.1), 0);
    const source = stepRecorderSource(p, 'f', 'a test program');
    expect(source).toContain('const v1 = (-0) * x0;');
    expect(source).toContain('const v2 = v1 + 0.1;');
  });

  it('writes head words with the tape’s own layout', () => {
    expect(OP_SHIFT).toBe(INDEX_BITS);
  });

  it('writes the step straight: no dispatch, one node per instruction, every operand in a local', () => {
    const source = committed(GENERATED_STEP);
    expect(source).not.toMatch(/switch|for \(/);
    expect(source.match(/const r\d+ = n\+\+;/g)).toHaveLength(STEP_PROGRAM.op.length);
  });
});
