/**
 * Checkpoint actions: a schedule is a list of these, produced by a scheduler and run by one
 * executor (engine/checkpoint/executor.ts). The executor has one working register holding a
 * state x_t, a set of snapshots x_t, and a set of recorded steps (step t taped on its own
 * small tape). Every action names the step it touches, so a schedule is plain data: it prints,
 * serialises to JSON and can be checked without running the chain.
 */

/**
 * Run steps `step` … `to`−1 untaped in plain floats: the working register goes x_step → x_to.
 * Requires the working register to hold x_step, and step < to ≤ T. Costs to − step evaluations.
 */
export interface AdvanceAction {
  kind: 'advance';
  step: number;
  to: number;
}

/** Copy the working state x_step into a snapshot slot. Requires the working register at `step`. */
export interface StoreAction {
  kind: 'store';
  step: number;
}

/**
 * Working register := x_step, read from a snapshot of x_step, from recorded step `step` (its
 * input x_t) or from recorded step `step`−1 (its output x_{t+1}).
 */
export interface RestoreAction {
  kind: 'restore';
  step: number;
}

/** Drop the snapshot of x_step. */
export interface FreeAction {
  kind: 'free';
  step: number;
}

/**
 * Tape step t = `step` from the working x_t on a one-step tape whose leaves are x_t, a_t, b_t
 * and c (for the last step T−1 the loss ½(x_T − y)² is taped with it), and keep the recorded
 * step until it is reversed. The working register becomes x_{t+1}. One step evaluation.
 */
export interface RecordAction {
  kind: 'record';
  step: number;
}

/**
 * Sweep recorded step t = `step` backward seeded with x̄_{t+1} (for t = T−1 the seed is
 * dL/dL = 1 at the loss taped with it), giving x̄_t, dL/da_t and dL/db_t and adding step t's
 * share of dL/dc; then drop the recorded step. Steps are reversed T−1, T−2, …, 0, each once.
 */
export interface ReverseAction {
  kind: 'reverse';
  step: number;
}

/** One action of a checkpoint schedule. */
export type CheckpointAction =
  | AdvanceAction
  | StoreAction
  | RestoreAction
  | FreeAction
  | RecordAction
  | ReverseAction;

/** The names of the action kinds, in the order a forward-then-backward pass meets them. */
export type CheckpointActionKind = CheckpointAction['kind'];

/**
 * Constructors of the actions, grouped so they do not clash with `advance` of engine/chain.ts:
 * `act.record(0)`, `act.advance(1, 4)`.
 */
export const act = {
  advance: (step: number, to: number): AdvanceAction => ({ kind: 'advance', step, to }),
  store: (step: number): StoreAction => ({ kind: 'store', step }),
  restore: (step: number): RestoreAction => ({ kind: 'restore', step }),
  free: (step: number): FreeAction => ({ kind: 'free', step }),
  record: (step: number): RecordAction => ({ kind: 'record', step }),
  reverse: (step: number): ReverseAction => ({ kind: 'reverse', step }),
} as const;

/** A short text form of one action: `advance 1→4`, `record 0`, `reverse 3`. */
export function formatAction(action: CheckpointAction): string {
  return action.kind === 'advance' ? `advance ${action.step}→${action.to}` : `${action.kind} ${action.step}`;
}
