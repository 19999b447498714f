import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../../../engine/chain.ts';
import { tradeoffsFigures } from '../../../../engine/tradeoffs/report.ts';
import { makeFrame, MARGIN } from '../../../../app/ui/charts/frame.ts';
import { barPairs } from '../../../../app/sections/tradeoffs/figures/barsLayout.ts';
import { costLayout, inputLabel, jacobianHeat } from '../../../../app/ui/charts/jacobianLayout.ts';
import { memoryLayout } from '../../../../app/sections/tradeoffs/figures/memoryLayout.ts';
import { curveLayout, gradientLayout, stepMagnitudes } from '../../../../app/sections/tradeoffs/figures/truncationLayout.ts';

const frame = makeFrame(600, 260, MARGIN);
const f = tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5 });

describe('the figures’ layouts', () => {
  it('the truncated gradient: a dot for each step the sweep reached, the rest shaded up to the cut', () => {
    const l = gradientLayout(f.gradient, 10, frame);
    expect(l.kept.map((d) => d.t)).toEqual(Array.from({ length: 10 }, (_, i) => 30 + i));
    expect(l.stopped.x1).toBeCloseTo(l.cutX, 9);
    expect(l.cutX).toBeCloseTo((30 / 40) * frame.innerWidth, 9);
    expect(l.fullPath.startsWith('M0,')).toBe(false);
    expect(gradientLayout(f.gradient, 40, frame).stopped.x1).toBe(0);
    expect(gradientLayout(f.gradient, 0, frame).kept).toEqual([]);
    expect(stepMagnitudes({ a: [3], b: [4] })[0]).toBe(5);
  });

  it('the error curve leaves off K = T (error 0) and marks the window', () => {
    const l = curveLayout(f.truncationCurve, 10, frame);
    expect(l.path.split(/[ML]/).filter(Boolean)).toHaveLength(40);
    expect(l.marker?.value).toBe(f.truncation.relativeError);
    expect(curveLayout(f.truncationCurve, 40, frame).marker).toBeNull();
    expect(curveLayout(f.truncationCurve, 40, frame).markerX).toBe(frame.innerWidth);
  });

  it('memory: both lines over the 2T moments, the sweep starting halfway', () => {
    const l = memoryLayout(f.recompute.saved.bytesTrace, f.recompute.recomputed.bytesTrace, frame);
    expect(l.sweepX).toBeCloseTo(frame.innerWidth / 2, 9);
    // the first moment holds nothing and is left off the log axis
    expect(l.savedPath.split(/[ML]/).filter(Boolean)).toHaveLength(80);
    expect(l.yTicks.every((t) => t.label.endsWith(' B'))).toBe(true);
  });

  it('the Jacobian heat map: one pixel per entry of rows[i].values, a column per named input, blank where t ≥ s', () => {
    // All P + 2 inputs by default: x0, c, a0, b0, …, a39, b39.
    const heat = jacobianHeat(f.jacobian.rows, f.jacobian.inputs, ['#ffffff', '#000000']);
    expect(f.jacobian.inputs.slice(0, 4)).toEqual(['x0', 'c', 'a0', 'b0']);
    expect(heat.columns).toBe(82);
    expect(heat.rows).toBe(5);
    const alpha = (h: typeof heat, row: number, column: number) => h.pixels[4 * (row * h.columns + column) + 3];
    // row 0 is x_36: x_0, c and a_35 (column 2 + 70) reach it, a_36 (column 2 + 72) does not
    expect(alpha(heat, 0, 0)).toBe(255);
    expect(alpha(heat, 0, 1)).toBe(255);
    expect(alpha(heat, 0, 72)).toBe(255);
    expect(alpha(heat, 0, 74)).toBe(0);
    expect(alpha(heat, 4, 81)).toBe(255);
    // The inputs lever N: N = 3 draws x0, c and a0 only, in that order; N = 1, the one column of x0.
    const three = tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 3 });
    const narrow = jacobianHeat(three.jacobian.rows, three.jacobian.inputs, ['#ffffff', '#000000']);
    expect(narrow.columns).toBe(3);
    expect(three.jacobian.inputs).toEqual(['x0', 'c', 'a0']);
    // The same entries as the full map's first three columns, coloured on their own scale.
    for (let i = 0; i < 5; i++) {
      expect(Array.from(three.jacobian.rows[i].values)).toEqual(Array.from(f.jacobian.rows[i].values.slice(0, 3)));
      for (let j = 0; j < 3; j++) expect(alpha(narrow, i, j)).toBe(255);
    }
    const one = tradeoffsFigures(defaultParams(40), { window: 10, outputs: 5, inputs: 1 });
    expect(jacobianHeat(one.jacobian.rows, one.jacobian.inputs, ['#ffffff', '#000000']).columns).toBe(1);
    expect(['x0', 'c', 'a12', 'b7'].map(inputLabel)).toEqual(['x₀', 'c', 'a₁₂', 'b₇']);
  });

  it('cost against M: lines through every measured point, the crossover only when there is one', () => {
    const points = [1, 2, 3].map((m) => ({ outputs: m, forwardWork: 7, reverseWork: 1 + m, forwardMicroseconds: 10, reverseMicroseconds: 4 * m }));
    const work = costLayout(points, 2, 3, 'work', null, frame);
    expect(work.forwardDots).toHaveLength(3);
    expect(work.crossoverX).toBeNull();
    expect(work.markerX).toBeCloseTo(frame.innerWidth / 2, 9);
    const time = costLayout(points, 2, 3, 'time', 3, frame);
    expect(time.crossoverX).toBeCloseTo(frame.innerWidth, 9);
    expect(time.reverseDots[2].y).toBeLessThan(time.reverseDots[0].y);
  });

  it('bar pairs: each pair to its own scale, a missing time shown as …', () => {
    const [nodes, time] = barPairs(
      [
        { label: 'nodes', values: [565, 122], format: String },
        { label: 'time', values: [null, null], format: String },
      ],
      400,
    );
    expect(nodes.length).toEqual([400, (122 / 565) * 400]);
    expect(nodes.text).toEqual(['565', '122']);
    expect(time.length).toEqual([0, 0]);
    expect(time.text).toEqual(['…', '…']);
  });
});
