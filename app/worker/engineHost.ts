import type { LabReport, LabSettings } from '../../engine/report.ts';
import type { ChainTapeView } from '../../engine/tape-view.ts';
import { EngineStopped, RunCancelled } from './faults.ts';

/** Reports how far the sweep over epsilon is (0 … 1). */
export type ProgressListener = (fraction: number) => void;

/** One started worker, as the host needs it (the Comlink wrapping lives in connect.ts). */
export interface EngineInstance {
  run(settings: LabSettings, onProgress: ProgressListener): Promise<LabReport>;
  /** Asks the run in progress to stop at its next sweep point (it then rejects with LabCancelled). */
  stop(): void;
  /** The chain recorded on a tape, for the tape panel. */
  tape(settings: LabSettings): Promise<ChainTapeView>;
  /** Calls `onFault` once if the worker throws outside a call, fails to load, or a message cannot be read. */
  onFault(onFault: (reason: string) => void): void;
  terminate(): void;
}

export interface EngineHostOptions {
  /** Starts a fresh worker. */
  spawn: () => EngineInstance;
  /**
   * A run that sends neither progress nor a result for this long is taken for a dead worker.
   * (The sweep, the only long part, reports progress between points; everything else of one run
   * takes well under a second even at the largest steps.)
   */
  stallMs?: number;
  /** Told each time the worker was replaced after a fault (not after a cancel). */
  onRestart?: (reason: string) => void;
}

export interface EngineHost {
  /** Runs the lab in the worker; rejects with EngineStopped or RunCancelled, or the engine's own error. */
  run(settings: LabSettings, onProgress?: ProgressListener): Promise<LabReport>;
  /** The chain's tape, from the current worker (rejects with EngineStopped if the worker stops meanwhile). */
  tape(settings: LabSettings): Promise<ChainTapeView>;
  /**
   * Stops the run in flight: it rejects with RunCancelled at once, and the worker is asked to stop
   * it at its next sweep point. The next run may be sent at once: the worker reads it after the
   * stop, and runs it in the stopped run's pause. A worker whose stopped run has not answered
   * within STOP_GRACE_MS is replaced. False if none was running.
   */
  cancel(): boolean;
  /** Workers started so far, the first included. */
  readonly started: number;
}

export const DEFAULT_STALL_MS = 8_000;

/**
 * How long a run asked to stop may take to do so before its worker is replaced. A sweep point
 * takes milliseconds at the UI's sizes; the rest of a run does not stop midway but is short.
 */
export const STOP_GRACE_MS = 1_000;

/**
 * A worker that has not answered anything yet is still loading and compiling the engine, which
 * on a busy machine can take seconds: its first run gets this many times the stall limit.
 */
export const COLD_START_FACTOR = 4;

/** More restarts than this within RESTART_WINDOW_MS means the worker cannot start at all (say, offline with no stored copy). */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 10_000;

/** Stands in for a worker that could not be restarted: every call fails at once, with a reason. */
function deadEngine(reason: string): EngineInstance {
  const fail = () => Promise.reject(new EngineStopped(reason));
  return { run: fail, stop: () => {}, tape: fail, onFault: () => {}, terminate: () => {} };
}

/** The engine refusing settings it cannot use (LabInputError): an answer, not a fault. */
export function isRefusal(error: Error): boolean {
  return error.name === 'LabInputError';
}

/** The engine stopping a run because it was asked to (LabCancelled). */
function isStopped(error: Error): boolean {
  return error.name === 'LabCancelled';
}

interface Pending {
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
  /** Restarts the stall timer: the worker just showed a sign of life. */
  watch: () => void;
}

/**
 * Owns the engine's worker: restarts it when it throws, fails to load or goes silent, and stops
 * a run on request. The worker runs the lab in slices and reads its messages between them, so a
 * stop is a message; a worker that does not stop in time is terminated and replaced (the engine
 * keeps no state between runs, so nothing is lost).
 */
