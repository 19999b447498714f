import { interpolateLab, rgb, scaleLog } from 'd3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decadeDomain } from '../../app/ui/charts/domain.ts';
import { EPS_AXIS, errorDomain, parameterLayout, sweepLayout } from '../../app/lab/panels/fdLayout.ts';
import { makeFrame, MARGIN } from '../../app/ui/charts/frame.ts';
import { apart, frontierLayout, type FrontierMark } from '../../app/lab/panels/frontierLayout.ts';
import { gaugeLayout } from '../../app/ui/charts/gauge.ts';
import { heatLevels, INFINITE, rememberHeatLevels, tangentLevels } from '../../engine/heat-levels.ts';
import { HEAT_RAMPS, heatColours, heatWord, magnitudes, tangentHeat } from '../../app/ui/charts/heatmap.ts';
import { spreadLabels } from '../../app/ui/charts/spreadLabels.ts';
import { reverseLayout } from '../../app/lab/panels/reverseLayout.ts';
import { logTicks } from '../../app/ui/charts/ticks.ts';
import type { CheckpointAction } from '../../engine/report.ts';
import { actionDuration, timelineLayout } from '../../app/lab/panels/timelineLayout.ts';
import { workLayout } from '../../app/lab/panels/workLayout.ts';
import { labReport } from './fixture.ts';

const frame = makeFrame(500, 260, MARGIN);
const report = labReport();

/** Every number in an SVG path string. */
const numbersIn = (d: string) => (d.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);

describe('scale helpers', () => {
  it('widens a log domain to whole decades and to a least span', () => {
    expect(decadeDomain([[0.003, 0.2, 0, NaN, -0.5]])).toEqual([1e-3, 1]);
    expect(decadeDomain([[0.5]], { minDecades: 2 })).toEqual([0.01, 1]);
    expect(decadeDomain([[]])).toEqual([1e-3, 1]);
  });

  it('puts log ticks on powers of ten, thinned to the room there is', () => {
    const y = scaleLog().domain([1e-16, 1]).range([200, 0]);
    const ticks = logTicks(y, 5);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.map((t) => t.label)).toContain('1');
    for (const t of ticks) expect(Number.isInteger(Math.log10(t.value))).toBe(true);
  });

  it('spreads labels at least a gap apart, in order, inside the range', () => {
    const out = spreadLabels([100, 101, 103, 20], 12, 0, 110);
    expect(out[3]).toBe(20);
    const sorted = [out[0], out[1], out[2]];
    expect(sorted[1] - sorted[0]).toBeGreaterThanOrEqual(12);
    expect(sorted[2] - sorted[1]).toBeGreaterThanOrEqual(12);
    expect(Math.max(...out)).toBeLessThanOrEqual(110);
  });
});

describe('reverse mode layout', () => {
  it('draws the adjoint along t inside the frame and marks the seed at t = T', () => {
    const l = reverseLayout(report.adjoint, report.gradient.reverse.a, report.gradient.reverse.b, frame);
    const nums = numbersIn(l.adjointPath);
    expect(nums.length).toBe(2 * (report.steps + 1));
    for (let i = 0; i < nums.length; i += 2) {
      expect(nums[i]).toBeGreaterThanOrEqual(-0.01);
      expect(nums[i]).toBeLessThanOrEqual(frame.innerWidth + 0.01);
      expect(nums[i + 1]).toBeGreaterThanOrEqual(-0.01);
      expect(nums[i + 1]).toBeLessThanOrEqual(frame.innerHeight + 0.01);
    }
    expect(l.seed?.t).toBe(report.steps);
    expect(l.seed?.x).toBeCloseTo(frame.innerWidth);
    expect(l.gradA).toHaveLength(report.steps);
  });

  it('breaks the line where the adjoint is zero instead of drawing to −∞', () => {
    const adjoint = new Float64Array([0.1, 0, 0.3, 0.2]);
    const l = reverseLayout(adjoint, new Float64Array(3), new Float64Array(3), frame);
    expect(l.adjointPath.match(/M/g)).toHaveLength(2);
    expect(l.gradA).toEqual([]);
  });
});

