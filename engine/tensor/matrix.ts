/**
 * Dense row-major matrices of doubles and the few kernels the tensor tape needs. Entry (i, j)
 * of an r×c matrix is data[i·c + j].
 */
export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float64Array;
}

/** An r×c matrix of zeros, or wrapping `data` (length r·c, not copied). */
export function matrix(rows: number, cols: number, data?: Float64Array): Matrix {
  if (data && data.length !== rows * cols) {
    throw new RangeError(`a ${rows}×${cols} matrix needs ${rows * cols} entries, not ${data.length}`);
  }
  return { rows, cols, data: data ?? new Float64Array(rows * cols) };
}

/** A matrix from nested arrays, one inner array per row. */
export function fromRows(rows: readonly (readonly number[])[]): Matrix {
  const c = rows[0]?.length ?? 0;
  return matrix(rows.length, c, Float64Array.from(rows.flat()));
}

/** Nested arrays, one per row. */
export function toRows(m: Matrix): number[][] {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
}

export function clone(m: Matrix): Matrix {
  return matrix(m.rows, m.cols, m.data.slice());
}

export function sameShape(a: Matrix, b: Matrix): boolean {
  return a.rows === b.rows && a.cols === b.cols;
}

export function shape(m: Matrix): string {
  return `${m.rows}×${m.cols}`;
}

/** C = A·B (A is n×k, B is k×m). */
export function matmul(a: Matrix, b: Matrix): Matrix {
  if (a.cols !== b.rows) throw new RangeError(`cannot multiply ${shape(a)} by ${shape(b)}`);
  const n = a.rows;
  const k = a.cols;
  const m = b.cols;
  const c = new Float64Array(n * m);
  const A = a.data;
  const B = b.data;
  for (let i = 0; i < n; i++) {
    for (let p = 0; p < k; p++) {
      const aip = A[i * k + p];
      const row = p * m;
      const out = i * m;
      for (let j = 0; j < m; j++) c[out + j] += aip * B[row + j];
    }
  }
  return matrix(n, m, c);
}

/** C = A·Bᵀ (A is n×k, B is m×k): dX = G·Wᵀ without forming Wᵀ. */
export function matmulBT(a: Matrix, b: Matrix): Matrix {
  if (a.cols !== b.cols) throw new RangeError(`cannot multiply ${shape(a)} by the transpose of ${shape(b)}`);
  const n = a.rows;
  const k = a.cols;
  const m = b.rows;
  const c = new Float64Array(n * m);
  const A = a.data;
  const B = b.data;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let p = 0; p < k; p++) s += A[i * k + p] * B[j * k + p];
      c[i * m + j] = s;
    }
  }
  return matrix(n, m, c);
}

/** C = Aᵀ·B (A is k×n, B is k×m): dW = Xᵀ·G without forming Xᵀ. */
export function matmulAT(a: Matrix, b: Matrix): Matrix {
  if (a.rows !== b.rows) throw new RangeError(`cannot multiply the transpose of ${shape(a)} by ${shape(b)}`);
  const k = a.rows;
  const n = a.cols;
  const m = b.cols;
  const c = new Float64Array(n * m);
  const A = a.data;
  const B = b.data;
  for (let p = 0; p < k; p++) {
    for (let i = 0; i < n; i++) {
      const api = A[p * n + i];
      for (let j = 0; j < m; j++) c[i * m + j] += api * B[p * m + j];
    }
  }
  return matrix(n, m, c);
}

/** Row-wise softmax, shifted by each row's maximum so exp never overflows. */
export function softmaxRows(x: Matrix): Matrix {
  const { rows, cols, data } = x;
  const y = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    let max = -Infinity;
    for (let j = 0; j < cols; j++) max = Math.max(max, data[o + j]);
    let s = 0;
    for (let j = 0; j < cols; j++) {
      const e = Math.exp(data[o + j] - max);
      y[o + j] = e;
      s += e;
    }
    for (let j = 0; j < cols; j++) y[o + j] /= s;
  }
  return matrix(rows, cols, y);
}

/** A deterministic PRNG (mulberry32): uniform doubles in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples from a uniform source (Box–Muller). */
export function gaussian(uniform: () => number): () => number {
  return () => {
    const u = 1 - uniform();
    const v = uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

/** An r×c matrix of independent N(0, σ²) entries. */
export function randomNormal(rows: number, cols: number, sigma: number, uniform: () => number): Matrix {
  const g = gaussian(uniform);
  const m = matrix(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = sigma * g();
  return m;
}
