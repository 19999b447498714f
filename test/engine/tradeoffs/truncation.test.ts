import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, defaultParams, lossOf, stepsOf, type ChainParams } from '../../../engine/chain.ts';
import { reverseGradient } from '../../../engine/reverse.ts';
import { BYTES_PER_NODE } from '../../../engine/tape.ts';
import { relativeError, truncatedGradient, truncatedTapeNodes, truncationCurve } from '../../../engine/tradeoffs/truncation.ts';
import { constantsArb, largest, nudged } from './reference.ts';

/** L as a function of the last K steps' parameters, with x_{T−K} held at its value in `fixed`. */
function lossWithStateHeld(params: ChainParams, fixed: ChainParams, window: number): number {
  const T = stepsOf(params);
  const start = T - window;
  const held = advance(fixed, 0, start, fixed.x0);
  return lossOf(advance(params, start, T, held), params.target);
}

describe('truncated backpropagation', () => {
  it('matches central differences of the chain with x_{T−K} held fixed (h = 1e-6, to 1e-8 of the largest component)', () => {
    const p = defaultParams(40);
    for (const K of [0, 1, 10, 25, 40]) {
      const g = truncatedGradient(p, K);
      const scale = Math.max(largest(g), 1e-3);
      for (let t = 0; t < 40; t++) {
        for (const which of ['a', 'b'] as const) {
          const h = 1e-6;
          const cd = (lossWithStateHeld(nudged(p, which, t, h), p, K) - lossWithStateHeld(nudged(p, which, t, -h), p, K)) / (2 * h);
          expect(Math.abs(g[which][t] - cd)).toBeLessThan(1e-8 * scale);
        }
      }
    }
  });

  it('gives exactly 0 before T−K and exactly the full gradient from T−K on', () => {
    const p = defaultParams(40);
    const full = reverseGradient(p);
    for (let K = 0; K <= 40; K++) {
      const g = truncatedGradient(p, K);
      for (let t = 0; t < 40; t++) {
        expect(g.a[t]).toBe(t < 40 - K ? 0 : full.a[t]);
        expect(g.b[t]).toBe(t < 40 - K ? 0 : full.b[t]);
      }
    }
  });

  it('records 2 + 14K + 3 nodes of 40 bytes, counted by its tape, and runs T−K steps untaped', () => {
    for (const T of [1, 7, 40]) {
      const p = defaultParams(T);
      for (let K = 0; K <= T; K++) {
        const g = truncatedGradient(p, K);
        expect(g.tapeNodes).toBe(5 + 14 * K);
        expect(g.tapeNodes).toBe(truncatedTapeNodes(K));
        expect(g.tapeBytes).toBe(g.tapeNodes * BYTES_PER_NODE);
        expect(g.plainSteps).toBe(T - K);
        expect(g.tapedSteps).toBe(K);
      }
    }
    // The whole window is the whole tape of engine/reverse.ts.
    expect(truncatedGradient(defaultParams(40), 40).tapeNodes).toBe(reverseGradient(defaultParams(40)).tapeNodes);
  });

  it('the curve runs from 1 at K = 0 to 0 at K = T, never rising, and equals the norm of the dropped components', () => {
    const p = defaultParams(40);
    const full = reverseGradient(p);
    const curve = truncationCurve(p, full);
    expect(curve.map((q) => q.window)).toEqual(Array.from({ length: 41 }, (_, k) => k));
    expect(curve[0].relativeError).toBe(1);
    expect(curve[40].relativeError).toBe(0);
    let total = 0;
    for (let t = 0; t < 40; t++) total += full.a[t] ** 2 + full.b[t] ** 2;
    for (let K = 0; K <= 40; K++) {
      if (K > 0) expect(curve[K].relativeError).toBeLessThanOrEqual(curve[K - 1].relativeError);
      let dropped = 0;
      for (let t = 0; t < 40 - K; t++) dropped += full.a[t] ** 2 + full.b[t] ** 2;
      expect(curve[K].relativeError).toBeCloseTo(Math.sqrt(dropped / total), 12);
      expect(curve[K].tapeNodes).toBe(truncatedTapeNodes(K));
    }
  });

  it('refuses a window outside 0 … T', () => {
    const p = defaultParams(10);
    expect(() => truncatedGradient(p, 11)).toThrow(/window must be a whole number from 0 to the steps \(10\)/);
    expect(() => truncatedGradient(p, -1)).toThrow(RangeError);
    expect(() => truncatedGradient(p, 2.5)).toThrow(RangeError);
  });

  it('property: over random c, x₀, y and windows, the window is exact, the rest 0, and the error within [0, 1]', () => {
    fc.assert(
      fc.property(constantsArb, fc.double({ min: 0, max: 1, noNaN: true }), (p, u) => {
        const T = stepsOf(p);
        const K = Math.round(u * T);
        const full = reverseGradient(p);
        const g = truncatedGradient(p, K);
        for (let t = 0; t < T; t++) {
          expect(g.a[t]).toBe(t < T - K ? 0 : full.a[t]);
          expect(g.b[t]).toBe(t < T - K ? 0 : full.b[t]);
        }
        const e = relativeError(g, full);
        if (largest(full) > 0) {
          expect(e).toBeGreaterThanOrEqual(0);
          expect(e).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
