/**
 * Progress lines on stderr for a long command, so no command is silent for more than a few
 * seconds: `tape-lab <command>: <what it is doing>`. A short run prints none (nothing before
 * `afterMs` has passed), a long one at most one line each `everyMs`; `--quiet` turns them off.
 * The work is synchronous, so the lines are printed from the points the work reports, not from a timer.
 */
export interface Progress {
  /** Says what the command is doing now (printed only if the run is long and the last line is old). */
  note(text: string): void;
}

/** Prints nothing: the tests' and a quiet command's progress. */
export const SILENT: Progress = { note() {} };

export interface ProgressOptions {
  /** No line before the command has run this long (default 1000 ms). */
  afterMs?: number;
  /** At most one line per this many milliseconds (default 1000 ms). */
  everyMs?: number;
  now?: () => number;
}

/** Progress for `command`, written through `err` (one line each). */
export function progressTo(command: string, err: (text: string) => void, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const afterMs = options.afterMs ?? 1000;
  const everyMs = options.everyMs ?? 1000;
  const start = now();
  let last = -Infinity;
  return {
    note(text) {
      const t = now();
      if (t - start < afterMs || t - last < everyMs) return;
      last = t;
      err(`tape-lab ${command}: ${text}\n`);
    },
  };
}
