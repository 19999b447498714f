/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import {
  chainTapeView,
  checkEngineLimits,
  followPlan,
  planCosts,
  probeCosts,
  PROBE_STEPS,
  stepsOfSettings,
  type CostProbe,
  LabInputError,
  paramsOf,
  runLabInSlices,
  timeGradients,
  timeMethods,
  type ChainTapeView,
  type GradientTiming,
  type MethodTimes,
} from '../../engine/index.ts';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { packActions, reportBuffers, tapeViewBuffers, type PackedReport } from '../channel/transfer.ts';
import type { LabWorkerApi } from './protocol.ts';

/**
 * What the costly parts (forward mode, central differences, the sweep) cost on a short chain,
 * measured the first time a chain longer than PROBE_STEPS is asked for and kept: the costs
 * depend on the length alone.
 */
let probe: CostProbe | null = null;

/**
 * The settings of a run this worker can afford: past PROBE_STEPS, a costly part whose estimate
 * passes about a second is left out, and its estimate goes in the report instead (engine/cost-plan.ts).
 */
function affordable(settings: LabSettings): ReturnType<typeof followPlan> | null {
  const steps = stepsOfSettings(settings);
  if (steps <= PROBE_STEPS || checkEngineLimits(settings)) return null;
  probe ??= probeCosts(paramsOf({ ...settings, steps: PROBE_STEPS, params: undefined }), settings.eps, () => performance.now());
  return followPlan(settings, planCosts(steps, probe));
}

/** The run in progress: `stop` marks it, and it ends with LabCancelled at its next sweep point. */
let current: { stopped: boolean } | null = null;

/** A later task of this worker's event loop (a MessageChannel round trip: no timer clamping). */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** The engine, as the main thread sees it: one lab run per call, typed arrays moved, not copied. */
const api = {
  /**
   * One lab run, in slices (runLabInSlices): between them the worker reads its messages, so a
   * `stop` sent during a long sweep is heard. `onProgress` (a Comlink.proxy from the page) hears
   * the fraction of the sweep over epsilon done after each point; each call is one message.
   */
  async run(settings: LabSettings, onProgress?: (fraction: number) => void): Promise<PackedReport> {
    const mine = { stopped: false };
    current = mine;
    try {
      const plan = affordable(settings);
      const run = await runLabInSlices(plan ? plan.settings : settings, {
        onProgress: onProgress ? (fraction) => void onProgress(fraction) : undefined,
        stopped: () => mine.stopped,
        pause: nextTask,
      });
      const report = packActions(plan && plan.warnings.length > 0 ? { ...run, estimates: plan.estimates, warnings: [...plan.warnings, ...run.warnings] } : run);
      return Comlink.transfer(report, reportBuffers(report));
    } finally {
      if (current === mine) current = null;
      // Close the callback's message port now rather than when it is garbage-collected.
      (onProgress as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
  /** Stops the run in progress, if any: it rejects with LabCancelled at its next sweep point. */
  stop(): void {
    if (current) current.stopped = true;
  },
  /** The chain recorded on a tape, with its sweep and the overwrite-bug sweep, for the tape panel. */
  tape(settings: LabSettings): ChainTapeView {
    const problem = checkEngineLimits(settings);
    if (problem) throw new LabInputError(problem);
    const view = chainTapeView(paramsOf(settings));
    return Comlink.transfer(view, tapeViewBuffers(view));
  },
  /** Milliseconds per whole gradient by each method at each chain length, timed in alternation (the lesson's work chapter). */
  times(steps: number[], minMs?: number): GradientTiming[] {
    return timeGradients(steps, minMs);
  },
  /** Each method timed on the chain of `settings`, the median of a few runs (engine/method-times.ts). */
  time(settings: LabSettings): MethodTimes {
    const problem = checkEngineLimits(settings);
    if (problem) throw new LabInputError(problem);
    const estimates = affordable(settings)?.estimates ?? {};
    const given = Object.fromEntries(
      (['forward', 'finiteDifference'] as const).flatMap((m) => {
        const e = estimates[m];
        return e ? [[m, { ms: e.ms, from: e.fromSteps }]] : [];
      }),
    );
    return timeMethods(paramsOf(settings), settings, { now: () => performance.now(), budgetMs: 400, given });
  },
} satisfies LabWorkerApi;

Comlink.expose(api);