export function createEngineHost(options: EngineHostOptions): EngineHost {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  let started = 0;
  let pending: Pending | null = null;
  /** Tape requests in flight: they end with the worker that was asked. */
  const sideCalls = new Set<(error: Error) => void>();
  const restartTimes: number[] = [];
  /** Whether the current worker has answered anything yet (see COLD_START_FACTOR). */
  let warm = false;
  /** A run given up on (cancel) that its worker has not yet stopped: the timer that replaces the worker if it never does. */
  let stopping: { run: Pending; timer: ReturnType<typeof setTimeout> } | null = null;
  let instance = start();

  function start(): EngineInstance {
    const fresh = options.spawn();
    started += 1;
    warm = false;
    fresh.onFault((reason) => {
      if (fresh === instance) replace(new EngineStopped(reason), true);
    });
    return fresh;
  }

  /** Terminates the worker, starts another, and ends the run in flight with `error`. */
  function replace(error: Error, fault: boolean) {
    const old = instance;
    if (fault) {
      const now = Date.now();
      restartTimes.push(now);
      while (restartTimes.length > 0 && now - restartTimes[0] > RESTART_WINDOW_MS) restartTimes.shift();
    }
    instance =
      restartTimes.length > MAX_RESTARTS
        ? deadEngine(`the engine stopped ${restartTimes.length} times in ${RESTART_WINDOW_MS / 1000} s and was not started again; reload the page`)
        : start();
    old.terminate();
    if (stopping) clearTimeout(stopping.timer);
    stopping = null;
    const run = pending;
    pending = null;
    if (run) settle(run);
    run?.reject(error);
    const side = [...sideCalls];
    sideCalls.clear();
    for (const reject of side) reject(fault ? error : new EngineStopped('the worker was restarted'));
    if (fault) options.onRestart?.(error.message);
  }

  /** Clears a finished run's stall timer. */
  function settle(run: Pending) {
    if (run.timer) clearTimeout(run.timer);
  }

  /**
   * A run given up on has answered (with LabCancelled, or a report that came first): if it is the
   * one the grace timer waits for, the worker did stop. An older stopped run answering late says
   * nothing about a later one.
   */
  function stopped(run: Pending) {
    if (stopping?.run !== run) return;
    clearTimeout(stopping.timer);
    stopping = null;
  }

  return {
    get started() {
      return started;
    },
    run(settings, onProgress) {
      return new Promise<LabReport>((resolve, reject) => {
        const mine: Pending = { reject, timer: null, watch: () => {} };
        const worker = instance;
        mine.watch = () => {
          if (mine.timer) clearTimeout(mine.timer);
          const limit = warm ? stallMs : stallMs * COLD_START_FACTOR;
          mine.timer = setTimeout(() => {
            if (pending === mine) replace(new EngineStopped(`no sign of life for ${limit / 1000} s`), true);
          }, limit);
        };
        pending = mine;
        mine.watch();
        worker
          .run(settings, (fraction) => {
            if (pending !== mine) return;
            warm = true;
            mine.watch();
            onProgress?.(fraction);
          })
          .then(
            (report) => {
              if (pending !== mine) return stopped(mine);
              warm = true;
              pending = null;
              settle(mine);
              resolve(report);
            },
            (error: unknown) => {
              if (pending !== mine) return stopped(mine);
              const failure = error instanceof Error ? error : new Error(String(error));
              if (isStopped(failure)) {
                // Stopped without being asked by this host: treat as a cancel all the same.
                pending = null;
                settle(mine);
                reject(new RunCancelled('cancelled'));
                return;
              }
              if (!isRefusal(failure)) {
                // Not the engine refusing the settings but something going wrong inside it (a
                // bug, memory): the worker may be in any state, so it is replaced like a crash.
                replace(new EngineStopped(`the engine failed: ${failure.message}`), true);
                return;
              }
              pending = null;
              settle(mine);
              reject(failure);
            },
          );
      });
    },
    tape(settings) {
      return new Promise<ChainTapeView>((resolve, reject) => {
        sideCalls.add(reject);
        instance.tape(settings).then(
          (view) => {
            if (!sideCalls.delete(reject)) return;
            // An answer is a sign of life: a run queued behind this call has not stalled.
            warm = true;
            pending?.watch();
            resolve(view);
          },
          (error: unknown) => {
            if (sideCalls.delete(reject)) reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    cancel() {
      const run = pending;
      if (!run) return false;
      pending = null;
      settle(run);
      const worker = instance;
      worker.stop();
      if (stopping) clearTimeout(stopping.timer);
      stopping = {
        run,
        timer: setTimeout(() => {
          // Stuck in a part that does not pause: start afresh, and rerun what was queued behind.
          if (stopping?.run === run && instance === worker) {
            replace(new EngineStopped('the worker did not stop a cancelled run in time and was replaced'), false);
          }
        }, STOP_GRACE_MS),
      };
      run.reject(new RunCancelled('cancelled'));
      return true;
    },
  };
}
