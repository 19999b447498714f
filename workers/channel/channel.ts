import { EngineStopped, RunCancelled } from './faults.ts';

/** Reports how far a long run is (0 … 1). */
export type ProgressListener = (fraction: number) => void;

/** A started worker, as the channel needs it: the feature's own calls are on the object too. */
export interface WorkerInstance {
  /** Calls `onFault` once if the worker throws outside a call, fails to load, or a message cannot be read. */
  onFault(onFault: (reason: string) => void): void;
  terminate(): void;
}

export interface ChannelOptions<I extends WorkerInstance> {
  /** Starts a fresh worker. */
  spawn: () => I;
  /**
   * Start the worker at once and again at once after a fault (the lab's, whose script is then
   * fetched while the page loads), or only on the first call and the first call after a fault
   * (the panels below the fold, whose engine is fetched when they come into view).
   */
  eager?: boolean;
  /**
   * A run that sends neither progress nor a result for this long is taken for a dead worker.
   * (The sweep, the only long part, reports progress between points; everything else of one run
   * takes well under a second even at the largest steps.)
   */
  stallMs?: number;
  /** Told each time the worker was replaced after a fault (not after a cancel). */
  onRestart?: (reason: string) => void;
  /** Asks the worker to stop its run in progress at its next pause (the run then ends with LabCancelled). */
  stop?: (worker: I) => void;
  /**
   * Whether a run's error is the worker's answer (it refused the request) rather than a fault:
   * any other error from a run means the worker may be in any state, and it is replaced.
   */
  isAnswer?: (error: Error) => boolean;
}

export interface Channel<I extends WorkerInstance> {
  /**
   * The one watched run: progress passes through, silence longer than the stall limit replaces the
   * worker, and `cancel` stops it. Rejects with EngineStopped or RunCancelled, or the worker's answer.
   */
  run<R>(ask: (worker: I, onProgress: ProgressListener) => Promise<R>, onProgress?: ProgressListener): Promise<R>;
  /**
   * Any other call. It rejects with EngineStopped if the worker stops, or is replaced, before
   * answering; the next call goes to a fresh worker.
   */
  call<T>(ask: (worker: I) => Promise<T>): Promise<T>;
  /**
   * Stops the run in flight: it rejects with RunCancelled at once, and the worker is asked to stop
   * it at its next pause. The next run may be sent at once: the worker reads it after the stop.
   * A worker whose stopped run has not answered within STOP_GRACE_MS is replaced. False if none
   * was running.
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
 * A worker that has not answered anything yet is still loading and compiling its engine, which
 * on a busy machine can take seconds: its first run gets this many times the stall limit.
 */
export const COLD_START_FACTOR = 4;

/** More restarts than this within RESTART_WINDOW_MS means the worker cannot start at all (say, offline with no stored copy). */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 10_000;

/** A worker stopping a run because it was asked to (LabCancelled). */
function isStopped(error: Error): boolean {
  return error.name === 'LabCancelled';
}

interface Pending {
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
  /** Restarts the stall timer: the worker just showed a sign of life. */
  watch: () => void;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The one way the page talks to a worker: restarts it when it throws, fails to load or goes
 * silent, stops a run on request, and passes progress on. Latest-wins request streams sit on top
 * (./latest.ts, workers/lab/client.ts); each feature supplies only what to ask. A worker that does
 * not stop in time is terminated and replaced (the workers keep no state between calls that a
 * restart could lose).
 */
export function openChannel<I extends WorkerInstance>(options: ChannelOptions<I>): Channel<I> {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const isAnswer = options.isAnswer ?? (() => true);
  let started = 0;
  let pending: Pending | null = null;
  /** Calls other than the run in flight: they end with the worker that was asked. */
  const sideCalls = new Set<(error: Error) => void>();
  const restartTimes: number[] = [];
  /** Whether the current worker has answered anything yet (see COLD_START_FACTOR). */
  let warm = false;
  /** A run given up on (cancel) that its worker has not yet stopped: the timer that replaces the worker if it never does. */
  let stopping: { run: Pending; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Set once the worker restarted too often: every call then fails at once, with this reason. */
  let dead: string | null = null;
  let instance: I | null = null;
  if (options.eager) instance = start();

  function start(): I {
    const fresh = options.spawn();
    started += 1;
    warm = false;
    fresh.onFault((reason) => {
      if (fresh === instance) replace(new EngineStopped(reason), true);
    });
    return fresh;
  }

  /** The current worker, started if there is none; null once given up on. */
  function current(): I | null {
    if (dead !== null) return null;
    instance ??= start();
    return instance;
  }

  /** Terminates the worker, starts another (or leaves that to the next call), and ends the calls in flight with `error`. */
  function replace(error: Error, fault: boolean) {
    const old = instance;
    if (fault) {
      const now = Date.now();
      restartTimes.push(now);
      while (restartTimes.length > 0 && now - restartTimes[0] > RESTART_WINDOW_MS) restartTimes.shift();
    }
    if (restartTimes.length > MAX_RESTARTS) {
      dead = `the engine stopped ${restartTimes.length} times in ${RESTART_WINDOW_MS / 1000} s and was not started again; reload the page`;
      instance = null;
    } else {
      instance = options.eager ? start() : null;
    }
    old?.terminate();
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
   * A run given up on has answered (with LabCancelled, or a result that came first): if it is the
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
    run(ask, onProgress) {
      return new Promise((resolve, reject) => {
        const worker = current();
        if (worker === null) return reject(new EngineStopped(dead!));
        const mine: Pending = { reject, timer: null, watch: () => {} };
        mine.watch = () => {
          if (mine.timer) clearTimeout(mine.timer);
          const limit = warm ? stallMs : stallMs * COLD_START_FACTOR;
          mine.timer = setTimeout(() => {
            if (pending === mine) replace(new EngineStopped(`no sign of life for ${limit / 1000} s`), true);
          }, limit);
        };
        pending = mine;
        mine.watch();
        ask(worker, (fraction) => {
          if (pending !== mine) return;
          warm = true;
          mine.watch();
          onProgress?.(fraction);
        }).then(
          (result) => {
            if (pending !== mine) return stopped(mine);
            warm = true;
            pending = null;
            settle(mine);
            resolve(result);
          },
          (error: unknown) => {
            if (pending !== mine) return stopped(mine);
            const failure = asError(error);
            if (isStopped(failure)) {
              // Stopped without being asked by this channel: treat as a cancel all the same.
              pending = null;
              settle(mine);
              reject(new RunCancelled('cancelled'));
              return;
            }
            if (!isAnswer(failure)) {
              // Not the worker refusing the request but something going wrong inside it (a bug,
              // memory): the worker may be in any state, so it is replaced like a crash.
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
    call(ask) {
      return new Promise((resolve, reject) => {
        const worker = current();
        if (worker === null) return reject(new EngineStopped(dead!));
        sideCalls.add(reject);
        ask(worker).then(
          (answer) => {
            if (!sideCalls.delete(reject)) return;
            // An answer is a sign of life: a run queued behind this call has not stalled.
            warm = true;
            pending?.watch();
            resolve(answer);
          },
          (error: unknown) => {
            if (sideCalls.delete(reject)) reject(asError(error));
          },
        );
      });
    },
    cancel() {
      const run = pending;
      if (!run || instance === null) return false;
      pending = null;
      settle(run);
      const worker = instance;
      options.stop?.(worker);
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
