import { gaussian, matrix, mulberry32, type Matrix } from './matrix.ts';

/** A labelled 2-D point set: n×2 coordinates and a class 0 or 1 per point. */
export interface Dataset {
  readonly name: DatasetName;
  readonly x: Matrix;
  readonly labels: Int32Array;
}

export type DatasetName = 'moons' | 'spirals';

export interface DatasetOptions {
  /** Points in all, split evenly between the two classes (default 200). */
  points?: number;
  /** Standard deviation of the Gaussian noise added to each coordinate. */
  noise?: number;
  /** Seed of the PRNG: the same seed gives the same points (default 1). */
  seed?: number;
}

/**
 * Two interleaving half circles ("moons"): class 0 on (cos θ, sin θ), class 1 on
 * (1 − cos θ, 1/2 − sin θ), θ evenly spaced in [0, π], plus Gaussian noise (default 0.1).
 * Centred near the origin so an MLP with zero biases starts in the right place.
 */
export function moons(options: DatasetOptions = {}): Dataset {
  const n = options.points ?? 200;
  const noise = options.noise ?? 0.1;
  const g = gaussian(mulberry32(options.seed ?? 1));
  const x = matrix(n, 2);
  const labels = new Int32Array(n);
  const half = Math.ceil(n / 2);
  for (let i = 0; i < n; i++) {
    const c = i < half ? 0 : 1;
    const k = c === 0 ? i : i - half;
    const m = c === 0 ? half : n - half;
    const theta = m > 1 ? (Math.PI * k) / (m - 1) : 0;
    const px = c === 0 ? Math.cos(theta) : 1 - Math.cos(theta);
    const py = c === 0 ? Math.sin(theta) : 0.5 - Math.sin(theta);
    x.data[2 * i] = px - 0.5 + noise * g();
    x.data[2 * i + 1] = py - 0.25 + noise * g();
    labels[i] = c;
  }
  return { name: 'moons', x, labels };
}

/**
 * Two interleaved spirals: class c at radius r = t and angle 1.75·π·t·turns + c·π for t in
 * (0, 1], plus Gaussian noise (default 0.05). Harder than moons for a small network.
 */
export function spirals(options: DatasetOptions & { turns?: number } = {}): Dataset {
  const n = options.points ?? 200;
  const noise = options.noise ?? 0.05;
  const turns = options.turns ?? 1;
  const g = gaussian(mulberry32(options.seed ?? 1));
  const x = matrix(n, 2);
  const labels = new Int32Array(n);
  const half = Math.ceil(n / 2);
  for (let i = 0; i < n; i++) {
    const c = i < half ? 0 : 1;
    const k = c === 0 ? i : i - half;
    const m = c === 0 ? half : n - half;
    const t = (k + 1) / m;
    const angle = 1.75 * Math.PI * t * turns + c * Math.PI;
    x.data[2 * i] = t * Math.cos(angle) + noise * g();
    x.data[2 * i + 1] = t * Math.sin(angle) + noise * g();
    labels[i] = c;
  }
  return { name: 'spirals', x, labels };
}

/** A built-in data set by name. */
export function dataset(name: DatasetName, options: DatasetOptions = {}): Dataset {
  return name === 'spirals' ? spirals(options) : moons(options);
}
