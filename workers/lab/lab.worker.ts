/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import {
  chainTapeView,
  checkEngineLimits,
  followPlan,
  LabInputError,
  paramsOf,
  runLabInSlices,
  timeGradients,
  timeMethodsInSlices,
  type ChainTapeView,
  type GradientTiming,
  type MethodTimes,
} from '../../engine/index.ts';
import type { LabSettings } from '../../engine/report.ts';
import { afterTask } from '../../engine/slicing.ts';
import { packReport, packTapeView, reportBuffers, tapeViewBuffers, type PackedReport, type PackedTapeView } from '../channel/transfer.ts';
import { runInPieces } from './pieces.ts';
import type { LabWorkerApi } from './protocol.ts';

/**
 * The settings of a run as `tape-lab run` makes it: each costly part past its step limit is left
 * out, and its counted estimate goes in the report instead (engine/cost-plan.ts). Counted work
 * decides, never a timing, so the page leaves out the same parts on every machine.
 */
function affordable(settings: LabSettings): ReturnType<typeof followPlan> | null {
  if (checkEngineLimits(settings)) return null;
  return followPlan(settings);
}

/** The run in progress: `stop` marks it, and it ends with LabCancelled at its next sweep point. */
let current: { stopped: boolean } | null = null;

/** Lab runs started so far: a timing that sees this change gives up. */
let runsStarted = 0;

/** Hears each run's progress (`listen`): the page's callback, kept for the worker's life. */
let progressListener: Comlink.Remote<(serial: number, fraction: number) => void> | null = null;


/** The engine, as the main thread sees it: one lab run per call, typed arrays moved, not copied. */
const api = {
  /**
   * One lab run, in slices (runLabInSlices): between them the worker reads its messages, so a
   * `stop` sent during a long sweep is heard. With a `serial`, the page's listener (`listen`)
   * hears the fraction of the sweep over epsilon done after each point; each call is one message.
   */
  async run(settings: LabSettings, serial?: number): Promise<PackedReport> {
    runsStarted += 1;
    const mine = { stopped: false };
    current = mine;
    const listener = progressListener;
    try {
      const plan = affordable(settings);
      const run = await runLabInSlices(plan ? plan.settings : settings, {
        onProgress: serial !== undefined && listener ? (fraction) => void listener(serial, fraction) : undefined,
        stopped: () => mine.stopped,
        pause: afterTask,
      });
      const report = packReport(plan && plan.warnings.length > 0 ? { ...run, estimates: plan.estimates, warnings: [...plan.warnings, ...run.warnings] } : run);
      return Comlink.transfer(report, reportBuffers(report));
    } finally {
      if (current === mine) current = null;
    }
  },
  /** The page's one progress port (its listener exposed with Comlink), for every run with a serial. */
  listen(port: MessagePort): void {
    progressListener = Comlink.wrap<(serial: number, fraction: number) => void>(port);
  },
  /** Stops the run in progress, if any: it rejects with LabCancelled at its next sweep point. */
  stop(): void {
    if (current) current.stopped = true;
  },
  /** The chain recorded on a tape, with its sweep and the overwrite-bug sweep, for the tape panel. */
  tape(settings: LabSettings): PackedTapeView<ChainTapeView> {
    const problem = checkEngineLimits(settings);
    if (problem) throw new LabInputError(problem);
    const view = packTapeView(chainTapeView(paramsOf(settings)));
    return Comlink.transfer(view, tapeViewBuffers(view));
  },
  /** Milliseconds per whole gradient by each method at each chain length, timed in alternation (the lesson's work chapter). */
  times(steps: number[], minMs?: number): GradientTiming[] {
    return timeGradients(steps, minMs);
  },
  /**
   * Each method timed on the chain of `settings`, against the plain run in alternated rounds, the median of their ratios with its middle half (engine/method-times.ts).
   * The worker reads its messages between samples, so a lab run asked for meanwhile (a slider
   * grabbed while the figures are timed) waits for one sample, not the whole timing. The timing
   * is given up (TimingAbandoned) when a run starts or is still under way: its settings are no
   * longer the ones on screen, and a run between samples would disturb what it measures. The
   * page times again once the settings rest. Between samples it also waits for `idle`, the
   * page's word that its main thread is idle: timing is background work, and on two cores a
   * worker that never pauses slows the page's layout of whatever the reader scrolls to.
   */
  async time(settings: LabSettings, idle?: () => Promise<void>): Promise<MethodTimes> {
    try {
      return await timeBetween(settings, idle ?? afterTask);
    } finally {
      (idle as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
} satisfies LabWorkerApi;

/** The body of `time`: the samples, with `between` awaited after each. */
async function timeBetween(settings: LabSettings, between: () => Promise<void>): Promise<MethodTimes> {
  const problem = checkEngineLimits(settings);
  if (problem) throw new LabInputError(problem);
  const runsBefore = runsStarted;
  // A run under way (the sweep that follows a drag) would share the thread with the samples.
  const disturbed = () => runsStarted !== runsBefore || current !== null;
  // Each method timed against the plain run in alternation (engine/method-times.ts); one too
  // costly to run at this length is timed on a shorter chain, chosen by its counted work.
  const timing = timeMethodsInSlices(paramsOf(settings), settings, { now: () => performance.now() });
  return runInPieces(timing, between, disturbed);
}

Comlink.expose(api);
