import {
  CHAIN_DEFAULTS,
  LOSS_TAPE_BYTES,
  STATE_BYTES,
  STEP_TAPE_BYTES,
  defaultParams,
  LEVER_DEFAULTS,
  LEVERS,
  requestLevers,
  tradeoffsFigures,
  tradeoffsTimings,
  type TradeoffsFigures,
  type TradeoffsTimings,
} from '../engine/index.ts';
import { integerOption, parseOptions } from './args.ts';
import { durationText, parseDecimal, quoteSafely } from '../engine/number-text.ts';
import { TOO_NOISY } from '../engine/method-cost.ts';
import type { Progress } from './progress.ts';
import { UsageError } from './errors.ts';
import type { RatioSpread } from '../engine/tradeoffs/timing.ts';
import { printJson } from './print-json.ts';
import { chainScalarsFromOptions, optionsHelp, optionsOf, readOption } from './settings-options.ts';
import { fmt, fmtBytes, table } from './table.ts';

/**
 * The most milliseconds `--budget` gives each timed pair. The curve times up to 17 pairs and the
 * fusion pair gets four times the budget, so at this maximum the timings take about 6 s.
 */
export const TRADEOFFS_MAX_BUDGET_MS = 200;

/** The most steps `tradeoffs` takes: the truncation curve tapes T(T+1)/2 steps and forward mode carries 2T lanes. */
export const TRADEOFFS_MAX_STEPS = 1000;

const leverFlags = LEVERS.rows.flatMap((row) => (row.flag === null ? [] : [`[--${row.flag} ${row.metavar}]`])).join(' ');

export const TRADEOFFS_HELP = `tape-lab tradeoffs [--steps T] ${leverFlags} [--c C --x0 X --target Y]
                  [--budget MS] [--json] [--quiet]
  What frameworks hide, on the chain (T = ${CHAIN_DEFAULTS.steps}, K = ${LEVER_DEFAULTS.window}, M = ${LEVER_DEFAULTS.outputs} unless given; T up to ${TRADEOFFS_MAX_STEPS}):
  the gradient stopped at x_{T−K} (truncated backpropagation) and its relative error for every
  K from 0 to T; the step as twelve primitives against one fused node (nodes, bytes, measured
  time); saving each step's intermediates against recomputing them (bytes held, step
  evaluations); the Jacobian of the last M states over the first N inputs of (x0, c, a0, b0, a1,
  b1, ...) by forward mode (N + 1 passes, whatever M) and by reverse mode (1 + M), with
  measured times as M grows: the lines cross at M = N. --budget: milliseconds of timing per
  measured pair, 0 to ${TRADEOFFS_MAX_BUDGET_MS} (default 50; fusion gets four times it). The Jacobian curve is
  estimated first from one call of each mode; when timing all its points would pass about a
  second (or the budgets asked for), it is thinned and the points left out are listed with the
  estimate. --quiet: no progress lines on stderr. The levers:
${optionsHelp(LEVERS)}`;

const OPTIONS = {
  steps: { type: 'string' },
  ...optionsOf(LEVERS),
  c: { type: 'string' },
  x0: { type: 'string' },
  target: { type: 'string' },
  budget: { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
} as const;

/** The levers from the options, row by row of the levers' table: each given one checked against the steps, the others their defaults as used there. */
function leversFromOptions(values: Partial<Record<string, string | boolean | undefined>>, steps: number) {
  const levers: Record<string, unknown> = { ...LEVER_DEFAULTS };
  for (const row of LEVERS.rows) {
    const text = row.flag === null ? undefined : values[row.flag];
    if (row.flag !== null && typeof text === 'string') levers[row.key] = readOption(row, text, steps);
  }
  return requestLevers(levers as typeof LEVER_DEFAULTS, steps);
}

/**
 * A ratio of rounds for --json. With no clean round (every batch interrupted, on a busy machine)
 * it has no median or quartiles: null, not NaN, beside `noisy: true` and `rounds: 0`.
 */
export function ratioJson(r: RatioSpread) {
  return r.rounds === 0 ? { ...r, median: null, low: null, high: null } : r;
}

/**
 * `--budget`'s milliseconds, 0 … TRADEOFFS_MAX_BUDGET_MS. Its error is one line within 80
 * characters: the value it quotes is escaped and cut to 16 characters.
 */
export function budgetOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = parseDecimal(text);
  if (!(value >= 0 && value <= TRADEOFFS_MAX_BUDGET_MS)) {
    throw new UsageError(`--budget takes 0 to ${TRADEOFFS_MAX_BUDGET_MS} (ms); got '${quoteSafely(text, 16)}'`);
  }
  return value;
}