describe('finite-difference layout', () => {
  const input = (eps: number, rms: number) => ({
    sweep: report.sweep,
    eps,
    rms,
    bestEps: report.bestEps,
    predictedBestEps: report.model.predictedBestEps,
  });

  it('moves only the selected marker when the epsilon moves', () => {
    const a = sweepLayout(input(1e-5, report.errors.finiteDifferenceRms), frame);
    const b = sweepLayout(input(1e-9, 1e-7), frame);
    expect(b.yDomain).toEqual(a.yDomain);
    expect(b.errorPath).toBe(a.errorPath);
    expect(b.selected.x).toBeLessThan(a.selected.x);
    expect(a.yDomain).toEqual(errorDomain(report.sweep));
  });

  it('keeps the whole slider range on the epsilon axis and clamps an off-scale error to the edge', () => {
    const l = sweepLayout(input(1e-16, 1e9), frame);
    expect(l.selected.x).toBeCloseTo(0);
    expect(l.selected.clipped).toBe(true);
    expect(l.selected.y).toBeCloseTo(0);
    expect(EPS_AXIS).toEqual([1e-16, 1]);
    expect(l.best).not.toBeNull();
  });

  it('puts every parameter on the shared error axis, exact zeros on its floor', () => {
    const fd = { a: new Float64Array([1, 2]), b: new Float64Array([3, 4]) };
    const rev = { a: new Float64Array([1, 2.001]), b: new Float64Array([3, 4]) };
    const l = parameterLayout(fd, rev, [1e-14, 1], frame);
    expect(l.a[0].zero).toBe(true);
    expect(l.a[0].y).toBeCloseTo(frame.innerHeight);
    expect(l.a[1].zero).toBe(false);
    expect(l.a[1].y).toBeLessThan(frame.innerHeight);
  });
});

