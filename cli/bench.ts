import {
  BYTES_PER_NODE,
  DEFAULT_SETTINGS,
  chainHvp,
  directionOf,
  DualTape,
  fastestMicroseconds,
  jacobianTimes,
  sampledOutputs,
  withCrossing,
  CHEAP_PAIR_ROUNDS,
  compareTapes,
  Tape,
  centralDifferenceGradient,
  defaultParams,
  epsilonGrid,
  evaluateLoss,
  forwardGradient,
  fusedAdjoint,
  recordChain,
  reverseGradient,
  tapeNodesFor,
  timeMethods,
  PROBE_STEPS,
  type ChainParams,
} from '../engine/index.ts';
import { EQUAL_TIME_PAIR_MS } from '../engine/limits.ts';
import { durationText } from '../engine/number-text.ts';
import { integerOption, parseOptions } from './args.ts';
import { fmt, table } from './table.ts';
import { printJson } from './print-json.ts';
import { SILENT, type Progress } from './progress.ts';

/** The chain length the Work panel's estimates are checked at: long enough that they are made from a shorter chain. */
const ESTIMATE_STEPS = 1024;

export const BENCH_HELP = `tape-lab bench [--steps 40,200,1000] [--min-time MS] [--json] [--quiet]
  Engine timings side by side, measured in one process: plain evaluation, the hand-fused
  adjoint, the tape's reverse gradient as the lab calls it (tapeReverse: no tape given, the
  pooled one), with a tape of the caller's (tapeReverseReused) and with a new tape each call
  (tapeReverseFresh), its recording and its sweep,
  vector forward mode, the central-difference sweep, and the Hessian-vector product by forward
  over reverse (hvp: the sweep on dual numbers, with a reused dual tape); ratios against the
  hand-fused adjoint, H·v against one reverse gradient, and bytes per tape node; then the scalar
  tape against the tensor tape on one small network; then the Work panel's estimates at
  T = ${ESTIMATE_STEPS} (forward mode and central differences timed on a shorter chain and scaled
  by T²) against the same methods run at full length; then forward mode's Jacobian over x₀ at
  every M of lesson chapter 10 (equal work), timed as the lesson times it, and how far apart its
  times read by fastest batch and at the machine's typical speed.
  Past ${PROBE_STEPS} steps the two methods whose one call grows as T² (forwardVector,
  finiteDifferenceSweep) are timed first on a chain of ${PROBE_STEPS} steps and scaled by T², as
  \`run\` estimates its costly parts; one whose call would pass about 10 s is not timed at that
  length, and a warning gives its estimate.
  --quiet: no progress lines on stderr.`;

/** What one timing measured: the median time of one call over repeated batches. */
export interface Timing {
  method: string;
  steps: number;
  /** Median milliseconds per call. */
  ms: number;
  /** Calls timed. */
  calls: number;
}

/**
 * Median time per call of `fn`: batches sized to take about `minMs / 5` each, five batches at
 * least, after a warm-up so the JIT has compiled the path being measured.
 */
export function time(fn: () => unknown, minMs: number, onBatch: () => void = () => {}): { ms: number; calls: number } {
  const warmEnd = performance.now() + minMs / 4;
  let batch = 1;
  do {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const dt = performance.now() - t0;
    onBatch();
    if (dt < minMs / 10) batch *= 2;
  } while (performance.now() < warmEnd);
  const samples: number[] = [];
  let calls = 0;
  const end = performance.now() + minMs;
  while (samples.length < 5 || performance.now() < end) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    samples.push((performance.now() - t0) / batch);
    onBatch();
    calls += batch;
    if (samples.length >= 200) break;
  }
  samples.sort((x, y) => x - y);
  return { ms: samples[Math.floor(samples.length / 2)], calls };
}

/** The methods whose one call grows as T²: forward mode carries P = 2T lanes through T steps; the sweep takes 2P losses over prefixes at each of its h. */
export const QUADRATIC_METHODS = ['forwardVector', 'finiteDifferenceSweep'] as const;
export type QuadraticMethod = (typeof QUADRATIC_METHODS)[number];

/** The most one call of a method may be estimated to take for bench to time it at a length (a timing makes six calls at least: about a minute). */
export const BENCH_CALL_BUDGET_MS = 10_000;

/** One call of each T² method, as bench times it. */
function quadraticCall(method: QuadraticMethod, params: ChainParams): () => unknown {
  if (method === 'forwardVector') return () => forwardGradient(params);
  const grid = epsilonGrid();
  return () => grid.forEach((h) => centralDifferenceGradient(params, h));
}

