import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareEqual } from '../../app/state/store/structuralShare.ts';

describe('structural sharing of reports (shareEqual)', () => {
  const report = () => ({
    steps: 3,
    adjoint: Float64Array.of(1, 2, NaN),
    gradient: { reverse: { a: Float64Array.of(0.5, -0), b: Float64Array.of(1, 2) }, forward: { a: Float64Array.of(3), b: Float64Array.of(4) } },
    sweep: [{ eps: 1e-3, rms: 2 }, { eps: 1e-4, rms: 1 }],
    bestEps: null as number | null,
    warnings: [] as string[],
  });

  it('keeps every equal part of the previous report and takes every changed one', () => {
    const before = report();
    const after = report();
    after.gradient.forward.a[0] = 3.5;
    after.sweep[1].rms = 0.5;
    const shared = shareEqual(before, after);
    expect(shared).toEqual(after);
    expect(shared).not.toBe(before);
    expect(shared.adjoint).toBe(before.adjoint);
    expect(shared.gradient.reverse).toBe(before.gradient.reverse);
    expect(shared.gradient.forward).not.toBe(before.gradient.forward);
    expect(shared.gradient.forward.b).toBe(before.gradient.forward.b);
    expect(shared.gradient.forward.a).toBe(after.gradient.forward.a);
    expect(shared.sweep).not.toBe(before.sweep);
    expect(shared.sweep[0]).toBe(before.sweep[0]);
    expect(shared.sweep[1]).not.toBe(before.sweep[1]);
    expect(shared.warnings).toBe(before.warnings);
  });

  it('returns the previous report itself when nothing changed, and the new one when there was none', () => {
    const before = report();
    expect(shareEqual(before, report())).toBe(before);
    const fresh = report();
    expect(shareEqual(null, fresh)).toBe(fresh);
  });

  it('is exact: −0 is not 0, NaN is NaN, lengths, element types and added or removed keys count', () => {
    const base = { x: Float64Array.of(0), y: Float64Array.of(NaN), z: Float64Array.of(1, 2), w: Int32Array.of(1), o: { a: 1 } };
    const next = { x: Float64Array.of(-0), y: Float64Array.of(NaN), z: Float64Array.of(1, 2, 3), w: Float64Array.of(1), o: { a: 1, b: 2 } };
    const shared = shareEqual(base, next);
    expect(shared.x).toBe(next.x);
    expect(shared.y).toBe(base.y);
    expect(shared.z).toBe(next.z);
    expect(shared.w).toBe(next.w);
    expect(shared.o).not.toBe(base.o);
    expect(shareEqual({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
  });

  it('property: the result always deep-equals the new value, and shares only what is equal', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.double(),
        fc.constant(null),
        fc.string({ maxLength: 2 }),
        fc.array(fc.double(), { maxLength: 3 }).map((a) => Float64Array.from(a)),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, value, (before, after) => {
        const shared = shareEqual(before, after);
        expect(shared).toStrictEqual(after);
        if (shared === before && before !== after) expect(before).toStrictEqual(after);
      }),
    );
  });
});
