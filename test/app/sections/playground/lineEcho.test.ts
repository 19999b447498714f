import { describe, expect, it } from 'vitest';
import { lineEcho } from '../../../../app/sections/playground/lineEcho.ts';

describe('lineEcho', () => {
  it('keeps a one-line expression whole, labelled by its column', () => {
    expect(lineEcho('sin(x))', { start: 6, end: 7 }, 7)).toEqual({ source: 'sin(x))', span: { start: 6, end: 7 }, label: 'column 7' });
  });

  it('shows only the line of a program that holds the problem, with its line and column', () => {
    const src = 'a = Value(1.0)\nb = a *\nc = b';
    expect(lineEcho(src, { start: 22, end: 22 }, 23)).toEqual({ source: 'b = a *', span: { start: 7, end: 7 }, label: 'line 2, column 8' });
    expect(lineEcho(src, { start: 0, end: 1 }, 1).label).toBe('line 1, column 1');
  });
});
