import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../../../engine/tensor/trainer.ts';
import { compareTapes } from '../../../../engine/tensor/compare.ts';
import { makeFrame, MARGIN } from '../../../../app/ui/charts/frame.ts';
import { CLASS_RGB, decisionLayout, decisionPixels, type GridData } from '../../../../app/sections/tensor/decisionLayout.ts';
import { lossLayout } from '../../../../app/sections/tensor/lossLayout.ts';
import { compareRows, ratioText, smallText, tooNoisy, whyRatio } from '../../../../app/sections/tensor/compareText.ts';

const frame = makeFrame(600, 300, MARGIN);

describe('the loss chart’s layout', () => {
  it('fixes the step axis to the run’s length and puts the newest point at its step', () => {
    const losses = Float64Array.from([0.7, 0.5, 0.3, 0.2]);
    const l = lossLayout(losses, 100, frame);
    expect(l.path.startsWith('M0,')).toBe(true);
    expect(l.last).toMatchObject({ step: 3, loss: 0.2 });
    expect(l.last!.x).toBeCloseTo((3 / 100) * frame.innerWidth, 9);
    expect(l.xTicks.at(-1)!.value).toBe(100);
  });

  it('draws the loss on whole decades, at least two, so the axis rarely moves', () => {
    const start = lossLayout(Float64Array.from([0.69]), 400, frame);
    expect(start.yTicks[0].value).toBe(0.01);
    expect(start.yTicks.at(-1)!.value).toBe(1);
    const later = lossLayout(Float64Array.from([0.69, 0.004]), 400, frame);
    expect(later.yTicks[0].value).toBe(0.001);
    const lossy = lossLayout(Float64Array.from([0.69, 0.3]), 400, frame);
    // Lower loss is lower on the plot.
    expect(lossy.last!.y).toBeGreaterThan(lossy.yTicks.at(-1)!.offset);
  });

  it('has no curve and no last point before the first step', () => {
    const l = lossLayout(new Float64Array(0), 400, frame);
    expect(l.path).toBe('');
    expect(l.last).toBeNull();
  });
});

/** A grid split down the middle: class 1 where x > 0. */
function split(n = 10): GridData {
  const probability = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) probability[r * n + c] = c >= n / 2 ? 0.9 : 0.1;
  return { n, xMin: -1, xMax: 1, yMin: -0.5, yMax: 0.5, probability };
}

