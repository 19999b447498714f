/**
 * The one executor of checkpoint schedules.
 *
 * Accounting model (every figure below is counted here, as the actions run):
 *
 * - The executor holds a working register (one state x_t, or nothing once a reverse has used
 *   it), plain snapshots x_t, and recorded steps (step t on its own tape, holding x_t and
 *   x_{t+1}). Live states = snapshots held + recorded steps held + 1 while the working register
 *   holds a state. `storedStates` is the peak of live states, `peakSnapshots` the peak of
 *   snapshots alone. It starts with x_0 in the working register (1 live state).
 * - Live states (held items) weigh a recorded step like a snapshot; live bytes do not (the one
 *   memory model, engine/checkpoint/bytes.ts): S per snapshot (8; 640 for a wide state),
 *   nodes · BYTES_PER_NODE per recorded step (its tape's length: 16 nodes, 19 for the last step,
 *   40 bytes each), S while the working register holds a state. `peakBytes` is the peak of live
 *   bytes. A dry run has no tapes and counts each as `recordedStepNodes` says.
 * - `advances` = steps evaluated by advance actions (untaped), `records` = steps taped,
 *   `stepEvaluations` = advances + records, `recomputedSteps` = stepEvaluations − T,
 *   `reverseSteps` = steps swept back (T), `workUnits` = (stepEvaluations + reverseSteps)/T.
 * - So the full tape (record 0 … T−1, reverse T−1 … 0; periodic stride T) holds T recorded steps
 *   and the working x_T: T + 1 items, 640·T + 120 + S bytes, T evaluations, nothing recomputed,
 *   2 work units.
 *
 * The executor holds only what the schedule has stored and refuses, with a ScheduleError, any
 * action that needs a state or recorded step it does not hold, any reverse out of the order
 * T−1, T−2, …, 0, and a schedule that ends before step 0 is reversed.
 */
import { advance as advanceFloat, stepsOf, type ChainParams } from '../chain.ts';
import { BYTES_PER_NODE } from '../tape.ts';
import { formatAction, type CheckpointAction } from './actions.ts';
import { LOSS_TAPE_BYTES, SCALAR_MODEL, type MemoryModel, type PeakItems } from './bytes.ts';
import { Held } from './held.ts';
import { StepRecorder, type RecordedStep, type StepAdjoint } from './step-tape.ts';

/** A schedule the executor cannot run: the message names the action and what it lacked. */
export class ScheduleError extends Error {
  override name = 'ScheduleError';
  /** Position of the offending action in the schedule (the schedule's length if it ended early). */
  readonly index: number;
  /** The offending action, or null when the schedule ended too early. */
  readonly action: CheckpointAction | null;

  constructor(message: string, index: number, action: CheckpointAction | null) {
    super(message);
    this.index = index;
    this.action = action;
  }
}

/** What running a schedule cost, counted action by action. */
export interface ScheduleCounts {
  /** The most plain snapshots (checkpoints) held at once. */
  peakSnapshots: number;
  /** The most held items (snapshots + recorded steps + working register) at once: `peakStates`. */
  storedStates: number;
  /** Those items by kind, at the first moment the peak was held. */
  peakItems: PeakItems;
  /**
   * The most bytes held at once: S per snapshot, each recorded step's tape nodes × BYTES_PER_NODE,
   * and S for the working register while it holds a state (S = 8, or 640 for a wide state).
   */
  peakBytes: number;
  /** Untaped step evaluations. */
  advances: number;
  /** Taped step evaluations. */
  records: number;
  /** advances + records. */
  stepEvaluations: number;
  /** stepEvaluations − T. */
  recomputedSteps: number;
  /** Steps swept back (T for a complete schedule). */
  reverseSteps: number;
  /** (stepEvaluations + reverseSteps) / T, in full-chain evaluations. */
  workUnits: number;
  /** Actions run. */
  actionCount: number;
}

/** The gradient a schedule computes. */
export interface CheckpointGradient {
  /** L = ½(x_T − y)². */
  loss: number;
  /** dL/da_t, t = 0 … T−1. */
  a: Float64Array;
  /** dL/db_t, t = 0 … T−1. */
  b: Float64Array;
  /** dL/dc. */
  c: number;
  /** x̄_t = dL/dx_t, t = 0 … T. */
  adjoint: Float64Array;
}