describe('forward mode layout', () => {
  it('leaves the directions a state cannot depend on transparent', () => {
    const T = report.steps;
    const strip = tangentHeat(report.tangents!, T, HEAT_RAMPS.light);
    expect(strip.columns).toBe(T + 1);
    expect(strip.rows).toBe(2 * T);
    const alpha = (t: number, j: number) => strip.pixels[4 * (j * strip.columns + t) + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(5, 10)).toBe(0);
    expect(alpha(6, 10)).toBe(255);
    expect(alpha(T, 2 * T - 1)).toBe(255);
    expect(strip.decades[1] - strip.decades[0]).toBeGreaterThanOrEqual(1);
  });

  it('colours a reused buffer exactly as a fresh one, leaving nothing of the last strip', () => {
    const T = report.steps;
    const fresh = tangentHeat(report.tangents!, T, HEAT_RAMPS.light);
    const old = new Uint8ClampedArray(fresh.pixels.length).fill(77);
    const reused = tangentHeat(report.tangents!, T, HEAT_RAMPS.light, old);
    expect(reused.pixels.buffer).toBe(old.buffer);
    expect(reused.pixels).toEqual(fresh.pixels);
    // A buffer too small is not used; a larger one is, through a view of the strip's length.
    expect(tangentHeat(report.tangents!, T, HEAT_RAMPS.light, new Uint8ClampedArray(8)).pixels.length).toBe(fresh.pixels.length);
    const roomy = new Uint8ClampedArray(fresh.pixels.length * 2).fill(9);
    const inRoomy = tangentHeat(report.tangents!, T, HEAT_RAMPS.light, roomy);
    expect(inRoomy.pixels.buffer).toBe(roomy.buffer);
    expect(inRoomy.pixels).toEqual(fresh.pixels);
  });

  it('colours by the decade of each magnitude, bottom to top of the ramp, and infinities red', () => {
    // T = 1: two directions, both reach x_1. Row-major by t: t = 0 (blank), then t = 1.
    const strip = tangentHeat(new Float64Array([0, 0, 1e-3, -Infinity]), 1, HEAT_RAMPS.light);
    expect(strip.decades).toEqual([-4, -3]);
    const pixel = (j: number) => [...strip.pixels.slice(4 * (j * 2 + 1), 4 * (j * 2 + 1) + 4)];
    expect(pixel(0)).toEqual([138, 44, 6, 255]); // 1e-3 is the top of its ramp: #8a2c06
    expect(pixel(1)).toEqual([220, 0, 0, 255]);
    expect(strip.nonFinite).toBe(1);
  });

  it('paints every entry the colour of its own magnitude, transposed, for any tangents', () => {
    const entry = fc.oneof(fc.double(), fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 1e-300, -1e300));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((T) => fc.tuple(fc.constant(T), fc.array(entry, { minLength: (T + 1) * 2 * T, maxLength: (T + 1) * 2 * T }))),
        ([T, values]) => {
          const tangents = new Float64Array(values);
          const strip = tangentHeat(tangents, T, HEAT_RAMPS.dark);
          const colours = heatColours(magnitudes(tangents), HEAT_RAMPS.dark);
          const words = new Uint32Array(strip.pixels.buffer, 0, strip.pixels.length / 4);
          for (let t = 0; t <= T; t++) {
            for (let j = 0; j < 2 * T; j++) {
              // State t is reached by the directions of the steps before it (j < 2t) alone.
              const want = j < 2 * t ? heatWord(tangents[t * 2 * T + j], colours) : 0;
              if (words[j * (T + 1) + t] !== want) return false;
            }
          }
          return strip.nonFinite === values.filter((v) => !Number.isFinite(v)).length;
        },
      ),
    );
  });

  it('draws from the levels the worker sent with the tangents, and works them out when none came', () => {
    const T = report.steps;
    const tangents = new Float64Array(report.tangents!);
    const sent = heatLevels(tangents, T);
    rememberHeatLevels(tangents, sent);
    expect(tangentLevels(tangents, T)).toBe(sent);
    // Levels of another shape are not taken for this table's.
    expect(tangentLevels(tangents, T - 1)).not.toBe(sent);
    const other = new Float64Array(report.tangents!);
    expect(tangentLevels(other, T).levels).toEqual(sent.levels);
    expect(tangentHeat(other, T, HEAT_RAMPS.light).pixels).toEqual(tangentHeat(tangents, T, HEAT_RAMPS.light).pixels);
    // The strip is painted from the levels that came, not from levels worked out again: levels
    // that say "infinite" everywhere paint every pixel red.
    const red = new Float64Array(report.tangents!);
    rememberHeatLevels(red, { ...sent, levels: new Uint16Array(sent.levels.length).fill(INFINITE) });
    const pixels = tangentHeat(red, T, HEAT_RAMPS.light).pixels;
    expect([...pixels.slice(0, 4)]).toEqual([220, 0, 0, 255]);
    expect([...pixels.slice(-4)]).toEqual([220, 0, 0, 255]);
  });

  it('colours a magnitude by where its log10 falls between the whole decades around the data', () => {
    // T = 2: four directions, rows of t = 0, 1, 2; only j < 2t are drawn. The magnitudes span
    // 1e-6 … 0.5, so the ramp runs from 10^-6 to 10^0 and 10^(-6 + 6k/255) is its k-th colour.
    const values = [0, 0, 0, 0, 1e-6, -0.5, 0, 0, 10 ** (-6 + (6 * 127.7) / 255), 10 ** (-6 + (6 * 64) / 255), 10 ** (-6 + (6 * 200.4) / 255), 10 ** (-6 + (6 * 200.6) / 255)];
    const strip = tangentHeat(new Float64Array(values), 2, HEAT_RAMPS.light);
    expect(strip.decades.map((d) => d + 0)).toEqual([-6, 0]);
    const ramp = interpolateLab(HEAT_RAMPS.light[0], HEAT_RAMPS.light[1]);
    const colour = (k: number) => {
      const c = rgb(ramp(k / 255));
      return [Math.round(c.r), Math.round(c.g), Math.round(c.b), 255];
    };
    const pixel = (t: number, j: number) => [...strip.pixels.slice(4 * (j * 3 + t), 4 * (j * 3 + t) + 4)];
    expect(pixel(1, 0)).toEqual(colour(0)); // 1e-6, the bottom of the ramp
    expect(pixel(1, 1)).toEqual(colour(Math.round((255 * Math.log10(0.5 * 1e6)) / 6))); // |−0.5|
    expect(pixel(2, 0)).toEqual(colour(128));
    expect(pixel(2, 1)).toEqual(colour(64));
    expect(pixel(2, 2)).toEqual(colour(200));
    expect(pixel(2, 3)).toEqual(colour(201));
    // The directions a state cannot depend on (j ≥ 2t) stay transparent.
    expect(pixel(1, 2)[3]).toBe(0);
    expect(pixel(0, 0)[3]).toBe(0);
  });

  it('gives an exact zero its own zone on the gauge', () => {
    expect(gaugeLayout(0, 300).exact).toBe(true);
    const g = gaugeLayout(1e-16, 300);
    expect(g.exact).toBe(false);
    expect(g.markerX).toBeGreaterThan(g.exactWidth);
  });
});

