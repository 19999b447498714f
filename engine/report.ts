/**
 * The settings one lab run takes and the plain-data report it returns: everything one frame of
 * the app shows, and what `tape-lab run --json` prints. No class instances, so a report crosses
 * the worker boundary by structured clone (its typed arrays can be transferred).
 */
import type { CheckpointAction } from './checkpoint/actions.ts';
import type { PeakItems, StateWidth } from './checkpoint/bytes.ts';
import type { LabCost } from './method-cost.ts';

/** Which checkpoint schedule to model. */
export type ScheduleKind = 'periodic' | 'revolve';

export interface LabSettings {
  /** Chain steps T (P = 2T parameters). Ignored when `params` is given. */
  steps: number;
  /** The central-difference step h. */
  eps: number;
  /** Periodic schedule: keep every stride-th step. */
  stride: number;
  /** Which schedule the checkpoint block reports. */
  schedule: ScheduleKind;
  /** Binomial schedule: number of snapshots. */
  snapshots: number;
  /** A checkpoint's size in the memory model: one float (8 bytes, the default) or 'wide' (640, a step's tape). */
  state: StateWidth;
  c: number;
  x0: number;
  target: number;
  /** Explicit a_t and b_t instead of the documented defaults (sets the steps to a.length). */
  params?: { a: ArrayLike<number>; b: ArrayLike<number> };
  /**
   * Which optional parts to compute. Omitted, each is computed, except forward mode, central
   * differences and the sweep above their step limits (engine/lab.ts), the checkpointed run and
   * the frontier above theirs (engine/checkpoint/lab-schedule.ts), and
   * the measured times of `cost`, which are computed only when asked for.
   */
  include?: Partial<Record<LabPart, boolean>>;
}

/** Optional parts of a report; the app skips the expensive ones while a slider that does not
 * change them moves. */
export type LabPart = 'sweep' | 'tangents' | 'frontier' | 'workCurve' | 'thirdDerivatives' | 'forward' | 'finiteDifference' | 'checkpointed' | 'times';

/** dL/da_t and dL/db_t. */
export interface GradientPair {
  a: Float64Array;
  b: Float64Array;
}

/** One point of the central-difference sweep over h. */
export interface SweepPoint {
  eps: number;
  /** Root mean square over the P parameters of |finite difference − reverse|. */
  rms: number;
  /** max_i |finite difference_i − reverse_i| / max_i |reverse_i|. */
  maxRelative: number;
  /** The truncation model h²·|f‴|/6 (|f‴| as the RMS over parameters of the third derivative). */
  truncation: number;
  /** The rounding model ε·|f|/h, ε the machine epsilon and f the loss. */
  rounding: number;
}

export type { CheckpointAction } from './checkpoint/actions.ts';

/** One point of the memory-against-recomputation frontier. */
export interface FrontierPoint {
  /** The stride (periodic) or snapshot count (binomial) that gives this point. */
  setting: number;
  /** Peak held items (a recorded step counts as one, like a stored state). */
  storedStates: number;
  /** Those items by kind: stored states, recorded steps and the working state. */
  peakItems: PeakItems;
  /** Peak bytes held: S per stored state (8, or 640 wide), 40 per node of each recorded step's tape, S for the working state. */
  peakBytes: number;
  recomputedSteps: number;
  workUnits: number;
}

/** The periodic stride with the fewest held items and the one with the fewest bytes (the smallest on ties). */
export interface LeastMemory {
  byItems: { stride: number; peakStates: number };
  byBytes: { stride: number; peakBytes: number };
}

export interface CheckpointReport {
  schedule: ScheduleKind;
  stride: number | null;
  snapshots: number | null;
  /** The memory model's state width, S (bytes of a stored state) and R (bytes of a recorded step t < T−1). */
  stateWidth: StateWidth;
  stateBytes: number;
  stepBytes: number;
  /** Bytes of the last recorded step, which tapes the loss with it: R + 120. */
  lastStepBytes: number;
  /** S at each state width the lab offers, whichever is in use: what a choice between them is labelled with. */
  stateBytesByWidth: Record<StateWidth, number>;
  /** Items the full tape holds at its peak: T recorded steps and x_T. */
  fullTapeStates: number;
  /** The most items the executor held at once (stored states + recorded steps + working state). */
  storedStates: number;
  /** Those items by kind, counted by the executor at the peak. */
  peakItems: PeakItems;
  /** The most plain snapshots held at once (what a binomial schedule's s bounds). */
  peakSnapshots: number;
  /**
   * The most bytes the executor held at once: S per stored state, each recorded step's tape
   * nodes × BYTES_PER_NODE (16 × 40; 19 × 40 for the last step), S for the working state.
   */
  peakBytes: number;
  /** peakBytes of the full tape (periodic stride T) on this chain: 640·T + 120 + S. */
  fullTapeBytes: number;
  /** Untaped forward steps. */
  advances: number;
  /** Every step evaluation, taped or not. */
  stepEvaluations: number;
  /** Step evaluations beyond one per step. */
  recomputedSteps: number;
  /** (step evaluations + reverse steps) / T. */
  workUnits: number;
  actions: CheckpointAction[];
  frontier: { periodic: FrontierPoint[]; revolve: FrontierPoint[] } | null;
  /** The periodic strides of least memory, in held items and in bytes, from the frontier (null without it). */
  leastMemory: LeastMemory | null;
  /** dL/da_t and dL/db_t computed by running the schedule (bitwise the full tape's); NaN when it was not run. */
  gradient: GradientPair;
  /**
   * The parts left out because they would pass about a second, with what they would have cost:
   * `run`, the schedule on the chain (its counts above are then a dry run's, its gradient NaN),
   * and `frontier` (then null). Absent when both ran or were not asked for.
   */
  estimates?: { run?: CheckpointEstimate; frontier?: CheckpointEstimate };
}