/** `tape-lab tradeoffs`: the four levers, counted and measured. */
export function tradeoffsCommand(argv: string[], progress: Progress): string {
  const { values } = parseOptions(argv, OPTIONS, 'tradeoffs');
  const steps = integerOption('steps', values.steps, 1, TRADEOFFS_MAX_STEPS) ?? CHAIN_DEFAULTS.steps;
  const levers = leversFromOptions(values, steps);
  const budget = budgetOption(values.budget) ?? 50;
  const params = defaultParams(steps, chainScalarsFromOptions(values));
  const figures = tradeoffsFigures(params, levers, (text) => progress.note(`counting ${text}…`));
  const timings = tradeoffsTimings(params, levers.outputs, budget, 4 * budget, levers.inputs, (text) => progress.note(`${text}…`));
  const data = tradeoffsJson(figures, timings);
  return values.json ? printJson(data) : formatTradeoffs(figures, timings, params);
}

/** The JSON of `tradeoffs --json`: the keys issue 15 names, measured times beside the counts. */
export function tradeoffsJson(f: TradeoffsFigures, t: TradeoffsTimings): Record<string, unknown> {
  const chosen = t.jacobian.find((p) => p.outputs === f.outputs);
  return {
    steps: f.steps,
    window: f.window,
    outputs: f.outputs,
    truncation: {
      gradient: f.truncation.gradient,
      relativeError: f.truncation.relativeError,
      tapeNodes: f.truncation.tapeNodes,
      tapeBytes: f.truncation.tapeBytes,
    },
    truncationCurve: f.truncationCurve.map((p) => ({ window: p.window, relativeError: p.relativeError })),
    fusion: {
      primitive: { ...f.fusion.primitive, microseconds: t.fusion.primitiveMicroseconds },
      fused: { ...f.fusion.fused, microseconds: t.fusion.fusedMicroseconds },
      // Fused over primitive, round by round: median, middle half, and whether it is too noisy to tell.
      timeRatio: ratioJson(t.fusion.ratio),
      maxDifference: f.fusion.maxDifference,
      relativeDifference: f.fusion.relativeDifference,
    },
    recompute: {
      saved: { bytes: f.recompute.saved.bytes, stepEvaluations: f.recompute.saved.stepEvaluations },
      recomputed: { bytes: f.recompute.recomputed.bytes, stepEvaluations: f.recompute.recomputed.stepEvaluations },
      maxDifference: f.recompute.maxDifference,
      relativeDifference: f.recompute.relativeDifference,
    },
    jacobian: {
      inputs: f.jacobian.inputs,
      rows: f.jacobian.rows,
      forward: { work: f.jacobian.forward.work, microseconds: chosen?.forwardMicroseconds ?? null },
      reverse: { work: f.jacobian.reverse.work, microseconds: chosen?.reverseMicroseconds ?? null },
      crossover: f.jacobian.crossover,
      crossoverByTime: t.crossover.time,
      crossoverByTimeNoisy: t.crossover.timeNoisy,
      maxDifference: f.jacobian.maxDifference,
      measured: t.jacobian,
      forwardTimeSpread: forwardSpread(t),
      skipped: t.skipped ?? null,
    },
    warnings: t.skipped ? [skippedSentence(t.skipped)] : [],
  };
}

/** Largest over smallest of forward mode's measured times across M (equal work, so ideally 1). */
export function forwardSpread(t: TradeoffsTimings): number {
  const times = t.jacobian.map((p) => p.forwardMicroseconds);
  return Math.max(...times) / Math.min(...times);
}

/** What the Jacobian curve left out, and what timing it would have cost. */
function skippedSentence(s: NonNullable<TradeoffsTimings['skipped']>): string {
  const shown = s.outputs.length > 6 ? `${s.outputs.slice(0, 5).join(', ')}, … ${s.outputs[s.outputs.length - 1]}` : s.outputs.join(', ');
  return `the Jacobian curve is not timed at M = ${shown} (${s.outputs.length} points): it would take ${durationText(s.ms)}, estimated from one call of each mode`;
}

function fmtMicro(us: number): string {
  return us >= 1000 ? `${fmt(us / 1000)} ms` : `${fmt(us)} µs`;
}

