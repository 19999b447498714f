import { scaleLinear, scaleLog } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  indexAfterKey,
  integerSpec,
  logSpec,
  nearestPoint,
  snapPosition,
  valueAfterKey,
  valueAtPixel,
} from '../../app/ui/charts/chartControl.ts';
import { EPS_POSITION, epsFromPosition } from '../../app/state/settings/epsSlider.ts';

const eps = logSpec(EPS_POSITION.min, EPS_POSITION.max, EPS_POSITION.step, epsFromPosition);

describe('the arithmetic of chart controls', () => {
  it('an epsilon marker steps a tenth of a decade per arrow and a decade per page, as the header slider does', () => {
    expect(valueAfterKey(eps, 1e-5, 'ArrowRight')).toBe(1.3e-5);
    expect(valueAfterKey(eps, 1e-5, 'ArrowLeft')).toBe(7.9e-6);
    expect(valueAfterKey(eps, 1e-5, 'PageUp')).toBe(1e-4);
    expect(valueAfterKey(eps, 1e-5, 'PageDown')).toBe(1e-6);
    expect(valueAfterKey(eps, 1e-5, 'Home')).toBe(1e-16);
    expect(valueAfterKey(eps, 1e-5, 'End')).toBe(1);
    expect(valueAfterKey(eps, 1, 'ArrowUp')).toBe(1);
    expect(valueAfterKey(eps, 1e-5, 'a')).toBeNull();
  });

  it('a pixel maps back through the chart’s own scale, snapped to the control’s grid and clamped', () => {
    const x = scaleLog().domain([1e-16, 1]).range([0, 160]);
    // 10 px a decade: x = 112 is 10^−4.8, shown as 1.6e-5.
    expect(valueAtPixel(eps, x, 112)).toBe(1.6e-5);
    expect(valueAtPixel(eps, x, 113.04)).toBe(2e-5);
    expect(valueAtPixel(eps, x, -30)).toBe(1e-16);
    expect(valueAtPixel(eps, x, 400)).toBe(1);
    const steps = integerSpec(2, 200);
    const t = scaleLog().domain([1, 200]).range([0, 100]);
    expect(valueAtPixel(steps, t, 50)).toBe(14);
    expect(valueAtPixel(steps, t, 0)).toBe(2);
    expect(valueAtPixel(steps, scaleLinear().domain([0, 40]).range([0, 400]), 251)).toBe(25);
  });

  it('snaps positions without float drift', () => {
    expect(snapPosition(eps, -4.899999999)).toBe(-4.9);
    expect(snapPosition(integerSpec(0, 10), 3.5)).toBe(4);
    expect(snapPosition(integerSpec(0, 10), Number.NaN)).toBe(0);
  });

  it('moves among a list of choices and finds the point nearest a click', () => {
    expect(indexAfterKey(3, 10, 'ArrowRight')).toBe(4);
    expect(indexAfterKey(9, 10, 'ArrowRight')).toBe(9);
    expect(indexAfterKey(0, 10, 'ArrowLeft')).toBe(0);
    expect(indexAfterKey(5, 10, 'End')).toBe(9);
    expect(indexAfterKey(5, 10, 'Enter')).toBeNull();
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ];
    expect(nearestPoint(points, 9, 1, 5)).toBe(1);
    expect(nearestPoint(points, 9, 8, 5)).toBe(2);
    expect(nearestPoint(points, 50, 50, 5)).toBe(-1);
  });
});