describe('checkpoint layout', () => {
  it('spends one unit of time per step evaluation or reverse step', () => {
    const cp = report.checkpoint;
    const l = timelineLayout(cp.actions, report.steps, frame);
    expect(l.duration).toBe(cp.stepEvaluations + report.steps);
    expect(cp.actions.reduce((s, a) => s + actionDuration(a), 0)).toBe(l.duration);
    // Each reverse step is one vertex of the reverse path (joined into polylines where one
    // reverse follows another): T vertices plus one start per run.
    const vertices = l.reversePath.match(/[ML]/g)!.length;
    const runs = l.reversePath.match(/M/g)!.length;
    expect(vertices - runs).toBe(report.steps);
  });

  it('draws a 100,000-step schedule with about as many vertices as the chart has pixels', () => {
    // A periodic schedule of stride 4 over 100,000 steps, built by hand: advance, store, … then
    // record and reverse each segment.
    const T = 100_000;
    const k = 4;
    const actions: CheckpointAction[] = [];
    for (let s = 0; s < T; s += k) actions.push({ kind: 'store', step: s }, { kind: 'advance', step: s, to: Math.min(T, s + k) });
    for (let s = T - k; s >= 0; s -= k) {
      actions.push({ kind: 'restore', step: s });
      for (let t = s; t < s + k; t++) actions.push({ kind: 'record', step: t });
      for (let t = s + k - 1; t >= s; t--) actions.push({ kind: 'reverse', step: t });
      actions.push({ kind: 'free', step: s });
    }
    const l = timelineLayout(actions, T, frame);
    expect(l.duration).toBe(3 * T);
    for (const d of [l.advancePath, l.recordPath, l.reversePath, l.statePath, l.tapePath]) {
      expect(d.length).toBeGreaterThan(0);
      expect(d.match(/[ML]/g)!.length).toBeLessThan(6 * (frame.innerWidth + frame.innerHeight));
    }
    expect(l.stores.length).toBeLessThanOrEqual(frame.innerWidth * frame.innerHeight);
    expect(l.stores.length).toBeLessThan(T / k);
  });

  it('draws the full tape as records up and reverses down, every step held once', () => {
    // Stride T is one segment: the full tape.
    const full = labReport({ steps: 6, stride: 6 }, { sweep: false, frontier: false, workCurve: false });
    const l = timelineLayout(full.checkpoint.actions, 6, frame);
    expect(l.duration).toBe(12);
    expect(l.advancePath).toBe('');
    // Six records up in one run, six held steps one above another.
    expect(l.recordPath.match(/L/g)).toHaveLength(6);
    expect(l.tapePath.match(/M/g)).toHaveLength(6);
  });

  it('rings the current schedule on the frontier', () => {
    const l = frontierLayout(report.checkpoint.frontier!, { schedule: 'periodic', setting: 4 }, frame);
    expect(l.periodic).toHaveLength(report.steps);
    expect(l.current?.setting).toBe(4);
    expect(l.current?.storedStates).toBe(report.checkpoint.storedStates);
  });
});