describe('the decision region’s layout', () => {
  it('keeps the data’s aspect ratio and places points with y upward', () => {
    const data = { x: Float64Array.from([-1, -0.5, 1, 0.5]), labels: Int32Array.from([0, 1]) };
    const l = decisionLayout(split(), data, 400);
    // x spans 2 + a cell, y spans 1 + a cell: 10 cells of 2/9 across, 10 of 1/9 up.
    expect(l.height).toBeCloseTo(200, 1);
    expect(l.points[0].x).toBeCloseTo(20, 6);
    expect(l.points[0].y).toBeGreaterThan(l.points[1].y);
    expect(l.points.map((p) => p.label)).toEqual([0, 1]);
  });

  it('puts ticks in the data’s own coordinates on both axes, 0 where x₁ = 0 and x₂ = 0', () => {
    const l = decisionLayout(split(), null, 400);
    // x spans −1 − 1/9 … 1 + 1/9 over 400 px; y spans −0.5 − 1/18 … 0.5 + 1/18 over 200 px, upward.
    const zeroX = l.xTicks.find((t) => t.value === 0)!;
    expect(zeroX.offset).toBeCloseTo(200, 6);
    expect(l.xTicks.map((t) => t.label)).toContain('−1');
    const zeroY = l.yTicks.find((t) => t.value === 0)!;
    expect(zeroY.offset).toBeCloseTo(l.height / 2, 6);
    const top = l.yTicks.at(-1)!;
    expect(top.value).toBeGreaterThan(0);
    expect(top.offset).toBeLessThan(zeroY.offset);
  });

  it('traces the boundary P = ½ between the two halves', () => {
    const l = decisionLayout(split(), null, 400);
    const xs = [...l.boundary.matchAll(/[ML]([\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(1);
    // The interior boundary sits halfway across (cell edge 5 of 10), besides the frame's edges.
    expect(xs.some((x) => Math.abs(x - 200) < 1e-6)).toBe(true);
  });

  it('paints the top row of the image from the largest y, tinted towards the likelier class', () => {
    const g = split(2);
    g.probability[2] = 0.5; // row 1 (top), column 0: unsure
    const px = decisionPixels(g, 'light', 0.5);
    expect(Array.from(px.slice(0, 4))).toEqual([255, 255, 255, 255]);
    const { c1 } = CLASS_RGB.light;
    const bottomRight = Array.from(px.slice(12, 15));
    expect(bottomRight).toEqual([0, 1, 2].map((j) => Math.round(255 + (c1[j] - 255) * 0.5 * 0.8)));
  });

  it('draws a real trained network: both classes present, points within the plot', () => {
    const t = createTrainer({ hidden: 8 });
    t.advance(100);
    const s = t.snapshot();
    const l = decisionLayout(s.grid, { x: t.data.x.data, labels: t.data.labels }, 300);
    expect(l.boundary.length).toBeGreaterThan(20);
    for (const p of l.points) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(300);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(l.height);
    }
  });
});

describe('the comparison’s words', () => {
  it('prints the engine’s measured comparison, scalar over tensor', () => {
    const c = compareTapes({ minMs: 0 });
    const rows = compareRows(c);
    expect(rows.map((r) => r.label)).toEqual(['nodes on the tape', 'memory held', 'time per step (alternated, median)']);
    expect(rows[0]).toMatchObject({ scalar: c.scalar.nodes.toLocaleString('en-US'), tensor: String(c.tensor.nodes) });
    expect(rows[2]).toMatchObject({ scalar: '—', ratio: '—' });
    // Timed, but too noisy to tell: neither side's time shows as a number, nor the ratio.
    const noisy = compareRows({ ...c, scalar: { ...c.scalar, msPerStep: 1.2 }, tensor: { ...c.tensor, msPerStep: 0.3 }, ratios: { ...c.ratios, time: 4 }, timeSpread: { low: 1, high: 9, noisy: true } });
    expect(noisy[2]).toMatchObject({ scalar: 'too noisy', tensor: 'too noisy', ratio: 'too noisy' });
    const clear = compareRows({ ...c, scalar: { ...c.scalar, msPerStep: 1.2 }, tensor: { ...c.tensor, msPerStep: 0.3 }, ratios: { ...c.ratios, time: 4 }, timeSpread: { low: 3.8, high: 4.2, noisy: false } });
    expect(clear[2].scalar).toMatch(/^1\.2/);
    expect([2789.27, 6.89, 12.4, null].map(ratioText)).toEqual(['2,789×', '6.9×', '12×', '—']);
    expect([0, 9.71e-17, 1e-12].map(smallText)).toEqual(['0', '9.7e-17', '1e-12']);
  });

  it('explains our time ratio against the often-quoted 10–100× in one sentence', () => {
    const low = whyRatio(2.7);
    expect(low).toMatch(/^Ours is 2\.7×, not the 10–100× often quoted for scalar tapes, because/);
    expect(low.match(/\. /g)).toBeNull();
    expect(whyRatio(30)).toMatch(/^Ours is 30×, within the 10–100× often quoted/);
    expect(whyRatio(null)).toMatch(/not measured/);
    // Timed, but every round was interrupted or the middle half too wide: said so, not as a number.
    expect(whyRatio(Number.NaN, true)).toMatch(/^The two tapes’ times spread too widely to tell/);
    expect(tooNoisy({ ratios: { nodes: 1, bytes: 1, time: Number.NaN }, timeSpread: { low: Number.NaN, high: Number.NaN, noisy: true } })).toBe(true);
    expect(tooNoisy({ ratios: { nodes: 1, bytes: 1, time: 3.9 }, timeSpread: { low: 3.8, high: 4, noisy: false } })).toBe(false);
  });
});
