import {
  BYTES_PER_NODE,
  DEFAULT_SETTINGS,
  chainHvp,
  directionOf,
  DualTape,
  alternatedMicroseconds,
  jacobianTimes,
  sampledOutputs,
  withCrossing,
  CHEAP_PAIR_ROUNDS,
  measureTapes,
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
  NOISY_SPREAD,
  type RatioSpread,
} from '../engine/index.ts';
import { TOO_NOISY } from '../engine/method-cost.ts';
import { EQUAL_TIME_PAIR_MS } from '../engine/limits.ts';
import { durationText } from '../engine/number-text.ts';
import { integerOption, parseOptions } from './args.ts';
import { fmt, table } from './table.ts';
import { printJson } from './print-json.ts';
import { SILENT, type Progress } from './progress.ts';

/** The chain length the Work panel's estimates are checked at: long enough that they are made from a shorter chain. */
const ESTIMATE_STEPS = 1024;

export const BENCH_HELP = `tape-lab bench [--steps 40,200,1000] [--min-time MS] [--json] [--quiet]
  Engine timings side by side, measured in one process by the one timing method (each method
  and the plain run in alternated batches; the median of the rounds' ratios, its middle half, and
  "too noisy to tell" when that is wider than ${NOISY_SPREAD}×): plain evaluation, the hand-fused
  adjoint, the tape's reverse gradient as the lab calls it (tapeReverse: no tape given, the
  pooled one), with a tape of the caller's (tapeReverseReused) and with a new tape each call
  (tapeReverseFresh), its recording and its sweep,
  vector forward mode, the central-difference sweep, and the Hessian-vector product by forward
  over reverse (hvp: the sweep on dual numbers, with a reused dual tape); ratios against the
  hand-fused adjoint, H·v against one reverse gradient, and bytes per tape node; then the scalar
  tape against the tensor tape on one small network; then the Work panel's estimates at
  T = ${ESTIMATE_STEPS} (forward mode and central differences timed against the plain run on a
  shorter chain and scaled by counted passes) against the same methods timed at full length; then forward mode's Jacobian over x₀ at
  every M of lesson chapter 10 (equal work), timed as the lesson times it, and how far apart its
  times read by fastest batch and at the machine's typical speed.
  Past ${PROBE_STEPS} steps the two methods whose one call grows as T² (forwardVector,
  finiteDifferenceSweep) are timed first on a chain of ${PROBE_STEPS} steps and scaled by T², as
  \`run\` estimates its costly parts; one whose call would pass about 10 s is not timed at that
  length, and a warning gives its estimate.
  --quiet: no progress lines on stderr.`;

/**
 * One function's time by the one timing method (engine/tradeoffs/timing.ts): warmed up, timed in
 * alternated batches against a reference (the plain run of the chain, or the call it is set
 * against), the median of the rounds' ratios with its middle half, and noisy when that middle
 * half is wider than NOISY_SPREAD.
 */
export interface Spread {
  /** The median of the rounds' ratios to the reference. */
  ratio: number;
  /** Its middle half: the lower and upper quartiles. */
  low: number;
  high: number;
  /** Rounds in which neither batch was interrupted. */
  rounds: number;
  noisy: boolean;
}

/** `fn` against `reference` in alternated batches: its ratio's spread, and the reference's µs per call at the machine's typical speed. */
export function against(fn: () => unknown, reference: () => unknown, minMs: number): { spread: Spread; referenceUs: number } {
  const t = alternatedMicroseconds([reference, fn], { budgetMs: minMs, minRounds: 9, reference: 0, confirm: false });
  const r = (t.ratios as RatioSpread[])[1];
  return { spread: { ratio: r.median, low: r.low, high: r.high, rounds: r.rounds, noisy: r.noisy }, referenceUs: t.typical[0] };
}