/**
 * Milliseconds of one call of each T² method at PROBE_STEPS: the faster of two calls after one
 * on a shorter chain to warm the compiler up, as engine/cost-plan.ts probes a run's parts.
 * About 0.5 s in all.
 */
export function probeQuadratic(now: () => number = () => performance.now()): Record<QuadraticMethod, number> {
  const out = {} as Record<QuadraticMethod, number>;
  for (const method of QUADRATIC_METHODS) {
    quadraticCall(method, defaultParams(64))();
    const call = quadraticCall(method, defaultParams(PROBE_STEPS));
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const t0 = now();
      call();
      best = Math.min(best, now() - t0);
    }
    out[method] = best;
  }
  return out;
}

/** A method bench leaves out at a length, and what one call of it would have cost there. */
export interface SkippedMethod {
  method: QuadraticMethod;
  /** One call's estimate at the length: the probe's time scaled by (T / fromSteps)². */
  estimatedMsPerCall: number;
  fromSteps: number;
}

/**
 * The T² methods bench leaves out at `steps`: none up to PROBE_STEPS (the probe ran them
 * there), else each whose one call, scaled from the probe by T², would pass `budgetMs`.
 */
export function benchSkips(steps: number, probeMs: Record<QuadraticMethod, number>, budgetMs = BENCH_CALL_BUDGET_MS): SkippedMethod[] {
  if (steps <= PROBE_STEPS) return [];
  return QUADRATIC_METHODS.map((method) => ({ method, estimatedMsPerCall: probeMs[method] * (steps / PROBE_STEPS) ** 2, fromSteps: PROBE_STEPS })).filter(
    (s) => s.estimatedMsPerCall > budgetMs,
  );
}

/** The warning for a method left out: what one call and a timing of it would have cost. */
export function skippedText(s: SkippedMethod, steps: number): string {
  return (
    `${s.method} not timed at T = ${steps}: one call would take ${durationText(s.estimatedMsPerCall)} and a timing six calls at least ` +
    `(${durationText(6 * s.estimatedMsPerCall)}), estimated from a call at ${s.fromSteps} steps scaled by T²`
  );
}

interface BenchRow {
  steps: number;
  /** The T² methods not timed at this length (their timings and ratios are null), with their estimates. */
  skipped: SkippedMethod[];
  /** reverseGradient (the default path) and the hand-fused adjoint timed in alternation: µs per call, fastest batch. */
  sideBySide: { tapeReverse: number; fusedAdjoint: number; ratio: number };
  timings: Record<string, number | null>;
  ratios: Record<string, number | null>;
  /** H·v (one dual recording and sweep) against one reverse gradient with a reused tape, timed in alternation. */
  hvpOverGradient: number;
  tapeNodes: number;
}

/** Times every method at T but those in `skipped` (their timings and ratios are null). */
export function benchAt(T: number, minMs: number, progress: Progress, skipped: readonly SkippedMethod[] = []): BenchRow {
  const params: ChainParams = defaultParams(T);
  const tape = new Tape(tapeNodesFor(T));
  const work = { states: new Float64Array(T + 1), squash: new Float64Array(T) };
  const sweepTape = new Tape(tapeNodesFor(T));
  const { loss } = recordChain(params, sweepTape);
  const ones = directionOf({ kind: 'ones' }, T);
  const dualTape = new DualTape(tapeNodesFor(T));
  const timed = (name: string, fn: () => unknown) => time(fn, minMs, () => progress.note(`timing ${name} at T = ${T}…`)).ms;
  const left = new Set(skipped.map((s) => s.method));
  const quadratic = (method: QuadraticMethod) => (left.has(method) ? null : timed(method, quadraticCall(method, params)));
  const timings: Record<string, number | null> = {
    evaluate: timed('evaluate', () => evaluateLoss(params)),
    fusedAdjoint: timed('fusedAdjoint', () => fusedAdjoint(params, work)),
    // As runLab, the work curve and the worker call it: no tape given (the pooled one).
    tapeReverse: timed('tapeReverse', () => reverseGradient(params)),
    // With a tape of the caller's, reused across calls.
    tapeReverseReused: timed('tapeReverseReused', () => reverseGradient(params, tape)),
    // With a new tape each call: what the default path cost before it pooled its tape.
    tapeReverseFresh: timed('tapeReverseFresh', () => reverseGradient(params, new Tape(tapeNodesFor(T)))),
    // Its two halves: recording the chain on the tape, and the sweep over a recorded tape.
    tapeRecord: timed('tapeRecord', () => recordChain(params, tape)),
    tapeSweep: timed('tapeSweep', () => sweepTape.backward(loss)),
    forwardVector: quadratic('forwardVector'),
    // One central-difference gradient per h of the sweep.
    finiteDifferenceSweep: quadratic('finiteDifferenceSweep'),
    // H·v along ones by forward over reverse, recording on a dual tape the caller keeps.
    hvp: timed('hvp', () => chainHvp(params, ones, dualTape)),
  };
  // The two again, in alternation, so both see the same machine (a loaded one skews medians taken apart).
  progress.note(`timing tapeReverse against fusedAdjoint in alternation at T = ${T}…`);
  const [tapeReverseUs, fusedUs] = fastestMicroseconds([() => reverseGradient(params), () => fusedAdjoint(params, work)], minMs);
  const sideBySide = { tapeReverse: tapeReverseUs, fusedAdjoint: fusedUs, ratio: tapeReverseUs / fusedUs };
  const base = timings.fusedAdjoint!;
  const ratios = Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, v === null ? null : v / base]));
  // The ratio from the two timed in alternation, fastest batch each: medians taken minutes apart
  // on a shared machine can differ by 10× for the same call.
  const [hvpUs, gradientUs] = fastestMicroseconds([() => chainHvp(params, ones, dualTape), () => reverseGradient(params, tape)], minMs);
  return { steps: T, skipped: [...skipped], sideBySide, timings, ratios, hvpOverGradient: hvpUs / gradientUs, tapeNodes: tapeNodesFor(T) };
}

