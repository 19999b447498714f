import { describe, expect, it } from 'vitest';
import { parseTyped, typedKey } from '../../../app/practice/typedAnswers.ts';

describe('typed answers kept across a reload', () => {
  it('are kept by the problem: kind, level and seed, or the learner’s own program', () => {
    expect(typedKey({ kind: 'adjoints', level: 2, seed: 29 })).toBe('tape-lab-practice-typed:adjoints:2:29');
    expect(typedKey({ kind: 'adjoints', level: 2, seed: 30 })).not.toBe(typedKey({ kind: 'adjoints', level: 2, seed: 29 }));
    expect(typedKey({ kind: 'adjoints', level: 1, seed: 1, program: 'x*y' })).not.toBe(typedKey({ kind: 'adjoints', level: 1, seed: 1, program: 'x+y' }));
  });

  it('read back only as text by field; anything else is nothing', () => {
    expect(parseTyped('{"v3":"2,8","v2":"−1.5"}')).toEqual({ v3: '2,8', v2: '−1.5' });
    expect(parseTyped('{"v3":2.8,"v2":"1"}')).toEqual({ v2: '1' });
    for (const bad of [null, '', '{', '[1]', 'null', '"x"']) expect(parseTyped(bad)).toEqual({});
  });
});