/** A spread for a sentence: "3.1× (2.9–3.4)", or "too noisy to tell". */
export const spreadText = (s: Pick<Spread, 'ratio' | 'low' | 'high' | 'noisy'>): string => (s.noisy ? 'too noisy to tell' : `${fmt(s.ratio)}× (${fmt(s.low)}–${fmt(s.high)})`);

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
  /** reverseGradient (the default path) against the hand-fused adjoint, timed in alternation: µs per call, and the ratio's spread. */
  sideBySide: { tapeReverse: number; fusedAdjoint: number; ratio: number; low: number; high: number; noisy: boolean };
  /** Milliseconds per call: each method's runs of time times the plain run's time (null: not timed). */
  timings: Record<string, number | null>;
  /** Each method's time over the plain run's (runs of time), timed in alternation with it, with its middle half (null: not timed). */
  runsOfTime: Record<string, Spread | null>;
  /** Runs of time over the hand-fused adjoint's (null: not timed, or either too noisy to tell). */
  ratios: Record<string, number | null>;
  /** H·v (one dual recording and sweep) against one reverse gradient with a reused tape, timed in alternation: the median ratio. */
  hvpOverGradient: number;
  /** Its middle half, and whether it is too noisy to tell. */
  hvpOverGradientSpread: Spread;
  tapeNodes: number;
}