/** A run of a schedule: its gradient and its counts. In a dry run the gradient is empty (NaN, length 0). */
export interface ScheduleRun extends CheckpointGradient, ScheduleCounts {}

export interface ExecuteOptions {
  /** Validate and count without arithmetic: no states, no tapes. */
  dryRun?: boolean;
  /** The memory model the bytes are counted in (default: the scalar chain's, S = 8). */
  memory?: MemoryModel;
}

/** Marks the working register as holding no state. */
const EMPTY = -1;

/**
 * Runs a checkpoint schedule on the chain and returns dL/da, dL/db, dL/dc, the adjoints x̄_0 … x̄_T
 * and the counts of the accounting model above. The gradient is bitwise the full tape's.
 * Throws ScheduleError for a schedule that is not valid for this chain.
 */
export function executeSchedule(
  params: ChainParams,
  actions: Iterable<CheckpointAction>,
  options: ExecuteOptions = {},
): ScheduleRun {
  const { counts, gradient } = run(stepsOf(params), options.dryRun ? null : params, actions, options.memory ?? SCALAR_MODEL);
  return { ...gradient, ...counts };
}

/** The counts of a schedule for a chain of `steps` steps, by a dry run (no arithmetic), bytes under `memory`. */
export function countSchedule(steps: number, actions: Iterable<CheckpointAction>, memory: MemoryModel = SCALAR_MODEL): ScheduleCounts {
  return run(steps, null, actions, memory).counts;
}

