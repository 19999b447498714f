import { describe, expect, it } from 'vitest';
import { formatMs } from '../../../app/lab/timing/TimeTable.tsx';

describe('the time table’s durations', () => {
  it('keep two significant digits below 100 and whole numbers above, never an exponent', () => {
    expect([0.042, 3.14, 440, 9400, 720_000, 8_280_000, 140 * 3_600_000].map(formatMs)).toEqual([
      '0.042 ms',
      '3.1 ms',
      '440 ms',
      '9.4 s',
      '12 min',
      '2.3 h',
      '140 h',
    ]);
    expect(formatMs(Number.NaN)).toBe('—');
  });
});
