import type { LabReport, LabSettings } from '../../engine/report.ts';
import { sameSettings } from '../../engine/settings-table.ts';
import type { ChainSettings as AppSettings } from '../../engine/settings-table.ts';
import { isEngineStopped, isRunCancelled } from '../channel/faults.ts';
import { createPump } from '../channel/latest.ts';
import { followUpStillWanted } from './cachedParts.ts';

/** Anything that runs the lab asynchronously: the worker's host (host.ts), or a fake in tests. */
export interface LabRunner {
  /** One run; `onProgress` hears the fraction of the sweep over epsilon done. */
  run(settings: LabSettings, onProgress?: (fraction: number) => void): Promise<LabReport>;
  /** Stops the run in flight (it rejects with RunCancelled); false if none. */
  cancel?(): boolean;
}

/** Decides, from what is already on screen, the next run that brings it closer to `target`. */
export interface LabPlanner {
  next(target: AppSettings): LabSettings | null;
}

export interface LabClientEvents {
  /** The report of run `id` (ids only grow, and reports arrive in id order). */
  report(report: LabReport, id: number, settings: LabSettings): void;
  /** Run `id` failed; `message` is one sentence from the engine. */
  failure(message: string, id: number, settings: LabSettings): void;
  /**
   * True once work has been outstanding for `progressDelay` ms, with the run then in flight
   * (called again as each further run starts); false when all is done.
   */
  busy(busy: boolean, running?: LabSettings): void;
  /** The fraction of the running run's sweep done, or null when a run starts (not known yet). */
  progress?(fraction: number | null): void;
  /** The worker stopped during run `id` and was restarted; the same settings are being recomputed. */
  restarted?(id: number, settings: LabSettings): void;
  /**
   * Run `id` was lost to a stopped worker after its retry (the worker's fault, not the settings');
   * its settings are not retried until they change. Without this handler it counts as a failure.
   */
  stopped?(message: string, id: number, settings: LabSettings): void;
  /** Run `id` was cancelled; its settings are not retried until they change. */
  cancelled?(id: number, settings: LabSettings): void;
}

export interface LabClient {
  /** Makes `settings` the target. Any run for older settings that has not started never will. */
  request(settings: AppSettings): void;
  /** Stops the run in flight, if any; the figures on screen stay. */
  cancel(): void;
  /**
   * Plans again for the same target, if there still is one: the planner may now give a run it
   * held back (the sweep that waits for a drag to rest). A target dropped after a failure or a
   * cancel stays dropped.
   */
  resume(): void;
}

/** A run whose worker stopped is retried this many times before it counts as a failure. */
export const RESTART_RETRIES = 1;

/** How long work may run before the page shows progress. */
export const PROGRESS_DELAY_MS = 200;

/**
 * Latest-wins access to a runner (the channel's pump, ../channel/latest.ts). At most one run is in
 * flight. When it ends, the planner is asked for the next run towards the newest target, so a
 * dragged slider never builds a queue: settings passed over while a run was in flight are simply
 * never computed. Run ids only grow and runs finish in order, so a stale report is never painted
 * over a newer one.
 */
export function createLabClient(
  runner: LabRunner,
  planner: LabPlanner,
  events: LabClientEvents,
  progressDelay = PROGRESS_DELAY_MS,
): LabClient {
  let lastId = 0;
  let target: AppSettings | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let busy = false;
  /** Consecutive runs lost to a stopped worker. */
  let crashes = 0;
  /** The run in flight was stopped because a newer target made it useless (not the user's cancel). */
  let superseded = false;

  function setBusy(next: boolean) {
    if (next !== busy) {
      busy = next;
      events.busy(next, next ? (pump.running?.settings ?? undefined) : undefined);
    }
  }

  const pump = createPump<{ settings: LabSettings; id: number }, LabReport>({
    next: () => {
      const settings = target ? planner.next(target) : null;
      return settings ? { settings, id: ++lastId } : null;
    },
    idle() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      setBusy(false);
    },
    run({ settings }) {
      if (busy) events.busy(true, settings);
      if (timer === null && !busy) {
        timer = setTimeout(() => {
          timer = null;
          setBusy(true);
        }, progressDelay);
      }
      events.progress?.(null);
      return runner.run(settings, (fraction) => events.progress?.(fraction));
    },
    answer(report, { settings, id }) {
      crashes = 0;
      events.report(report, id, settings);
    },
    error(error, { settings, id }) {
      if (isEngineStopped(error) && crashes < RESTART_RETRIES) {
        // The worker was replaced: run the same settings again (the target stays).
        crashes += 1;
        events.restarted?.(id, settings);
        return;
      }
      crashes = 0;
      if (isRunCancelled(error) && superseded) return;
      if (isRunCancelled(error)) events.cancelled?.(id, settings);
      else if (isEngineStopped(error) && events.stopped) events.stopped(messageOf(error), id, settings);
      else events.failure(messageOf(error), id, settings);
      // A failed or cancelled target is not retried until the settings change.
      if (target && sameSettings(target, settings)) target = null;
    },
    settled() {
      superseded = false;
    },
  });

  return {
    request(settings) {
      target = settings;
      const running = pump.running?.settings;
      if (!running) {
        pump.poke();
        return;
      }
      // The sweep over epsilon is the one long run (~0.1 s at T = 200, growing as T²). One for a
      // chain the slider has already left would hold up the quick run for the new one: stop it
      // (the worker hears this between two sweep points). One for the same chain runs on.
      const sweeping = running.include?.sweep === true;
      if (sweeping && !superseded && !followUpStillWanted(running, settings) && runner.cancel?.()) {
        superseded = true;
      }
    },
    cancel() {
      if (pump.running) runner.cancel?.();
    },
    resume() {
      if (target && !pump.running) pump.poke();
    },
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
