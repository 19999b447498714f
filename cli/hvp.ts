import {
  chainHvp,
  checkHvp,
  defaultParams,
  directionOf,
  reverseGradient,
  BYTES_PER_DUAL_NODE,
  BYTES_PER_NODE,
  type DirectionSpec,
} from '../engine/index.ts';
import { integerOption, parseOptions, quoted } from './args.ts';
import { chainScalarsFromOptions } from './settings-options.ts';
import { UsageError } from './errors.ts';
import { printJson } from './print-json.ts';
import { fmt, fmtBytes, table } from './table.ts';

/** The most steps `hvp` takes (the check runs 2 reverse sweeps for each of 19 steps h). */
export const HVP_MAX_STEPS = 1000;

export const HVP_HELP = `tape-lab hvp [--steps T] [--c C] [--x0 X] [--target Y]
              [--direction ones|basis:I|seed:N] [--json]
  The Hessian-vector product H·v of the chain's loss over θ = (a, b) by forward over reverse:
  the tape's sweep run on dual numbers seeded with v (one recording, one sweep). Checked against
  central differences of the reverse-mode gradient along v. T = 40 unless given (up to ${HVP_MAX_STEPS}).
  --direction: ones (default), basis:I (the unit vector of θ_I, with θ_2t = a_t and θ_2t+1 = b_t),
  or seed:N (entries uniform in [−1, 1) from seed N).`;

const OPTIONS = {
  steps: { type: 'string' },
  c: { type: 'string' },
  x0: { type: 'string' },
  target: { type: 'string' },
  direction: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `--direction` as a DirectionSpec, checked against the steps. */
export function parseDirection(text: string | undefined, steps: number): DirectionSpec {
  if (text === undefined || text === 'ones') return { kind: 'ones' };
  const m = /^(basis|seed):(\d{1,10})$/.exec(text);
  if (!m) throw new UsageError(`--direction must be ones, basis:I or seed:N; got ${quoted(text)}`);
  const n = Number(m[2]);
  if (m[1] === 'basis') {
    if (n >= 2 * steps) throw new UsageError(`--direction basis:${n} is outside 0 … ${2 * steps - 1} (θ has 2T entries)`);
    return { kind: 'basis', index: n };
  }
  if (n > 0xffffffff) throw new UsageError(`--direction seed:N takes a seed from 0 to 4294967295; got ${quoted(text)}`);
  return { kind: 'seed', seed: n };
}

/** `tape-lab hvp`: H·v of the chain's loss, its gradient and its check. */
export function hvpCommand(argv: string[]): string {
  const { values } = parseOptions(argv, OPTIONS, 'hvp');
  const steps = integerOption('steps', values.steps, 1, HVP_MAX_STEPS) ?? 40;
  const spec = parseDirection(values.direction, steps);
  const params = defaultParams(steps, chainScalarsFromOptions(values));
  const v = directionOf(spec, steps);
  const r = chainHvp(params, v);
  const check = checkHvp(params, v, r.hvp);
  const g = reverseGradient(params);
  const data = {
    steps,
    direction: v,
    hvp: r.hvp,
    gradient: r.gradient,
    check: {
      finiteDifference: { h: check.h, maxRelative: check.maxRelative, maxDifference: check.maxDifference, resolution: check.resolution, resolved: check.resolved },
    },
    work: {
      hvp: r.workUnits,
      gradient: g.workUnits,
      tapeNodes: r.tapeNodes,
      sweptNodes: r.sweptNodes,
      bytes: { hvp: r.tapeBytes, gradient: g.tapeNodes * BYTES_PER_NODE },
    },
  };
  const largest = maxAbs(r.hvp);
  // Below the differences' resolution their relative error says nothing about H·v: say that instead.
  const belowResolution = !check.resolved
    ? `H·v is below what central differences can resolve here: its largest entry is ${fmt(largest)}, and at h = ${fmt(check.h)} differences of the gradient ` +
      `cannot tell an entry below about ${fmt(check.resolution)} from 0 (rounding ε·max|∂L/∂θ|/h with max|∂L/∂θ| = ${fmt(maxAbs(r.gradient))}, plus truncation). ` +
      `They differ from H·v by at most ${fmt(check.maxDifference)}, ${check.maxDifference <= check.resolution ? 'within' : 'above'} that; the dual sweep's H·v is not checked by them`
    : null;
  const unresolved =
    check.resolved && check.maxRelative > 1e-6
      ? `the central differences of the gradient along v differ from H·v by ${fmt(check.maxRelative)} of max |H·v| at their best h (${fmt(check.h)}): at this setting the loss bends on scales below any h the check tries (largest |∂L/∂θ| ${fmt(maxAbs(r.gradient))})`
      : belowResolution;
  if (values.json) return printJson({ ...data, warnings: unresolved ? [unresolved] : [] });
  const label = spec.kind === 'ones' ? 'ones' : spec.kind === 'basis' ? `basis:${spec.index}` : `seed:${spec.seed}`;
  const shown = steps <= 40 ? [...Array(steps).keys()] : [...Array(10).keys(), ...Array.from({ length: 10 }, (_, i) => steps - 10 + i)];
  const rows = shown.flatMap((t) => [
    [`a_${t}`, fmt(v.a[t]), fmt(r.gradient.a[t], 6), fmt(r.hvp.a[t], 10), fmt(check.finiteDifference.a[t], 10)],
    [`b_${t}`, fmt(v.b[t]), fmt(r.gradient.b[t], 6), fmt(r.hvp.b[t], 10), fmt(check.finiteDifference.b[t], 10)],
  ]);
  return [
    `H·v of L = ½(x_T − y)² over θ = (a, b): T = ${steps}, P = ${2 * steps}, c = ${fmt(params.c)}, x₀ = ${fmt(params.x0)}, y = ${fmt(params.target)}, v = ${label}`,
    table([['θ', 'v', '∂L/∂θ', '(H·v) dual sweep', 'central difference'], ...rows]),
    steps > 40 ? `(the first and last 10 steps of ${steps})` : '',
    check.resolved
      ? `central differences of the reverse gradient along v at h = ${fmt(check.h)}: largest difference ${fmt(check.maxRelative)} of max |H·v| (they resolve entries above about ${fmt(check.resolution)})`
      : `central differences of the reverse gradient along v at h = ${fmt(check.h)}: no check, H·v (largest ${fmt(largest)}) is below what they resolve (about ${fmt(check.resolution)})`,
    unresolved ? `warning: ${unresolved}` : '',
    `work: one recording and one sweep, each on dual numbers (a value and one tangent): ${fmt(r.workUnits)} passes (a gradient: ${fmt(g.workUnits)});`,
    `      ${fmt(r.tapeNodes)} nodes, ${fmtBytes(r.tapeBytes)} on the dual tape (${BYTES_PER_DUAL_NODE} B a node) against ${fmtBytes(g.tapeNodes * BYTES_PER_NODE)}; time: tape-lab bench`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The largest |entry| of a gradient. */
function maxAbs(g: { a: Float64Array; b: Float64Array }): number {
  let m = 0;
  for (let t = 0; t < g.a.length; t++) m = Math.max(m, Math.abs(g.a[t]), Math.abs(g.b[t]));
  return m;
}
