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
 * n points, the first ⌈n/2⌉ of class 0 and the rest of class 1: point k of the m in class c is
 * placed by `place(c, k, m)`, then Gaussian noise of standard deviation `noise` is added to each
 * coordinate (x's draw first, then y's).
 */
function twoClasses(
  name: DatasetName,
  options: DatasetOptions,
  noise: number,
  place: (c: 0 | 1, k: number, m: number) => [number, number],
): Dataset {
  const n = options.points ?? 200;
  const g = gaussian(mulberry32(options.seed ?? 1));
  const x = matrix(n, 2);
  const labels = new Int32Array(n);
  const half = Math.ceil(n / 2);
  for (let i = 0; i < n; i++) {
    const c = i < half ? 0 : 1;
    const [px, py] = place(c, c === 0 ? i : i - half, c === 0 ? half : n - half);
    x.data[2 * i] = px + noise * g();
    x.data[2 * i + 1] = py + noise * g();
    labels[i] = c;
  }
  return { name, x, labels };
}

/**
 * Two interleaving half circles ("moons"): class 0 on (cos θ, sin θ), class 1 on
 * (1 − cos θ, 1/2 − sin θ), θ evenly spaced in [0, π], plus Gaussian noise (default 0.1).
 * Centred near the origin so an MLP with zero biases starts in the right place.
 */
export function moons(options: DatasetOptions = {}): Dataset {
  return twoClasses('moons', options, options.noise ?? 0.1, (c, k, m) => {
    const theta = m > 1 ? (Math.PI * k) / (m - 1) : 0;
    const px = c === 0 ? Math.cos(theta) : 1 - Math.cos(theta);
    const py = c === 0 ? Math.sin(theta) : 0.5 - Math.sin(theta);
    return [px - 0.5, py - 0.25];
  });
}

/**
 * Two interleaved spirals: class c at radius r = t and angle 1.75·π·t·turns + c·π for t in
 * (0, 1], plus Gaussian noise (default 0.05). Harder than moons for a small network.
 */
export function spirals(options: DatasetOptions & { turns?: number } = {}): Dataset {
  const turns = options.turns ?? 1;
  return twoClasses('spirals', options, options.noise ?? 0.05, (c, k, m) => {
    const t = (k + 1) / m;
    const angle = 1.75 * Math.PI * t * turns + c * Math.PI;
    return [t * Math.cos(angle), t * Math.sin(angle)];
  });
}

/** A built-in data set by name. */
export function dataset(name: DatasetName, options: DatasetOptions = {}): Dataset {
  return name === 'spirals' ? spirals(options) : moons(options);
}
