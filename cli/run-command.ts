import { COSTED_METHODS, costSentence, followPlan, runLab, SETTINGS, FINITE_DIFFERENCE_STEP_LIMIT, FORWARD_STEP_LIMIT, SWEEP_STEP_LIMIT, type LabReport, type LabSettings } from '../engine/index.ts';
import { CHECKPOINT_EVALUATION_LIMIT, FRONTIER_STEP_LIMIT } from '../engine/limits.ts';
import type { Progress } from './progress.ts';
import { parseOptions } from './args.ts';
import { fmt, fmtBytes, table } from './table.ts';
import { printJson } from './print-json.ts';
import { optionsHelp, SETTINGS_OPTIONS, settingsFromOptions } from './settings-options.ts';

/** `run`'s help: the option lines come from the settings table's rows. */
export const RUN_HELP = `tape-lab run [options] [--params FILE] [--json]
  One lab run: the chain's gradient by reverse mode, forward mode, central differences and a
  checkpointed sweep, with counted work and errors, and each method's cost as counted passes
  beside measured time in runs of the plain chain (measured here, so it varies run to run). Options:
${optionsHelp(SETTINGS)}
    --params FILE               JSON {"a": [...], "b": [...], "c", "x0", "target"} (at most 8 MiB);
                                the steps become a.length
    --json                      the LabReport as JSON
    --quiet                     no progress lines on stderr during a long run
  What a long run leaves out is decided by counted work, the same on every machine: the sweep
  over h above ${SWEEP_STEP_LIMIT.toLocaleString('en-US')} steps, central differences above ${FINITE_DIFFERENCE_STEP_LIMIT.toLocaleString('en-US')}, forward mode above
  ${FORWARD_STEP_LIMIT.toLocaleString('en-US')}, the frontier above ${FRONTIER_STEP_LIMIT.toLocaleString('en-US')}, and the checkpointed sweep's run past ${CHECKPOINT_EVALUATION_LIMIT.toLocaleString('en-US')} step
  evaluations. With --json each part left out is null, and \`skipped\` says why and what it
  would take in passes.`;

/** `tape-lab run`: one lab run, as a readable summary or the LabReport as JSON. */
export function runCommand(argv: string[], progress: Progress): string {
  const { values } = parseOptions(argv, { ...SETTINGS_OPTIONS, json: { type: 'boolean' }, quiet: { type: 'boolean' } }, 'run');
  const settings: LabSettings = { ...settingsFromOptions(values), include: { tangents: false, times: true } };
  const report = affordableRun(settings, progress);
  return values.json ? printJson(reportJson(report)) : summary(report);
}

/**
 * The run as the app's worker makes it (engine/cost-plan.ts): each costly part past its step
 * limit is left out, its counted estimate in the report's `estimates` and warnings.
 */
export function affordableRun(settings: LabSettings, progress: Progress): LabReport {
  const hooks = {
    onStage: (stage: string) => progress.note(`${stage}…`),
    onProgress: (_stage: 'sweep', fraction: number) => progress.note(`the sweep over h, ${Math.round(fraction * 100)}% done`),
  };
  const plan = followPlan(settings);
  const report = runLab(plan.settings, hooks);
  if (plan.warnings.length === 0) return report;
  return { ...report, estimates: plan.estimates, warnings: [...plan.warnings, ...report.warnings] };
}

/** A part a long run left out: why (its limit, in counted work) and what it would take. */
export interface SkippedPart {
  reason: string;
  /** The limit it passed: steps, or step evaluations for the checkpointed sweep. */
  limit: number;
  /** Passes over the chain it would take (the checkpointed sweep's from its dry run). */
  passes: number;
  /** The short chains its work was counted at (forward mode, central differences, the sweep). */
  countedAt?: readonly [number, number];
  /** The checkpointed sweep's step evaluations, or the frontier's schedules, and their time at the nominal rate. */
  count?: number;
  nominalMs?: number;
}