/** Times every method at T but those in `skipped` (their timings and ratios are null), each against the plain run by the one timing method. */
export function benchAt(T: number, minMs: number, progress: Progress, skipped: readonly SkippedMethod[] = []): BenchRow {
  const params: ChainParams = defaultParams(T);
  const tape = new Tape(tapeNodesFor(T));
  const work = { states: new Float64Array(T + 1), squash: new Float64Array(T) };
  const sweepTape = new Tape(tapeNodesFor(T));
  const { loss } = recordChain(params, sweepTape);
  const ones = directionOf({ kind: 'ones' }, T);
  const dualTape = new DualTape(tapeNodesFor(T));
  const plain = () => evaluateLoss(params);
  // Every plain run's time the pairs read: the plain run's own time is their median.
  const plainUs: number[] = [];
  const timed = (name: string, fn: () => unknown): Spread => {
    progress.note(`timing ${name} against the plain run at T = ${T}…`);
    const { spread, referenceUs } = against(fn, plain, minMs);
    plainUs.push(referenceUs);
    return spread;
  };
  const left = new Set(skipped.map((s) => s.method));
  const quadratic = (method: QuadraticMethod) => (left.has(method) ? null : timed(method, quadraticCall(method, params)));
  const runsOfTime: Record<string, Spread | null> = {
    evaluate: { ratio: 1, low: 1, high: 1, rounds: 0, noisy: false },
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
  const plainMs = [...plainUs].sort((x, y) => x - y)[Math.floor(plainUs.length / 2)] / 1000;
  const timings = Object.fromEntries(Object.entries(runsOfTime).map(([k, r]) => [k, r === null ? null : r.ratio * plainMs]));
  const fused = runsOfTime.fusedAdjoint!;
  const ratios = Object.fromEntries(Object.entries(runsOfTime).map(([k, r]) => [k, r === null || r.noisy || fused.noisy ? null : r.ratio / fused.ratio]));
  // The two set against each other directly, in alternation, so both see the same machine.
  progress.note(`timing tapeReverse against fusedAdjoint in alternation at T = ${T}…`);
  const side = against(() => reverseGradient(params), () => fusedAdjoint(params, work), minMs);
  const sideBySide = {
    tapeReverse: side.spread.ratio * side.referenceUs,
    fusedAdjoint: side.referenceUs,
    ratio: side.spread.ratio,
    low: side.spread.low,
    high: side.spread.high,
    noisy: side.spread.noisy,
  };
  progress.note(`timing hvp against one reverse gradient in alternation at T = ${T}…`);
  const hvpSide = against(() => chainHvp(params, ones, dualTape), () => reverseGradient(params, tape), minMs);
  return {
    steps: T,
    skipped: [...skipped],
    sideBySide,
    timings,
    runsOfTime,
    ratios,
    hvpOverGradient: hvpSide.spread.ratio,
    hvpOverGradientSpread: hvpSide.spread,
    tapeNodes: tapeNodesFor(T),
  };
}

/** One estimated method: its time scaled up from a shorter chain, and its time measured at full length. */
export interface EstimateCheck {
  method: 'forward' | 'finiteDifference';
  /** The steps the estimate was timed at. */
  from: number;
  estimatedMs: number;
  measuredMs: number;
  /** Runs of time (time over the plain run's, each timed in alternation with it): estimated, and measured at full length. */
  estimatedRuns: number;
  measuredRuns: number;
  /** estimated ÷ measured runs of time: the estimate is meant to land within a factor of two (0.5 … 2). */
  ratio: number;
}

/**
 * The Work panel's estimates (engine/method-times.ts) against the times they stand for: forward
 * mode and central differences timed against the plain run on the first MIN_TRIAL_STEPS steps and
 * scaled by their counted passes, against the same timed at `steps` (\`fullLength\`). Both by the
 * one timing method: runs of time, the median of alternated rounds. (The estimate used to be a
 * time scaled as T² from one cold run at 256 steps, set against the median of five runs at full
 * length taken minutes apart: 13.7× off on a busy machine, the two times seeing different loads.)
 */
export function checkEstimates(steps: number): EstimateCheck[] {
  const now = () => performance.now();
  const params = defaultParams(steps);
  const settings = { ...DEFAULT_SETTINGS, steps };
  const estimated = timeMethods(params, settings, { now });
  const measured = timeMethods(params, settings, { now, fullLength: true });
  return (['forward', 'finiteDifference'] as const).map((method) => {
    const e = estimated.times[method];
    const m = measured.times[method];
    return { method, from: e.from, estimatedMs: e.ms, measuredMs: m.ms, estimatedRuns: e.ratio, measuredRuns: m.ratio, ratio: e.ratio / m.ratio };
  });
}

/** The chain and the M that lesson chapter 10 times forward mode at (N = 1: over x₀ alone). */
const EQUAL_WORK = { steps: 40, inputs: 1 };

/**
 * Forward mode's equal work read as time: the Jacobian over x₀ at chapter 10's M (T = 40; its
 * work is 2 chain runs at every M), timed as the lesson times it, and the spread of its times
 * (slowest ÷ fastest; the lesson reads them as equal within 1.25) by each batch statistic.
 */
export function equalWorkSpread(budgetMs = EQUAL_TIME_PAIR_MS): {
  outputs: number[];
  work: number[];
  fastest: number[];
  typical: number[];
  runs: number[];
  noisy: boolean;
  spread: { fastest: number; typical: number; runs: number };
} {
  const { steps, inputs } = EQUAL_WORK;
  // As tradeoffsTimings samples them for the lesson: the curve's M, with M = N and N + 1.
  const outputs = withCrossing(sampledOutputs(steps, 5), inputs, steps);
  const times = jacobianTimes(defaultParams(steps), inputs, outputs, new Tape(tapeNodesFor(steps)), budgetMs * outputs.length, CHEAP_PAIR_ROUNDS);
  const spreadOf = (us: number[]) => Math.max(...us) / Math.min(...us);
  const { fastest, typical } = times.microseconds;
  // What the lesson shows since issue 44: each M's median ratio to the plain run.
  const runs = times.runs.forward.map((r) => r.median);
  return {
    outputs,
    work: times.forwardWork,
    fastest: fastest.forward,
    typical: typical.forward,
    runs,
    noisy: times.runs.forward.some((r) => r.noisy),
    spread: { fastest: spreadOf(fastest.forward), typical: spreadOf(typical.forward), runs: spreadOf(runs) },
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
  const tensor = measureTapes({ batch: 200, hidden: 16, minMs });
  progress.note(`checking the Work panel's estimates at T = ${ESTIMATE_STEPS}…`);
  const estimates = checkEstimates(ESTIMATE_STEPS);
  progress.note('timing forward mode at equal work over M…');
  const equalWork = equalWorkSpread();
  if (values.json) {
    return printJson({
      bytesPerNode: BYTES_PER_NODE,
      unit: 'ms per call: runs of time (median of rounds against the plain run) × the plain run’s ms',
      results: rows,
      ratios: Object.fromEntries(rows.map((r) => [r.steps, r.ratios])),
      scalarVsTensor: tensor,
      estimates: { steps: ESTIMATE_STEPS, methods: estimates },
      equalWork: { ...EQUAL_WORK, ...equalWork },
      warnings,
    });
  }
  const methods = Object.keys(rows[0].timings);
  const header = ['method', ...rows.flatMap((r) => [`T=${r.steps} ms`, 'runs of time (middle half)', '× fused'])];
  const cell = (x: number | null) => (x === null ? 'not timed' : fmt(x));
  // A time too noisy to tell says so, never a bare number (the one timing method's rule).
  const runs = (x: Spread | null) => (x === null ? 'not timed' : x.noisy ? 'too noisy to tell' : `${fmt(x.ratio)} (${fmt(x.low)}–${fmt(x.high)})`);
  const ms = (r: BenchRow, m: string) => (r.runsOfTime[m]?.noisy ? 'too noisy' : cell(r.timings[m]));
  const fusedRatio = (r: BenchRow, m: string) => (r.runsOfTime[m] === null ? 'not timed' : r.ratios[m] === null ? 'too noisy' : fmt(r.ratios[m]));
  const body = methods.map((m) => [m, ...rows.flatMap((r) => [ms(r, m), runs(r.runsOfTime[m]), fusedRatio(r, m)])]);
  return [
    `Each method timed in alternated batches against the plain run, one process (Node ${process.version}): runs of time are the median of the rounds' ratios, the middle half beside it; ms per call is that times the plain run's; × fused is against the hand-fused adjoint. A middle half wider than ${fmt(NOISY_SPREAD)}× is too noisy to tell (${TOO_NOISY}).`,
    table([header, ...body]),
    '',
    `reverseGradient ÷ hand-fused adjoint, timed in alternation (median of the rounds, middle half): ${rows.map((r) => `T=${r.steps} ${spreadText(r.sideBySide)}${r.sideBySide.noisy ? '' : `, ${fmt(r.sideBySide.tapeReverse)} against ${fmt(r.sideBySide.fusedAdjoint)} µs`}`).join('; ')}.`,
    '',
    `Tape: ${BYTES_PER_NODE} bytes a node with its adjoint; ${rows.map((r) => `${fmt(r.tapeNodes)} nodes at T=${r.steps}`).join(', ')}.`,
    `H·v by forward over reverse against one reverse gradient (reused tapes, timed in alternation, median of the rounds, middle half): ${rows.map((r) => `${spreadText(r.hvpOverGradientSpread)} at T=${r.steps}`).join(', ')}.`,
    '',
    'Scalar tape against tensor tape, one gradient of a 2-16-2 network on 200 points (same numbers to 1e-12; the time ratio timed in alternation, median and middle half of the rounds):',
    table([
      ['tape', 'nodes', 'bytes', 'ms per step'],
      ['scalar', fmt(tensor.scalar.nodes), fmt(tensor.scalar.bytes), fmt(tensor.scalar.msPerStep)],
      ['tensor', fmt(tensor.tensor.nodes), fmt(tensor.tensor.bytes), fmt(tensor.tensor.msPerStep)],
      ['scalar ÷ tensor', fmt(tensor.ratios.nodes), fmt(tensor.ratios.bytes), tensor.timeSpread?.noisy ? 'too noisy to tell' : `${fmt(tensor.ratios.time)} (${fmt(tensor.timeSpread?.low)}–${fmt(tensor.timeSpread?.high)})`],
    ]),
    '',
    `The Work panel's estimates at T = ${ESTIMATE_STEPS}, in runs of time (each timed against the plain run in alternation): timed on a shorter chain and scaled by counted passes, against the same timed at full length (meant to be within 2×):`,
    table([
      ['method', 'timed at T', 'estimate (runs)', 'measured (runs)', 'estimate ÷ measured', 'within 2×'],
      ...estimates.map((e) => [e.method, String(e.from), fmt(e.estimatedRuns), fmt(e.measuredRuns), fmt(e.ratio), e.ratio > 0.5 && e.ratio < 2 ? 'yes' : 'no']),
    ]),
    '',
    `Forward mode's Jacobian over x₀ at T = ${EQUAL_WORK.steps}, ${equalWork.outputs.length} values of M (work ${fmt(Math.min(...equalWork.work))} passes at every M), timed together as lesson chapter 10 times it: ` +
      `slowest ÷ fastest ${equalWork.noisy ? 'too noisy to tell' : `${fmt(equalWork.spread.runs)}×`} by runs of time against the plain run (what the lesson shows; meant within 1.25×), ` +
      `${fmt(equalWork.spread.typical)}× at the machine's typical speed, ${fmt(equalWork.spread.fastest)}× by fastest batch.`,
    ...warnings.map((w) => `warning: ${w}`),
  ].join('\n');
}
