import { describe, expect, it } from 'vitest';
import { gradcheck } from '../../../engine/tensor/gradcheck.ts';
import { matrix, mulberry32, randomNormal, softmaxRows, type Matrix } from '../../../engine/tensor/matrix.ts';
import { recordMlp, initMlp, MLP_PARAM_NAMES } from '../../../engine/tensor/mlp.ts';
import { moons } from '../../../engine/tensor/data.ts';
import { TensorTape, type TensorId } from '../../../engine/tensor/tape.ts';

const rand = mulberry32(7);
const normal = (r: number, c: number): Matrix => randomNormal(r, c, 1, rand);
/** Entries at least 0.1 away from 0, so central differences never straddle relu's kink. */
const awayFromZero = (m: Matrix): Matrix => {
  for (let i = 0; i < m.data.length; i++) m.data[i] += Math.sign(m.data[i] || 1) * 0.1;
  return m;
};
/** A fixed random projection ⟨Y, R⟩ that turns a matrix-valued op into a scalar to check. */
const project = (t: TensorTape, y: TensorId, seed: number): TensorId => {
  const v = t.value(y);
  return t.sum(t.hadamard(y, t.leaf(randomNormal(v.rows, v.cols, 1, mulberry32(seed)), false)));
};

describe('every tensor rule passes gradcheck (f64, central differences, h = 1e-6, relative error < 1e-6)', () => {
  const cases: [string, (t: TensorTape, x: TensorId[]) => TensorId, Matrix[]][] = [
    ['Y = XW: dX = G Wᵀ, dW = Xᵀ G', (t, [x, w]) => project(t, t.matmul(x, w), 1), [normal(4, 3), normal(3, 5)]],
    ['Y = X + b (broadcast): db = column sums of G', (t, [x, b]) => project(t, t.addRow(x, b), 2), [normal(5, 3), normal(1, 3)]],
    ['Y = relu(X): dX = G ⊙ (X > 0)', (t, [x]) => project(t, t.relu(x), 3), [awayFromZero(normal(4, 4))]],
    ['y = softmax(x): dx = y ⊙ (G − ⟨G, y⟩)', (t, [x]) => project(t, t.softmax(x), 4), [normal(3, 5)]],
    [
      'L = CE(logits, t) fused with softmax: dlogits = (p − onehot(t)) / batch',
      (t, [z]) => t.softmaxCrossEntropy(z, Int32Array.of(0, 2, 1, 3, 2, 0)),
      [normal(6, 4)],
    ],
    ['Y = X ⊙ Z and s = Σ Y', (t, [x, z]) => t.sum(t.hadamard(x, z)), [normal(3, 4), normal(3, 4)]],
  ];

  it.each(cases)('%s', (_name, fn, inputs) => {
    const r = gradcheck(fn, inputs);
    expect(r.relativeError).toBeLessThan(1e-6);
    expect(r.passed).toBe(true);
    for (const input of r.inputs) expect(input.maxAbsError).toBeLessThan(1e-8);
  });

  it('a weight used twice collects both contributions (fan-out on the tensor tape)', () => {
    const r = gradcheck((t, [x, w]) => project(t, t.hadamard(t.matmul(x, w), t.relu(t.matmul(x, w))), 6), [normal(4, 3), awayFromZero(normal(3, 2))]);
    expect(r.passed).toBe(true);
  });

  it('the whole network: relu(X W1 + b1) W2 + b2 with the fused loss, against every parameter', () => {
    const data = moons({ points: 12, seed: 3 });
    const p = initMlp(5, 2);
    p.b1.data.set(randomNormal(1, 5, 0.1, rand).data);
    const r = gradcheck(
      (t, [w1, b1, w2, b2]) => {
        const h = t.relu(t.addRow(t.matmul(t.leaf(data.x, false), w1), b1));
        return t.softmaxCrossEntropy(t.addRow(t.matmul(h, w2), b2), data.labels);
      },
      MLP_PARAM_NAMES.map((k) => p[k]),
    );
    expect(r.relativeError).toBeLessThan(1e-6);
  });

  it('passes a correct gradient of zero: sum(softmax(x)) is 1 for every x (absolute plus relative tolerance)', () => {
    const r = gradcheck((t, [x]) => t.sum(t.softmax(x)), [normal(2, 4)]);
    expect(r.passed).toBe(true);
    for (const input of r.inputs) {
      for (const a of input.analytic.data) expect(Math.abs(a)).toBeLessThan(1e-15);
      expect(input.maxAbsError).toBeLessThan(1e-8);
    }
  });

  it('catches a gradient that is missing: a detached input fails the check', () => {
    const r = gradcheck((t, [x]) => t.sum(t.hadamard(t.leaf(t.value(x), false), t.leaf(t.value(x), false))), [normal(2, 2)]);
    expect(r.passed).toBe(false);
    expect(r.relativeError).toBe(1);
  });
});