describe('work layout', () => {
  it('marks the current steps with labels that do not collide', () => {
    const l = workLayout(report.workCurve, { steps: report.steps, ...report.work }, frame, 13);
    const ys = l.series.map((s) => s.current!.labelY).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1]).toBeGreaterThanOrEqual(13 - 1e-9);
    const reverse = l.series.find((s) => s.method === 'reverse')!;
    const fd = l.series.find((s) => s.method === 'finiteDifference')!;
    expect(reverse.current!.value).toBe(2);
    expect(fd.current!.value).toBe(4 * report.steps + 1);
    expect(fd.current!.y).toBeLessThan(reverse.current!.y);
  });
});

describe('marks drawn as one path', () => {
  it('puts one closed circle or square at each point, and nothing for no points', async () => {
    const { dotsPath, squaresPath } = await import('../../app/ui/charts/pathMarks.ts');
    expect(dotsPath([], 2)).toBe('');
    expect(dotsPath([{ x: 10, y: 5 }], 2)).toBe('M8,5a2,2 0 1,0 4,0a2,2 0 1,0 -4,0');
    expect(dotsPath([{ x: 1.234567, y: 0 }, { x: 3, y: 4 }], 1).match(/M/g)).toHaveLength(2);
    expect(squaresPath([{ x: 10, y: 5 }], 2.5)).toBe('M7.5,2.5h5v5h-5z');
  });

  it('draws each ring as its band: the outer circle one way round, the inner the other, both about the point', async () => {
    const { dotsPath, ringsPath } = await import('../../app/ui/charts/pathMarks.ts');
    expect(ringsPath([], 2, 1)).toBe('');
    // A band as wide as the ring leaves no hole: a disk of the outer radius.
    expect(ringsPath([{ x: 10, y: 5 }], 1, 2)).toBe(dotsPath([{ x: 10, y: 5 }], 2));
    expect(ringsPath([{ x: 10, y: 5 }], 2, 1)).toBe('M7.5,5a2.5,2.5 0 1,0 5,0a2.5,2.5 0 1,0 -5,0m1,0a1.5,1.5 0 1,1 3,0a1.5,1.5 0 1,1 -3,0');
    // Read back as circles: each pair of half arcs from a leftmost point is one circle.
    const circles = (d: string) => {
      const out: { cx: number; cy: number; r: number; sweep: number }[] = [];
      let x = 0;
      let y = 0;
      for (const [, command, args] of d.matchAll(/([Mma])([^Mma]*)/g)) {
        const n = args.split(/[ ,]/).filter(Boolean).map(Number);
        if (command === 'M') [x, y] = n;
        else if (command === 'm') [x, y] = [x + n[0], y + n[1]];
        else {
          if (n[5] > 0) out.push({ cx: x + n[0], cy: y, r: n[0], sweep: n[4] });
          x += n[5];
          y += n[6];
        }
      }
      return out;
    };
    const point = fc.record({ x: fc.double({ min: 0, max: 800, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }) });
    fc.assert(
      fc.property(point, fc.double({ min: 1.5, max: 6, noNaN: true }), fc.double({ min: 0.5, max: 2, noNaN: true }), (p, r, width) => {
        const [outer, inner, ...rest] = circles(ringsPath([p], r, width));
        expect(rest).toHaveLength(0);
        for (const c of [outer, inner]) {
          expect(c.cx).toBeCloseTo(p.x, 1);
          expect(c.cy).toBeCloseTo(p.y, 1);
        }
        expect(outer.r).toBeCloseTo(r + width / 2, 1);
        expect(inner.r).toBeCloseTo(r - width / 2, 1);
        expect(outer.sweep).not.toBe(inner.sweep);
      }),
    );
  });
});

describe('marks kept apart', () => {
  it('keeps a mark exactly when no mark kept before it lies within the gap', () => {
    const point = fc.record({ x: fc.double({ min: -50, max: 300, noNaN: true }), y: fc.double({ min: -50, max: 300, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 300 }), fc.double({ min: 0.5, max: 40, noNaN: true }), (points, gap) => {
        const marks: FrontierMark[] = points.map((p, i) => ({ ...p, setting: i, storedStates: 0, peakBytes: 0, workUnits: 0 }));
        const expected: FrontierMark[] = [];
        for (const m of marks) if (expected.every((k) => Math.hypot(k.x - m.x, k.y - m.y) >= gap)) expected.push(m);
        expect(apart(marks, gap)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