/** Each part of the report left out at this length (empty when everything ran). */
export function skippedParts(r: LabReport): Record<string, SkippedPart> {
  const skipped: Record<string, SkippedPart> = {};
  for (const part of ['forward', 'finiteDifference', 'sweep'] as const) {
    const e = r.estimates?.[part];
    if (e) skipped[part] = { reason: `not run above ${e.limit.toLocaleString('en-US')} steps`, limit: e.limit, passes: e.workUnits, countedAt: e.countedAt };
  }
  const run = r.checkpoint.estimates?.run;
  if (run) {
    skipped.checkpointed = {
      reason: `not run above ${CHECKPOINT_EVALUATION_LIMIT.toLocaleString('en-US')} step evaluations; the checkpoint counts are a dry run's`,
      limit: CHECKPOINT_EVALUATION_LIMIT,
      passes: r.checkpoint.workUnits,
      count: run.count,
      nominalMs: run.ms,
    };
  }
  const frontier = r.checkpoint.estimates?.frontier;
  if (frontier) {
    skipped.frontier = { reason: `not run above ${FRONTIER_STEP_LIMIT.toLocaleString('en-US')} steps`, limit: FRONTIER_STEP_LIMIT, passes: frontier.count, count: frontier.count, nominalMs: frontier.ms };
  }
  return skipped;
}

/**
 * The report as DESIGN.md's `run --json` shape (the tangent table and the action list are left
 * out). A part left out at this length is null (its gradient block, its work, its errors), never
 * an array of nulls, and `skipped` names it with its reason and estimate.
 */
export function reportJson(r: LabReport): Record<string, unknown> {
  const { tangents: _t, checkpoint, ...rest } = r;
  const { actions, ...block } = checkpoint;
  const skipped = skippedParts(r);
  const forwardRan = r.counts.forwardStepEvaluations > 0;
  const fdRan = r.counts.finiteDifferenceEvaluations > 0;
  const checkpointRan = !skipped.checkpointed;
  return {
    ...rest,
    gradient: {
      reverse: r.gradient.reverse,
      forward: forwardRan ? r.gradient.forward : null,
      finiteDifference: fdRan ? r.gradient.finiteDifference : null,
      checkpointed: checkpointRan ? r.gradient.checkpointed : null,
    },
    work: { ...r.work, forward: forwardRan ? r.work.forward : null, finiteDifference: fdRan ? r.work.finiteDifference : null },
    errors: {
      forwardVsReverseMax: forwardRan ? r.errors.forwardVsReverseMax : null,
      finiteDifferenceRms: fdRan ? r.errors.finiteDifferenceRms : null,
      finiteDifferenceMaxRelative: fdRan ? r.errors.finiteDifferenceMaxRelative : null,
      checkpointedVsReverseMax: checkpointRan ? r.errors.checkpointedVsReverseMax : null,
    },
    cost: {
      ...r.cost,
      forward: { ...r.cost.forward, passes: forwardRan ? r.cost.forward.passes : null },
      finiteDifference: { ...r.cost.finiteDifference, passes: fdRan ? r.cost.finiteDifference.passes : null },
    },
    model: { ...r.model, thirdDerivativeRms: r.sweep.length > 0 ? r.model.thirdDerivativeRms : null },
    checkpoint: { ...block, gradient: checkpointRan ? block.gradient : null, actionCount: actions.length },
    skipped,
  };
}

/** The comparison, or why there is none: a non-finite gap means a gradient overflowed. */
function gap(text: string, value: number): string {
  return Number.isFinite(value) ? text : 'not comparable: the gradients overflowed';
}

