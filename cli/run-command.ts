import { COSTED_METHODS, costSentence, followPlan, paramsOf, planCosts, PROBE_STEPS, probeCosts, runLab, SETTINGS, stepsOfSettings, type LabReport, type LabSettings } from '../engine/index.ts';
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
  Past ${PROBE_STEPS} steps each part whose cost grows faster than T (forward mode, central
  differences, the sweep over h, a binomial schedule with few snapshots, the frontier) is
  estimated first, from timed runs of short chains, and left out when it would pass about a
  second: the warnings and \`estimates\` say what was left out and what it would have cost.`;

/** `tape-lab run`: one lab run, as a readable summary or the LabReport as JSON. */
export function runCommand(argv: string[], progress: Progress): string {
  const { values } = parseOptions(argv, { ...SETTINGS_OPTIONS, json: { type: 'boolean' }, quiet: { type: 'boolean' } }, 'run');
  const settings: LabSettings = { ...settingsFromOptions(values), include: { tangents: false, times: true } };
  const report = affordableRun(settings, progress);
  return values.json ? printJson(reportJson(report)) : summary(report);
}

/**
 * The run as the app's worker makes it (engine/cost-plan.ts): past PROBE_STEPS the costly parts
 * are timed on a short chain first, and each whose estimate passes about a second is left out,
 * its estimate in the report's `estimates` and warnings.
 */
export function affordableRun(settings: LabSettings, progress: Progress): LabReport {
  const hooks = {
    onStage: (stage: string) => progress.note(`${stage}…`),
    onProgress: (_stage: 'sweep', fraction: number) => progress.note(`the sweep over h, ${Math.round(fraction * 100)}% done`),
  };
  if (stepsOfSettings(settings) <= PROBE_STEPS) return runLab(settings, hooks);
  const probe = probeCosts(paramsOf({ ...settings, steps: PROBE_STEPS, params: undefined }), settings.eps, () => performance.now());
  const plan = followPlan(settings, planCosts(stepsOfSettings(settings), probe));
  const report = runLab(plan.settings, hooks);
  if (plan.warnings.length === 0) return report;
  return { ...report, estimates: plan.estimates, warnings: [...plan.warnings, ...report.warnings] };
}

/** The report as DESIGN.md's `run --json` shape (the tangent table and the action list are left out). */
export function reportJson(r: LabReport): Record<string, unknown> {
  const { tangents: _t, checkpoint, ...rest } = r;
  const { actions, ...block } = checkpoint;
  return { ...rest, checkpoint: { ...block, actionCount: actions.length } };
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
    `Checkpointing (${scheduleName}${k.estimates?.run ? ', counted by a dry run, not run' : ''}; a stored state ${k.stateBytes} B, a step's tape ${k.stepBytes} B): ` +
      `${fmt(k.fullTapeStates)} items on the full tape → ${fmt(k.storedStates)} held at most; ` +
      `peak memory ${fmtBytes(k.peakBytes)} against ${fmtBytes(k.fullTapeBytes)}; ` +
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
