import { useEffect, type ReactNode } from 'react';

/** What a section wired to a worker of its own gives the shell. */
export interface WorkerSectionProps {
  /** The section body's class (its CSS lays out what is inside). */
  className: string;
  /**
   * Wires the section to its worker and returns the unwiring. Runs once on mount: pass a function
   * defined at module level, so it is the same one on every render.
   */
  start: () => () => void;
  /** Whether the worker's first answer is in. */
  ready: boolean;
  /** The worker's last failure, said in a line above the section, or null. */
  failure: string | null;
  /** What stands in the section's place until the first answer is in. */
  waiting: ReactNode;
  /** The section once the first answer is in. */
  children: ReactNode;
}

/**
 * The shell of a section computed by a worker of its own (bugs, tradeoffs): it starts the wiring
 * while the section is on the page, says a failure in an alert line, and shows `waiting` until the
 * first answer is in.
 */
export function WorkerSection({ className, start, ready, failure, waiting, children }: WorkerSectionProps) {
  useEffect(start, [start]);
  return (
    <div className={className}>
      {failure ? (
        <p className="worker-failure" role="alert">
          {failure}
        </p>
      ) : null}
      {ready ? (
        children
      ) : (
        <p className="tape-placeholder" role="status">
          {waiting}
        </p>
      )}
    </div>
  );
}