/** Work units of each method for one chain length, as counted by the code that did the work. */
export interface WorkPoint {
  steps: number;
  reverse: number;
  forward: number;
  finiteDifference: number;
  checkpointed: number;
}

export interface LabReport {
  steps: number;
  /** Number of parameters P = 2T. */
  parameters: number;
  params: { a: Float64Array; b: Float64Array; c: number; x0: number; target: number };
  /** x_0 … x_T. */
  states: Float64Array;
  /** x̄_t = dL/dx_t for t = 0 … T, from the reverse sweep. */
  adjoint: Float64Array;
  loss: number;
  gradient: {
    reverse: GradientPair;
    forward: GradientPair;
    finiteDifference: GradientPair;
    checkpointed: GradientPair;
  };
  /**
   * dx_t/dθ_j for t = 0 … T and the P directions θ = (a_0, b_0, a_1, b_1, …), row-major
   * ((T+1) × P): the tangents forward mode carries. Null when not requested.
   */
  tangents: Float64Array | null;
  /** Full-chain work units, counted. */
  work: { reverse: number; forward: number; finiteDifference: number; checkpointed: number };
  /**
   * Cost two ways: the counted passes above beside measured time in runs of the plain chain
   * (engine/method-cost.ts). The times are measured only with `include.times` (they take a few
   * hundred milliseconds and differ run to run); otherwise `runsOfTime` is null.
   */
  cost: LabCost;
  counts: {
    /** Nodes on the reverse-mode tape. */
    tapeNodes: number;
    /** Bytes per tape node, adjoint included. */
    bytesPerNode: number;
    /** Chain steps the forward pass of reverse mode evaluated (on the tape). */
    reverseStepEvaluations: number;
    /** Steps the reverse sweep walked back. */
    reverseSteps: number;
    /** Chain steps evaluated by forward mode, and tangent lanes carried through each. */
    forwardStepEvaluations: number;
    forwardLanes: number;
    /** Loss evaluations of the central-difference gradient (1 + 2P). */
    finiteDifferenceEvaluations: number;
    /** Chain steps those evaluations would cost from scratch ((1 + 2P)·T) … */
    finiteDifferenceNaiveSteps: number;
    /** … and what they cost reusing the stored prefix x_0 … x_t. */
    finiteDifferenceSteps: number;
    /** Chain steps the whole sweep over h evaluated. */
    sweepSteps: number;
  };
  errors: {
    /** max |forward − reverse| / max |reverse|. */
    forwardVsReverseMax: number;
    /** RMS of |finite difference − reverse| at the selected h. */
    finiteDifferenceRms: number;
    finiteDifferenceMaxRelative: number;
    /** max |checkpointed − reverse| / max |reverse|. */
    checkpointedVsReverseMax: number;
  };
  eps: number;
  sweep: SweepPoint[];
  /** The h of the sweep with the smallest RMS error. */
  bestEps: number | null;
  model: {
    /** RMS over parameters of ∂³L/∂θ³ (five-point stencil). */
    thirdDerivativeRms: number;
    /** |L|, the size of the rounding model's numerator. */
    lossMagnitude: number;
    /** h* = (3ε|f|/|f‴|)^(1/3), the minimum of the model. */
    predictedBestEps: number | null;
  };
  checkpoint: CheckpointReport;
  /**
   * Work units against steps at WORK_CURVE_STEPS (1, 2, 5 … 200), for the Work panel; the
   * current steps' point is `work`.
   */
  workCurve: WorkPoint[];
  /** Plain-words notes: non-finite figures, clamped inputs, numerical hazards. */
  warnings: string[];
  /**
   * The methods left out past their step limits (engine/limits.ts, engine/cost-plan.ts), with the
   * work each would take, counted on short chains. Absent when everything ran.
   */
  estimates?: PartEstimates;
}

/** The parts of a run whose cost grows as T²: forward mode, central differences, the sweep over epsilon. */
export type CostlyPart = 'forward' | 'finiteDifference' | 'sweep';

/** A part not run, and what it would have cost. */
export interface PartEstimate {
  /** Passes over the chain it would take, extrapolated from the work counted at `countedAt`. */
  workUnits: number;
  /** The step limit past which it is left out (engine/limits.ts): counted work decides, never a timing. */
  limit: number;
  /** The two short chain lengths its work was counted at. */
  countedAt: readonly [number, number];
}

export type PartEstimates = Partial<Record<CostlyPart, PartEstimate>>;

/** Rates of the two parts: nominal, or timed on this machine at `fromSteps`. */
export interface CheckpointRates {
  nsPerEvaluation: number;
  frontierNsPerStepSquared: number;
  /** The chain length the rates were timed at, or null for the nominal rates. */
  fromSteps: number | null;
}

/** A checkpoint part not run, and what it would have cost. */
export interface CheckpointEstimate {
  /** Step evaluations of the schedule's run (closed form), or schedules dry-run by the frontier (2T). */
  count: number;
  /** Milliseconds it would take: the count times the rate. */
  ms: number;
  /** The chain length the rate was timed at, or null for the nominal rate. */
  fromSteps: number | null;
}
