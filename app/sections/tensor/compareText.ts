import type { TapeComparison } from '../../../engine/tensor/compare.ts';
import { formatBytes } from '../../ui/format.ts';

/** 30682 → '30,682'. */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A ratio as the table prints it: '2,789×', '6.9×', '2.7×'; '—' when not measured. */
export function ratioText(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return '—';
  if (x >= 100) return `${count(x)}×`;
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}

/** Milliseconds with three significant digits: '0.693 ms'. */
export function msText(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return `${Number(x.toPrecision(3))} ms`;
}

/** A small difference: '0' when exact, else '9.7e-17'. */
export function smallText(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return x.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
}

/** The comparison's rows: what each tape held and took for one step, and scalar over tensor. */
export function compareRows(c: TapeComparison): { label: string; scalar: string; tensor: string; ratio: string }[] {
  const noisy = tooNoisy(c);
  return [
    { label: 'nodes on the tape', scalar: count(c.scalar.nodes), tensor: count(c.tensor.nodes), ratio: ratioText(c.ratios.nodes) },
    { label: 'memory held', scalar: formatBytes(c.scalar.bytes), tensor: formatBytes(c.tensor.bytes), ratio: ratioText(c.ratios.bytes) },
    {
      label: 'time per step (alternated, median)',
      // Timed together, round by round: when their ratio is too noisy to tell, so is each side's time.
      scalar: noisy ? 'too noisy' : msText(c.scalar.msPerStep),
      tensor: noisy ? 'too noisy' : msText(c.tensor.msPerStep),
      ratio: noisy ? 'too noisy' : ratioText(c.ratios.time),
    },
  ];
}

/** Whether the tapes were timed but their ratio spread too widely to tell (other work took the cores). */
export function tooNoisy(c: Pick<TapeComparison, 'ratios' | 'timeSpread'>): boolean {
  return c.timeSpread !== undefined && (c.timeSpread.noisy || c.ratios.time === null || !Number.isFinite(c.ratios.time));
}

/**
 * One sentence on why our time ratio is what it is, against the common claim that a scalar tape
 * is "10–100× slower" than a tensor one.
 */
export function whyRatio(time: number | null, noisy = false): string {
  if (noisy) {
    return 'The two tapes’ times spread too widely to tell a ratio on this machine just now (other work took the cores): press Measure again.';
  }
  if (time === null || !Number.isFinite(time)) return 'The time per step was not measured.';
  const ours = ratioText(time);
  if (time >= 10) {
    return (
      `Ours is ${ours}, within the 10–100× often quoted for scalar tapes: one node per scalar costs bookkeeping that the tensor tape pays ` +
      'once per matrix.'
    );
  }
  return (
    `Ours is ${ours}, not the 10–100× often quoted for scalar tapes, because both tapes here are plain JavaScript ` +
    'over typed-array columns: the scalar tape allocates nothing per node, and the tensor tape multiplies its ' +
    'matrices with simple loops, not the vectorised native kernels (BLAS, GPU) behind that figure.'
  );
}