function summary(r: LabReport): string {
  const k = r.checkpoint;
  const scheduleName = k.schedule === 'periodic' ? `periodic, stride ${k.stride}` : `binomial (revolve), ${k.snapshots} snapshots`;
  const lines: string[] = [];
  lines.push(`Tape Lab · ${r.steps} steps, ${r.parameters} parameters (c = ${fmt(r.params.c)}, x₀ = ${fmt(r.params.x0)}, y = ${fmt(r.params.target)})`);
  lines.push(`loss L = ½(x_T − y)² = ${fmt(r.loss, 6)}   (x_T = ${fmt(r.states[r.steps], 6)})`);
  lines.push('');
  const fdRan = r.counts.finiteDifferenceEvaluations > 0;
  lines.push(
    table([
      ['method', 'work units', 'difference from reverse mode'],
      ['reverse mode (tape)', fmt(r.work.reverse), '—'],
      r.counts.forwardStepEvaluations > 0
        ? ['forward mode (dual numbers)', fmt(r.work.forward), gap(`max ${fmt(r.errors.forwardVsReverseMax)} (relative)`, r.errors.forwardVsReverseMax)]
        : ['forward mode (dual numbers)', 'skipped', 'see warnings'],
      [
        'central differences',
        fdRan ? fmt(r.work.finiteDifference) : 'skipped',
        fdRan ? gap(`RMS ${fmt(r.errors.finiteDifferenceRms)} at h = ${fmt(r.eps)}`, r.errors.finiteDifferenceRms) : 'see warnings',
      ],
      k.estimates?.run
        ? [`checkpointed (${scheduleName})`, `${fmt(k.workUnits)} (dry run)`, 'not run: see warnings']
        : [`checkpointed (${scheduleName})`, fmt(k.workUnits), gap(`max ${fmt(r.errors.checkpointedVsReverseMax)} (relative)`, r.errors.checkpointedVsReverseMax)],
    ]),
  );
  lines.push('');
  lines.push('Work units count full-chain evaluations: reverse = record + sweep; forward = 1 primal + P tangent');
  lines.push('lanes per step; central differences = 1 + 2P loss evaluations.');
  lines.push('');
  lines.push('Cost as counted passes and as measured time (one plain run of the chain = 1 run):');
  for (const m of COSTED_METHODS) lines.push(`  ${costSentence(m, r.cost[m])}`);
  lines.push('');
  if (r.sweep.length > 0) {
    const best = r.sweep.find((p) => p.eps === r.bestEps);
    lines.push(
      `Sweep over h: ${r.sweep.length} values from ${fmt(r.sweep[0].eps)} to ${fmt(r.sweep[r.sweep.length - 1].eps)}; ` +
        `best h = ${fmt(r.bestEps)} (RMS ${fmt(best?.rms)}); model optimum h* = (3ε|L|/|L‴|)^⅓ = ${fmt(r.model.predictedBestEps)}`,
    );
  }
  if (fdRan) lines.push(
    `Central differences evaluated ${fmt(r.counts.finiteDifferenceEvaluations)} losses: ${fmt(r.counts.finiteDifferenceSteps)} chain steps ` +
      `reusing the stored prefix, against ${fmt(r.counts.finiteDifferenceNaiveSteps)} from scratch.`,
  );
  lines.push(
    `Checkpointing (${scheduleName}${k.estimates?.run ? ', counted by a dry run, not run' : ''}; a stored state ${k.stateBytes} B, ` +
      `a recorded step ${k.stepBytes} B (${k.lastStepBytes} B with the loss), the working state ${k.stateBytes} B): ` +
      `${fmt(k.fullTapeStates)} items with every step recorded → ${fmt(k.storedStates)} held at most ` +
      `(${fmt(k.peakItems.storedStates)} stored states, ${fmt(k.peakItems.recordedSteps)} recorded steps and ${k.peakItems.workingState === 1 ? 'the working state' : 'no working state'}); ` +
      `peak memory ${fmtBytes(k.peakBytes)} against ${fmtBytes(k.fullTapeBytes)} with every step recorded ` +
      `(the tape of the whole chain, which shares x_t and c between steps: ${fmt(r.counts.tapeNodes)} nodes, ${fmtBytes(r.counts.tapeNodes * r.counts.bytesPerNode)}); ` +
      `${fmt(k.recomputedSteps)} recomputed steps: ${fmt(k.stepEvaluations)} step evaluations against the full tape's ${fmt(r.steps)}.`,
  );
  if (k.leastMemory) {
    const { byItems, byBytes } = k.leastMemory;
    lines.push(
      `Least memory of a periodic stride: by held items stride ${byItems.stride} (${fmt(byItems.peakStates)} items); ` +
        `by bytes stride ${byBytes.stride} (${fmtBytes(byBytes.peakBytes)}).`,
    );
  }
  lines.push(`Tape: ${fmt(r.counts.tapeNodes)} nodes × ${r.counts.bytesPerNode} bytes (adjoint included) = ${fmtBytes(r.counts.tapeNodes * r.counts.bytesPerNode)} at its peak.`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