/** One estimated method: its time scaled up from a shorter chain, and its time measured at full length. */
export interface EstimateCheck {
  method: 'forward' | 'finiteDifference';
  /** The steps the estimate was timed at. */
  from: number;
  estimatedMs: number;
  measuredMs: number;
  /** estimated ÷ measured: the estimate is meant to land within a factor of two (0.5 … 2). */
  ratio: number;
}

/**
 * The Work panel's estimates (engine/method-times.ts) against the times they stand for: with a
 * 5 ms budget forward mode and central differences are timed on a shorter chain and scaled by T²;
 * with a budget they fit in, they are run at `steps`. Medians of five runs each, in this process.
 */
export function checkEstimates(steps: number): EstimateCheck[] {
  const now = () => performance.now();
  const params = defaultParams(steps);
  const settings = { ...DEFAULT_SETTINGS, steps };
  const estimated = timeMethods(params, settings, { now, repeats: 5, budgetMs: 5 });
  const measured = timeMethods(params, settings, { now, repeats: 5, budgetMs: 60_000 });
  return (['forward', 'finiteDifference'] as const).map((method) => {
    const e = estimated.times[method];
    const m = measured.times[method];
    return { method, from: e.from, estimatedMs: e.ms, measuredMs: m.ms, ratio: e.ms / m.ms };
  });
}

/** The chain and the M that lesson chapter 10 times forward mode at (N = 1: over x₀ alone). */
const EQUAL_WORK = { steps: 40, inputs: 1 };

/**
 * Forward mode's equal work read as time: the Jacobian over x₀ at chapter 10's M (T = 40; its
 * work is 2 chain runs at every M), timed as the lesson times it, and the spread of its times
 * (slowest ÷ fastest; the lesson reads them as equal within 1.25) by each batch statistic.
 */
export function equalWorkSpread(budgetMs = EQUAL_TIME_PAIR_MS): { outputs: number[]; work: number[]; fastest: number[]; typical: number[]; spread: { fastest: number; typical: number } } {
  const { steps, inputs } = EQUAL_WORK;
  // As tradeoffsTimings samples them for the lesson: the curve's M, with M = N and N + 1.
  const outputs = withCrossing(sampledOutputs(steps, 5), inputs, steps);
  const times = jacobianTimes(defaultParams(steps), inputs, outputs, new Tape(tapeNodesFor(steps)), budgetMs * outputs.length, CHEAP_PAIR_ROUNDS);
  const spreadOf = (us: number[]) => Math.max(...us) / Math.min(...us);
  const { fastest, typical } = times.microseconds;
  return {
    outputs,
    work: times.forwardWork,
    fastest: fastest.forward,
    typical: typical.forward,
    spread: { fastest: spreadOf(fastest.forward), typical: spreadOf(typical.forward) },
  };
}