/** Runs the actions; with `params` null, a dry run (the gradient is empty). */
function run(
  T: number,
  params: ChainParams | null,
  actions: Iterable<CheckpointAction>,
  memory: MemoryModel,
): { counts: ScheduleCounts; gradient: CheckpointGradient } {
  if (!Number.isInteger(T) || T < 1) throw new RangeError(`a schedule needs a chain of at least one step; got ${T}`);
  const recorder = params ? new StepRecorder(params) : null;
  const snapshots = new Held<number>(T);
  // In a dry run a recorded step is only a mark (null).
  const recorded = new Held<RecordedStep | null>(T - 1);
  const ga = params ? new Float64Array(T) : new Float64Array(0);
  const gb = params ? new Float64Array(T) : new Float64Array(0);
  const adjoint = params ? new Float64Array(T + 1) : new Float64Array(0);
  const sweep: StepAdjoint = { x: NaN, a: NaN, b: NaN, c: NaN, next: NaN, loss: NaN };
  let working = 0;
  let value = params ? params.x0 : NaN;
  // The next step to reverse, and x̄ of the state after it once known.
  let next = T - 1;
  let seed = NaN;
  let loss = NaN;
  let dc = 0;
  let advances = 0;
  let records = 0;
  let reverseSteps = 0;
  let peakSnapshots = 0;
  let storedStates = 1;
  // The peak's items by kind: at the start, x_0 in the working register.
  let peakStored = 0;
  let peakRecorded = 0;
  let peakWorking = 1;
  // Read once into locals: under the CLI's and tests' module transforms an imported binding is a
  // property read (often a getter) at each use, which doubled the time of frontier(200).
  const stateBytes = memory.stateBytes;
  const nodeBytes = BYTES_PER_NODE;
  // A dry run's recorded step t: recordedStepBytes(t, T), 640 bytes, 760 for t = T−1.
  const dryStepBytes = memory.stepBytes;
  const dryLastStepBytes = memory.stepBytes + LOSS_TAPE_BYTES;
  // Bytes of the recorded steps held now, and the peak of all live bytes (x_0 in the register).
  let tapeBytes = 0;
  let peakBytes = stateBytes;
  let index = 0;

  for (const action of actions) {
    const step = action.step;
    if (!Number.isInteger(step) || step < 0 || step > T) {
      refuse(index, action, `step ${step} is not a state of a ${T}-step chain (0 … ${T})`);
    }
    switch (action.kind) {
      case 'advance': {
        const to = action.to;
        if (!Number.isInteger(to) || to <= step || to > T) refuse(index, action, `an advance must go forward to a state ≤ x_${T}`);
        if (working !== step) refuse(index, action, notHeld(working, step));
        if (params) value = advanceFloat(params, step, to, value);
        advances += to - step;
        working = to;
        break;
      }
      case 'store':
        if (working !== step) refuse(index, action, notHeld(working, step));
        if (snapshots.has(step)) refuse(index, action, `x_${step} is already in a snapshot`);
        snapshots.set(step, value);
        break;
      case 'restore': {
        if (snapshots.has(step)) value = snapshots.get(step);
        else if (recorded.has(step)) value = readState(recorder, recorded.get(step), 'input');
        else if (recorded.has(step - 1)) value = readState(recorder, recorded.get(step - 1), 'output');
        else refuse(index, action, `x_${step} is not held (no snapshot of it and no recorded step ${step - 1} or ${step})`);
        working = step;
        break;
      }
      case 'free':
        if (!snapshots.delete(step)) refuse(index, action, `there is no snapshot of x_${step} to free`);
        break;
      case 'record':
        if (step === T) refuse(index, action, `there is no step ${T} to record (steps are 0 … ${T - 1})`);
        if (step > next) refuse(index, action, `step ${step} has already been reversed`);
        if (recorded.has(step)) refuse(index, action, `step ${step} is already recorded`);
        if (working !== step) refuse(index, action, notHeld(working, step));
        if (recorder) {
          const r = recorder.record(step, value);
          recorded.set(step, r);
          value = recorder.output(r);
          tapeBytes += r.tape.length * nodeBytes;
        } else {
          recorded.set(step, null);
          tapeBytes += step === T - 1 ? dryLastStepBytes : dryStepBytes;
        }
        records++;
        working = step + 1;
        break;
      case 'reverse': {
        if (step !== next) {
          refuse(index, action, next < 0 ? 'every step has already been reversed' : `steps are reversed T−1 … 0 in order; the next one is ${next}`);
        }
        if (!recorded.has(step)) refuse(index, action, `step ${step} is not recorded`);
        const r = recorded.get(step);
        tapeBytes -= r ? r.tape.length * nodeBytes : step === T - 1 ? dryLastStepBytes : dryStepBytes;
        if (r && recorder) {
          recorder.reverse(r, seed, sweep);
          if (step === T - 1) {
            loss = sweep.loss;
            adjoint[T] = sweep.next;
          }
          ga[step] = sweep.a;
          gb[step] = sweep.b;
          dc += sweep.c;
          adjoint[step] = sweep.x;
          seed = sweep.x;
        }
        recorded.delete(step);
        reverseSteps++;
        next--;
        // The reverse sweep consumes the working state: the next forward move starts from a restore.
        working = EMPTY;
        break;
      }
      default: {
        const unknown: never = action;
        refuse(index, action, `unknown action kind ${String((unknown as { kind: unknown }).kind)}`);
      }
    }
    const live = snapshots.size + recorded.size + (working === EMPTY ? 0 : 1);
    if (live > storedStates) {
      storedStates = live;
      peakStored = snapshots.size;
      peakRecorded = recorded.size;
      peakWorking = working === EMPTY ? 0 : 1;
    }
    const bytes = snapshots.size * stateBytes + tapeBytes + (working === EMPTY ? 0 : stateBytes);
    if (bytes > peakBytes) peakBytes = bytes;
    if (snapshots.size > peakSnapshots) peakSnapshots = snapshots.size;
    index++;
  }
  if (next >= 0) {
    throw new ScheduleError(`the schedule ended after ${index} actions with steps ${next} … 0 not reversed`, index, null);
  }
  const stepEvaluations = advances + records;
  const counts: ScheduleCounts = {
    peakSnapshots,
    storedStates,
    peakItems: { storedStates: peakStored, recordedSteps: peakRecorded, workingState: peakWorking },
    peakBytes,
    advances,
    records,
    stepEvaluations,
    recomputedSteps: stepEvaluations - T,
    reverseSteps,
    workUnits: (stepEvaluations + reverseSteps) / T,
    actionCount: index,
  };
  return { counts, gradient: { loss: params ? loss : NaN, a: ga, b: gb, c: params ? dc : NaN, adjoint } };
}

function refuse(index: number, action: CheckpointAction, reason: string): never {
  throw new ScheduleError(`action ${index} (${formatAction(action)}): ${reason}`, index, action);
}

function notHeld(working: number, step: number): string {
  return `the working register holds ${working === EMPTY ? 'no state' : `x_${working}`}, not x_${step}`;
}

/** x_t (the input) or x_{t+1} (the output) of a recorded step; NaN in a dry run. */
function readState(recorder: StepRecorder | null, r: RecordedStep | null, which: 'input' | 'output'): number {
  if (!recorder || !r) return NaN;
  return which === 'input' ? recorder.input(r) : recorder.output(r);
}
