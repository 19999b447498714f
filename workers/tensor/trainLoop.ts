import type { Trainer } from '../../engine/tensor/trainer.ts';

/** Steps per second a run is paced at; `Infinity` is as fast as the worker can go. */
export type Speed = number;

/** As fast as the worker can go: the run in about this many reports, each a short pause apart. */
export const FAST_UPDATES = 60;
/** The pause between reports at full speed: lets a newer request in, and paces the drawing. */
export const FAST_PAUSE_MS = 16;
/** At a paced speed, reports come at most this often; several steps share a report above ~30 steps/s. */
export const MIN_TICK_MS = 30;

/** The clock a loop is paced by: the real one in the worker, a fake one in tests. */
export interface LoopClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: LoopClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface LoopOptions {
  trainer: Trainer;
  /** The run's length in steps. */
  steps: number;
  speed: Speed;
  /** Start paused: no step is taken until resume() or step(). */
  paused: boolean;
  /** Called after every batch of steps with their batch losses, and the milliseconds spent stepping so far. */
  report: (losses: Float64Array, trainMs: number) => void;
  clock?: LoopClock;
}

/** A training run that can be paused, resumed, stepped by hand and re-paced while it goes. */
export interface TrainLoop {
  /** Runs until the last step (true) or end() (false). */
  run(): Promise<boolean>;
  /** Takes no more steps until resume() or step(); answers the step it paused at. */
  pause(): number;
  /** Goes on from where it paused, at the current speed. */
  resume(): void;
  /** While paused, takes exactly one step; answers the step count after it (unchanged if not paused or finished). */
  step(): Promise<number>;
  setSpeed(speed: Speed): void;
  /** Ends the run at its next check: no more steps are taken. */
  end(): void;
}

/**
 * The worker's training loop. Paced: at `speed` steps per second the k-th step since the last
 * resume or change of speed is due k/speed seconds after it (never more than a tenth of a
 * second's steps at once, so a busy machine slows the run instead of bursting). Between batches
 * it sleeps, and any control (pause, step, resume, speed, end) wakes it at once, so a pause takes
 * effect before the next step. Every step goes through the one trainer, so however the run is
 * paused, stepped and re-paced it ends exactly where an uninterrupted run of as many steps does.
 */
export function createTrainLoop(options: LoopOptions): TrainLoop {
  const { trainer, steps, report } = options;
  const clock = options.clock ?? realClock;
  const chunk = Math.max(1, Math.ceil(steps / FAST_UPDATES));
  let speed = options.speed;
  let paused = options.paused;
  let ended = false;
  let trainMs = 0;
  /** Single steps asked for while paused, each with the promise to answer once it is taken. */
  const asked: ((step: number) => void)[] = [];
  let wake: (() => void) | null = null;
  let since = clock.now();
  let takenSince = 0;

  const restartPace = () => {
    since = clock.now();
    takenSince = 0;
  };
  const rouse = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  /** Sleeps `ms` (forever if Infinity) or until a control wakes the loop. */
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (Number.isFinite(ms)) {
        void clock.sleep(ms).then(() => {
          if (wake === resolve) rouse();
        });
      }
    });
  const take = (count: number) => {
    const t0 = performance.now();
    const losses = trainer.advance(count);
    trainMs += performance.now() - t0;
    takenSince += count;
    report(losses, trainMs);
  };
  const left = () => steps - trainer.step;
  const answerAsked = () => {
    for (const answer of asked.splice(0)) answer(trainer.step);
  };

  return {
    async run() {
      try {
        while (!ended && left() > 0) {
          if (paused) {
            const answer = asked.shift();
            if (answer) {
              take(1);
              answer(trainer.step);
            } else {
              await rest(Infinity);
            }
          } else if (!Number.isFinite(speed)) {
            take(Math.min(chunk, left()));
            await rest(FAST_PAUSE_MS);
          } else {
            const due = Math.floor(((clock.now() - since) * speed) / 1000) - takenSince;
            if (due > 0) {
              const count = Math.min(due, left(), Math.max(1, Math.ceil(speed / 10)));
              take(count);
              if (due > count) restartPace();
            }
            const next = since + ((takenSince + 1) * 1000) / speed;
            await rest(Math.max(MIN_TICK_MS, next - clock.now()));
          }
        }
        return !ended;
      } finally {
        answerAsked();
      }
    },
    pause() {
      paused = true;
      rouse();
      return trainer.step;
    },
    resume() {
      paused = false;
      restartPace();
      rouse();
    },
    step() {
      if (!paused || ended || left() <= 0) return Promise.resolve(trainer.step);
      return new Promise<number>((resolve) => {
        asked.push(resolve);
        rouse();
      });
    },
    setSpeed(next) {
      speed = next > 0 ? next : Infinity;
      restartPace();
      rouse();
    },
    end() {
      ended = true;
      rouse();
    },
  };
}