/** `tape-lab bench`: timings and ratios at a few chain lengths. */
export function benchCommand(argv: string[], progress: Progress = SILENT): string {
  const { values } = parseOptions(
    argv,
    { steps: { type: 'string' }, 'min-time': { type: 'string' }, json: { type: 'boolean' }, quiet: { type: 'boolean' } },
    'bench',
  );
  const sizes = (values.steps ?? '40,200,1000').split(',').map((s) => integerOption('steps', s, 1, 100_000) as number);
  const minMs = integerOption('min-time', values['min-time'], 10, 60_000) ?? 300;
  // As `run` bounds a long chain: past PROBE_STEPS the T² methods are estimated first.
  let probe: Record<QuadraticMethod, number> | null = null;
  if (sizes.some((T) => T > PROBE_STEPS)) {
    progress.note(`timing forwardVector and finiteDifferenceSweep at T = ${PROBE_STEPS} to estimate longer chains…`);
    probe = probeQuadratic();
  }
  const rows = sizes.map((T) => benchAt(T, minMs, progress, probe ? benchSkips(T, probe) : []));
  const warnings = rows.flatMap((r) => r.skipped.map((s) => skippedText(s, r.steps)));
  progress.note('timing the scalar tape against the tensor tape…');
  // The card's claim that a scalar tape runs 10–100× slower than a tensor tape, measured here on
  // one 2-16-2 network and one batch of 200 points.
  const tensor = compareTapes({ batch: 200, hidden: 16, minMs });
  progress.note(`checking the Work panel's estimates at T = ${ESTIMATE_STEPS}…`);
  const estimates = checkEstimates(ESTIMATE_STEPS);
  progress.note('timing forward mode at equal work over M…');
  const equalWork = equalWorkSpread();
  if (values.json) {
    return printJson({
      bytesPerNode: BYTES_PER_NODE,
      unit: 'ms per call (median)',
      results: rows,
      ratios: Object.fromEntries(rows.map((r) => [r.steps, r.ratios])),
      scalarVsTensor: tensor,
      estimates: { steps: ESTIMATE_STEPS, methods: estimates },
      equalWork: { ...EQUAL_WORK, ...equalWork },
      warnings,
    });
  }
  const methods = Object.keys(rows[0].timings);
  const header = ['method', ...rows.flatMap((r) => [`T=${r.steps} ms`, '× fused'])];
  const cell = (x: number | null) => (x === null ? 'not timed' : fmt(x));
  const body = methods.map((m) => [m, ...rows.flatMap((r) => [cell(r.timings[m]), cell(r.ratios[m])])]);
  return [
    `Median time per call, one process (Node ${process.version}); ratios against the hand-fused adjoint.`,
    table([header, ...body]),
    '',
    `reverseGradient ÷ hand-fused adjoint, timed in alternation (fastest batch): ${rows.map((r) => `T=${r.steps} ${fmt(r.sideBySide.ratio)}× (${fmt(r.sideBySide.tapeReverse)} against ${fmt(r.sideBySide.fusedAdjoint)} µs)`).join(', ')}.`,
    '',
    `Tape: ${BYTES_PER_NODE} bytes a node with its adjoint; ${rows.map((r) => `${fmt(r.tapeNodes)} nodes at T=${r.steps}`).join(', ')}.`,
    `H·v by forward over reverse against one reverse gradient (reused tapes, timed in alternation, fastest of each): ${rows.map((r) => `${fmt(r.hvpOverGradient)}× at T=${r.steps}`).join(', ')}.`,
    '',
    'Scalar tape against tensor tape, one gradient of a 2-16-2 network on 200 points (same numbers to 1e-12):',
    table([
      ['tape', 'nodes', 'bytes', 'ms per step'],
      ['scalar', fmt(tensor.scalar.nodes), fmt(tensor.scalar.bytes), fmt(tensor.scalar.msPerStep)],
      ['tensor', fmt(tensor.tensor.nodes), fmt(tensor.tensor.bytes), fmt(tensor.tensor.msPerStep)],
      ['scalar ÷ tensor', fmt(tensor.ratios.nodes), fmt(tensor.ratios.bytes), fmt(tensor.ratios.time)],
    ]),
    '',
    `The Work panel's estimates at T = ${ESTIMATE_STEPS}, timed on a shorter chain and scaled by T², against a run at full length (meant to be within 2×):`,
    table([
      ['method', 'timed at T', 'estimate ms', 'measured ms', 'estimate ÷ measured', 'within 2×'],
      ...estimates.map((e) => [e.method, String(e.from), fmt(e.estimatedMs), fmt(e.measuredMs), fmt(e.ratio), e.ratio > 0.5 && e.ratio < 2 ? 'yes' : 'no']),
    ]),
    '',
    `Forward mode's Jacobian over x₀ at T = ${EQUAL_WORK.steps}, ${equalWork.outputs.length} values of M (work ${fmt(Math.min(...equalWork.work))} passes at every M), timed together as lesson chapter 10 times it: ` +
      `slowest ÷ fastest ${fmt(equalWork.spread.typical)}× by time at the machine's typical speed (what the lesson shows; meant within 1.25×), ${fmt(equalWork.spread.fastest)}× by fastest batch.`,
    ...warnings.map((w) => `warning: ${w}`),
  ].join('\n');
}