/** The readable summary: one block per lever. */
export function formatTradeoffs(f: TradeoffsFigures, t: TradeoffsTimings, p: { c: number; x0: number; target: number }): string {
  const T = f.steps;
  const K = f.window;
  const P = f.parameters;
  const curve = f.truncationCurve;
  const shownK = [...new Set([0, 1, 2, 5, 10, 20, 40, 80, 160, 320, 640, K, T].filter((k) => k <= T))].sort((x, y) => x - y);
  const N = f.jacobian.inputCount;
  const lastM = t.jacobian[t.jacobian.length - 1].outputs;
  const crossTime = t.crossover.timeNoisy
    ? `${TOO_NOISY} (the rounds of some M spread too widely)`
    : t.crossover.time === null
      ? `none for M ≤ ${lastM} timed (reverse mode was faster at M = ${lastM})`
      : `from M = ${t.crossover.time}`;
  const fusionTime = (us: number) => (t.fusion.ratio.noisy ? 'too noisy' : fmtMicro(us));
  const crossWork =
    f.jacobian.crossover === null
      ? `none for M ≤ ${T} (forward costs N + 1 = ${N + 1}, reverse 1 + M: forward wins only past M = N = ${N})`
      : `from M = ${f.jacobian.crossover} (forward N + 1 = ${N + 1} against reverse 1 + M; equal at M = N = ${N})`;
  return [
    `What frameworks hide, on the chain: T = ${T} steps, P = ${P} parameters, c = ${fmt(p.c)}, x₀ = ${fmt(p.x0)}, y = ${fmt(p.target)}`,
    '',
    `Stopping the gradient at x_${T - K} (window K = ${K}): a_t, b_t with t < ${T - K} get 0, the others exact`,
    table([
      ['', 'relative error', 'tape nodes', 'tape bytes'],
      [`window K = ${K}`, fmt(f.truncation.relativeError), fmt(f.truncation.tapeNodes), fmtBytes(f.truncation.tapeBytes)],
      [`whole tape (K = ${T})`, '0', fmt(f.truncation.fullTapeNodes), fmtBytes(f.truncation.fullTapeBytes)],
    ]),
    `‖g_K − g‖/‖g‖ by K: ${shownK.map((k) => `${k}: ${fmt(curve[k].relativeError)}`).join(', ')}`,
    '',
    'Fusing each step into one node with its hand-derived Jacobian (record and sweep, measured)',
    table([
      ['', 'nodes', 'bytes', 'time'],
      ['twelve primitives a step', fmt(f.fusion.primitive.nodes), fmtBytes(f.fusion.primitive.bytes), fusionTime(t.fusion.primitiveMicroseconds)],
      ['one fused node a step', fmt(f.fusion.fused.nodes), fmtBytes(f.fusion.fused.bytes), fusionTime(t.fusion.fusedMicroseconds)],
    ]),
    t.fusion.ratio.noisy
      ? `time: ${TOO_NOISY} (the two tapes' rounds spread too widely)`
      : `time: the fused tape took ${fmt(t.fusion.ratio.median)}× the primitive one's (middle half of the rounds ${fmt(t.fusion.ratio.low)}–${fmt(t.fusion.ratio.high)}×)`,
    `largest difference between the two gradients: ${fmt(f.fusion.maxDifference)} (rounding)`,
    '',
    "Saving each step's intermediates (its tanh output among them) or recomputing them in the sweep",
    table([
      ['', 'bytes held', 'step evaluations'],
      ['saved: every step recorded', fmtBytes(f.recompute.saved.bytes), fmt(f.recompute.saved.stepEvaluations)],
      ['recomputed from x_t', fmtBytes(f.recompute.recomputed.bytes), fmt(f.recompute.recomputed.stepEvaluations)],
    ]),
    `largest difference between the two gradients: ${fmt(f.recompute.maxDifference)}`,
    `Bytes held: a recorded step is step t on its own tape (${fmt(STEP_TAPE_BYTES)} B, ${fmt(STEP_TAPE_BYTES + LOSS_TAPE_BYTES)} B with the loss), a stored state and the working state ${fmt(STATE_BYTES)} B each. ` +
      `Every step recorded is above the whole tape (${fmtBytes(f.truncation.fullTapeBytes)}): each recorded step keeps its own x_t and c, which the whole tape shares.`,
    '',
    `Jacobian of the last M = ${f.outputs} states over the first N = ${N} inputs (${f.jacobian.inputs.length <= 6 ? f.jacobian.inputs.join(', ') : `${f.jacobian.inputs.slice(0, 4).join(', ')}, …, ${f.jacobian.inputs[N - 1]}`}), ` +
      `${f.outputs} × ${N}, forward against reverse: largest difference ${fmt(f.jacobian.maxDifference)}`,
    table([
      ['M', 'forward work', 'reverse work', 'forward time', 'reverse time'],
      ...t.jacobian.map((q) => [
        q.outputs === f.outputs ? `${q.outputs} ←` : String(q.outputs),
        fmt(q.forwardWork),
        fmt(q.reverseWork),
        fmtMicro(q.forwardMicroseconds),
        fmtMicro(q.reverseMicroseconds),
      ]),
    ]),
    `forward mode starts to win by work: ${crossWork}`,
    `forward mode starts to win by time: ${crossTime}`,
    `forward mode's times over M (equal work) spread by ${fmt(forwardSpread(t))}× (largest over smallest)`,
    "Times are each call's time at the machine's typical speed, from batches timed in alternation, on this machine now: measured, not asserted.",
    ...(t.skipped ? [`warning: ${skippedSentence(t.skipped)}`] : []),
  ].join('\n');
}
