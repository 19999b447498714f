import { describe, expect, it } from 'vitest';
import { formatBytes, formatEps, formatNumber, formatPowerOfTen, formatWork } from '../../app/ui/format.ts';
import { epsFromPosition, positionFromEps } from '../../app/state/settings/epsSlider.ts';

describe('number formatting', () => {
  it('writes small and large numbers in short exponent form', () => {
    expect(formatNumber(6.1234e-12)).toBe('6.1e-12');
    expect(formatNumber(1.2e6)).toBe('1.2e6');
    expect(formatNumber(0.1352)).toBe('0.135');
    expect(formatNumber(81)).toBe('81');
    expect(formatNumber(-0.566)).toBe('−0.566');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(NaN)).toBe('—');
    expect(formatNumber(Infinity)).toBe('∞');
  });

  it('writes an epsilon as 1e-5 and work units without trailing zeros', () => {
    expect(formatEps(1e-5)).toBe('1e-5');
    expect(formatEps(1.78e-7)).toBe('1.8e-7');
    expect(formatEps(1)).toBe('1e0');
    expect(formatWork(2.75)).toBe('2.75');
    expect(formatWork(161)).toBe('161');
    expect(formatPowerOfTen(1e-12)).toBe('10⁻¹²');
    expect(formatPowerOfTen(1)).toBe('1');
    expect(formatBytes(680)).toBe('680 B');
    expect(formatBytes(27_328)).toBe('26.7 KiB');
  });

  it('maps the log slider to short epsilons and back', () => {
    expect(epsFromPosition(-5)).toBe(1e-5);
    expect(epsFromPosition(-4.9)).toBe(1.3e-5);
    expect(epsFromPosition(-16)).toBe(1e-16);
    expect(epsFromPosition(0)).toBe(1);
    expect(epsFromPosition(3)).toBe(1);
    expect(positionFromEps(1e-5)).toBeCloseTo(-5);
  });
});
