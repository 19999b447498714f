import type { StateCreator } from 'zustand';
import type { TapeComparison } from '../../../engine/tensor/compare.ts';
import type { DatasetName } from '../../../engine/tensor/data.ts';
import type { Speed, TrainUpdate } from '../../../workers/tensor/protocol.ts';

/** What the tensor panel trains: the data set, the network's width, the steps, the SGD step size, and how fast. */
export interface TrainSettings {
  dataset: DatasetName;
  hidden: number;
  steps: number;
  learningRate: number;
  /** Steps per second; Infinity is as fast as the worker goes. */
  speed: Speed;
}

/**
 * 25 steps a second by default: a 400-step run takes 16 s, slow enough to see the boundary bend
 * and the loss fall, fast enough to finish while one watches.
 */
export const TRAIN_DEFAULTS: Readonly<TrainSettings> = Object.freeze({ dataset: 'moons', hidden: 16, steps: 400, learningRate: 0.5, speed: 25 });

export const STEPS_RANGE = { min: 50, max: 2000, step: 50 } as const;
export const LEARNING_RATES = [0.05, 0.1, 0.2, 0.5, 1, 2] as const;
/** The speeds offered, in steps per second (Infinity: as fast as the worker goes). */
export const SPEEDS = [1, 5, 25, 100, Infinity] as const;

export type TrainStatus = 'idle' | 'running' | 'paused' | 'done' | 'stopped' | 'failed';

/** The latest report of a run, without its share of the losses (kept whole in `losses`). */
export type TrainSnapshot = Omit<TrainUpdate, 'losses' | 'data'>;

/** The tensor panel: training the network in its worker, and the scalar-versus-tensor comparison. */
export interface TensorSlice {
  /** True once the panel has come near the screen: only then does its worker start. */
  tensorWanted: boolean;
  trainSettings: TrainSettings;
  trainStatus: TrainStatus;
  /** Counts the runs started; updates from an older run are dropped. */
  trainRun: number;
  /** The batch loss of every step taken so far in the run on screen. */
  losses: Float64Array;
  trainSnapshot: TrainSnapshot | null;
  trainData: { x: Float64Array; labels: Int32Array } | null;
  trainFailure: string | null;
  comparison: TapeComparison | null;
  /** The network the comparison was measured on (hidden units and data set). */
  comparisonKey: string | null;
  comparing: boolean;
  comparisonFailure: string | null;
  setTensorWanted: (wanted: boolean) => void;
  setTrainSetting: <K extends keyof TrainSettings>(key: K, value: TrainSettings[K]) => void;
  /** A new run begins, running or paused (its id is returned): the curve and the region start again. */
  startTraining: (paused?: boolean) => number;
  receiveTrainUpdate: (run: number, update: TrainUpdate) => void;
  /** The run in flight pauses (true) or goes on (false); ignored once it has ended. */
  setTrainPaused: (run: number, paused: boolean) => void;
  endTraining: (run: number, status: Exclude<TrainStatus, 'idle' | 'running' | 'paused'>, failure?: string) => void;
  /** Back to no run: the curve and region cleared, the settings kept. */
  resetTraining: () => void;
  setComparing: (comparing: boolean) => void;
  receiveComparison: (comparison: TapeComparison | null, key: string, failure?: string) => void;
}

/** The network a comparison is measured on, as a key. */
export function comparisonKeyOf(t: Pick<TrainSettings, 'dataset' | 'hidden'>): string {
  return `${t.dataset}|${t.hidden}`;
}

function joined(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export const createTensorSlice: StateCreator<TensorSlice, [], [], TensorSlice> = (set, get) => ({
  tensorWanted: false,
  trainSettings: { ...TRAIN_DEFAULTS },
  trainStatus: 'idle',
  trainRun: 0,
  losses: new Float64Array(0),
  trainSnapshot: null,
  trainData: null,
  trainFailure: null,
  comparison: null,
  comparisonKey: null,
  comparing: false,
  comparisonFailure: null,
  setTensorWanted: (tensorWanted) => set({ tensorWanted }),
  setTrainSetting: (key, value) => set({ trainSettings: { ...get().trainSettings, [key]: value } }),
  startTraining: (paused = false) => {
    const run = get().trainRun + 1;
    set({ trainRun: run, trainStatus: paused ? 'paused' : 'running', losses: new Float64Array(0), trainSnapshot: null, trainFailure: null });
    return run;
  },
  receiveTrainUpdate: (run, update) => {
    const state = get();
    if (run !== state.trainRun) return;
    const { losses, data, ...snapshot } = update;
    set({
      losses: joined(state.losses, losses),
      trainSnapshot: snapshot,
      ...(data ? { trainData: data } : {}),
    });
  },
  setTrainPaused: (run, paused) => {
    const { trainRun, trainStatus } = get();
    if (run !== trainRun || (trainStatus !== 'running' && trainStatus !== 'paused')) return;
    set({ trainStatus: paused ? 'paused' : 'running' });
  },
  endTraining: (run, status, failure) => {
    if (run !== get().trainRun) return;
    set({ trainStatus: status, trainFailure: failure ?? null });
  },
  resetTraining: () =>
    set((s) => ({ trainRun: s.trainRun + 1, trainStatus: 'idle', losses: new Float64Array(0), trainSnapshot: null, trainFailure: null })),
  setComparing: (comparing) => set({ comparing }),
  receiveComparison: (comparison, key, failure) =>
    set({ comparison, comparisonKey: key, comparing: false, comparisonFailure: failure ?? null }),
});
