import { describe, expect, it } from 'vitest';
import { defaultParams, type ChainParams } from '../../engine/chain.ts';
import { reverseGradient, type ReverseResult } from '../../engine/reverse.ts';
import { Tape } from '../../engine/tape.ts';

/** The typed arrays a reverse result hands out. */
const arrays = (r: ReverseResult): Float64Array[] => [r.a, r.b, r.adjoint, r.states];

const snapshot = (r: ReverseResult) => ({ ...r, a: [...r.a], b: [...r.b], adjoint: [...r.adjoint], states: [...r.states] });

/** Default parameters of T steps, shifted so two chains of the same length differ. */
function params(T: number, shift = 0): ChainParams {
  const p = defaultParams(T);
  return { ...p, a: p.a.map((v) => v + shift), b: p.b.map((v) => v - shift) };
}

describe('reverseGradient without a tape (the pooled tape)', () => {
  it('two consecutive calls share no buffer, with each other or with anything larger than themselves', () => {
    const first = reverseGradient(params(40));
    const kept = snapshot(first);
    const second = reverseGradient(params(40, 0.1));
    expect(snapshot(first)).toEqual(kept);
    const buffers = [...arrays(first), ...arrays(second)].map((x) => x.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
    for (const x of [...arrays(first), ...arrays(second)]) {
      expect(x.byteOffset).toBe(0);
      expect(x.buffer.byteLength).toBe(x.byteLength);
    }
    expect(second.a[0]).not.toBe(first.a[0]);
  });

  it('a call after a long chain, then a short one, gives what a fresh tape gives, bit for bit', () => {
    reverseGradient(params(1000, 0.05));
    const short = reverseGradient(params(7, -0.2));
    const fresh = reverseGradient(params(7, -0.2), new Tape(16));
    expect(snapshot(short)).toEqual(snapshot(fresh));
    expect(short.tapeNodes).toBe(fresh.tapeNodes);
  });

  it('a short chain, then a long one that grows the pooled tape, gives what a fresh tape gives', () => {
    reverseGradient(params(3));
    const long = reverseGradient(params(500, 0.03));
    expect(snapshot(long)).toEqual(snapshot(reverseGradient(params(500, 0.03), new Tape(16))));
  });

  it('transferring a result to another thread (which detaches its buffers) leaves the next call intact', () => {
    const first = reverseGradient(params(40));
    const expected = snapshot(reverseGradient(params(40), new Tape(16)));
    structuredClone(arrays(first), { transfer: arrays(first).map((x) => x.buffer) });
    expect(first.a.length).toBe(0);
    expect(snapshot(reverseGradient(params(40)))).toEqual(expected);
  });

  it('its hazards are its own: the issues of one call do not carry into the next', () => {
    const bad = { ...params(5), x0: NaN };
    expect(reverseGradient(bad).issues.length).toBeGreaterThan(0);
    expect(reverseGradient(params(5)).issues).toEqual([]);
  });
});
