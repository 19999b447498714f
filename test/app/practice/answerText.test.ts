import { describe, expect, it } from 'vitest';
import { readAnswer, readNumber } from '../../../app/practice/answerText.ts';

describe('a typed answer, read as a learner writes it', () => {
  it('reads a point or a decimal comma, a leading + or a true minus, an exponent', () => {
    expect(readAnswer('0.25')).toBe(0.25);
    expect(readAnswer('6,267')).toBe(6.267);
    expect(readAnswer('−0,5')).toBe(-0.5);
    expect(readAnswer('+2.8')).toBe(2.8);
    expect(readAnswer(' −1.934 ')).toBe(-1.934);
    expect(readAnswer('1.2e-3')).toBe(0.0012);
    expect(readAnswer('.5')).toBe(0.5);
  });

  it('reads a simple fraction and a product of numbers', () => {
    expect(readAnswer('1/1.703')).toBeCloseTo(1 / 1.703, 12);
    expect(readAnswer('2.8 × −0.69')).toBeCloseTo(-1.932, 12);
    expect(readAnswer('2.8*0.5')).toBe(1.4);
    expect(readAnswer('0.5 · 2 / 4')).toBe(0.25);
  });

  it('empty is no answer; what cannot be read is named, with what to write', () => {
    expect(readNumber('')).toEqual({ value: null, error: null });
    expect(readNumber('   ')).toEqual({ value: null, error: null });
    for (const bad of ['abc', '1..2', '6;2', '1/2/3', '2 +', 'e5']) {
      const r = readNumber(bad);
      expect(r.value, bad).toBeNull();
      expect(r.error, bad).toContain('write a number such as 0.25');
    }
    expect(readNumber('1/0').error).toContain('divides by 0');
  });
});