describe('the tensor tape', () => {
  it('a second backward says plainly that the tape was swept and what to do', () => {
    const t = new TensorTape();
    const x = t.leaf(normal(2, 3));
    // relu saves a mask for its rule, which the first sweep frees (a raw TypeError once).
    const loss = t.sum(t.relu(x));
    t.backward(loss);
    expect(() => t.backward(loss)).toThrowError(/backward has already run on this tensor tape.*new TensorTape/);
  });

  it('the fused loss’s gradient is exactly (p − onehot) / batch, and stays finite for huge logits', () => {
    const z = matrix(2, 3, Float64Array.of(1000, 0, -1000, 0.5, 0.25, -2));
    const labels = Int32Array.of(2, 0);
    const t = new TensorTape();
    const Z = t.leaf(z);
    const L = t.softmaxCrossEntropy(Z, labels);
    expect(t.value(L).data[0]).toBeCloseTo((2000 + Math.log(1 + Math.exp(-0.25) + Math.exp(-2.5))) / 2, 9);
    t.backward(L);
    const p = softmaxRows(z);
    const expected = Array.from(p.data, (v, k) => v / 2 - (k === 2 || k === 3 ? 0.5 : 0));
    expect(Array.from(t.grad(Z)!.data)).toEqual(expected);
  });

  it('keeps the cheapest thing: a 1-byte relu mask, the fused loss’s p and labels', () => {
    const data = moons({ points: 10 });
    const g = recordMlp(initMlp(4), data.x, data.labels);
    const m = g.tape.memory();
    // relu mask 10×4 bytes; p 10×2 doubles; labels 10 int32s.
    expect(m.saved).toBe(40 + 160 + 40);
    expect(g.tape.length).toBe(11);
    expect(m.total).toBe(m.values + m.saved + m.adjoints);
  });

  it('frees intermediate gradients as the sweep passes and keeps only the leaves’', () => {
    const data = moons({ points: 10 });
    const g = recordMlp(initMlp(4), data.x, data.labels);
    g.tape.backward(g.loss);
    expect(g.tape.grad(g.logits)).toBeNull();
    for (const k of MLP_PARAM_NAMES) expect(g.tape.grad(g.params[k])).not.toBeNull();
    // X does not require a gradient, so none is computed for it.
    expect(g.tape.grad(0 as TensorId)).toBeNull();
  });

  it('refuses shapes that do not fit, with the shapes in the message', () => {
    const t = new TensorTape();
    expect(() => t.matmul(t.leaf(matrix(2, 3)), t.leaf(matrix(2, 3)))).toThrow('cannot multiply 2×3 by 2×3');
    expect(() => t.addRow(t.leaf(matrix(2, 3)), t.leaf(matrix(1, 2)))).toThrow('cannot add 1×2 to each row of 2×3');
    expect(() => t.backward(t.leaf(matrix(2, 2)))).toThrow('backward needs a 1×1 loss');
  });
});
