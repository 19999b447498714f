import { afterEach, describe, expect, it } from 'vitest';
import type { TrainStart, TrainUpdate } from '../../../../workers/tensor/protocol.ts';
import { useLab } from '../../../../app/state/store/index.ts';
import {
  changeTrainSetting,
  createMeasurer,
  pauseTrainingRun,
  resumeTrainingRun,
  setTrainingSpeed,
  startTrainingRun,
  stepTrainingRun,
  stopTrainingRun,
  type TensorEngine,
} from '../../../../app/sections/tensor/training.ts';
import { compareTapes } from '../../../../engine/tensor/compare.ts';

const grid = { n: 2, xMin: 0, xMax: 1, yMin: 0, yMax: 1, probability: new Float64Array(4) };
const weights = { hidden: 1, w1: new Float64Array(2), b1: new Float64Array(1), w2: new Float64Array(2), b2: new Float64Array(2) };
const update = (step: number, losses: number[], done = false): TrainUpdate => ({
  step,
  steps: 4,
  losses: Float64Array.from(losses),
  loss: losses.at(-1) ?? 0.7,
  accuracy: 0.5,
  grid,
  weights,
  trainMs: step,
  done,
});

/** A worker stand-in whose training runs report what the test sends. */
function fake() {
  const runs: { onUpdate: (u: TrainUpdate) => void; finish: (done: boolean) => void; start: TrainStart }[] = [];
  const calls: string[] = [];
  let stops = 0;
  const engine: TensorEngine = {
    train: (_o, _s, start, onUpdate) => new Promise((resolve) => runs.push({ onUpdate, finish: resolve, start })),
    pause: () => (calls.push('pause'), Promise.resolve(0)),
    resume: () => (calls.push('resume'), Promise.resolve()),
    step: () => (calls.push('step'), Promise.resolve(1)),
    setSpeed: (speed) => (calls.push(`speed ${speed}`), Promise.resolve()),
    stop: () => {
      stops++;
      return Promise.resolve();
    },
    compare: (options) => Promise.resolve(compareTapes({ ...options, minMs: 0 })),
  };
  return { engine, runs, calls, stops: () => stops };
}

const settle = () => new Promise((r) => setTimeout(r, 10));
afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('training runs in the panel’s worker', () => {
  it('collects the losses as updates arrive and ends done', async () => {
    const { engine, runs } = fake();
    const ended = startTrainingRun(useLab, engine);
    expect(useLab.getState().trainStatus).toBe('running');
    runs[0].onUpdate({ ...update(0, []), data: { x: new Float64Array(4), labels: new Int32Array(2) } });
    runs[0].onUpdate(update(2, [0.7, 0.5]));
    runs[0].onUpdate(update(4, [0.3, 0.2], true));
    expect(Array.from(useLab.getState().losses)).toEqual([0.7, 0.5, 0.3, 0.2]);
    expect(useLab.getState().trainSnapshot?.step).toBe(4);
    expect(useLab.getState().trainData?.labels).toHaveLength(2);
    runs[0].finish(true);
    await ended;
    expect(useLab.getState().trainStatus).toBe('done');
  });

  it('latest wins: a new run drops the old run’s late updates; stop keeps what was drawn', async () => {
    const { engine, runs, stops } = fake();
    void startTrainingRun(useLab, engine);
    runs[0].onUpdate(update(2, [0.7, 0.6]));
    void startTrainingRun(useLab, engine);
    runs[0].onUpdate(update(4, [0.5, 0.4]));
    runs[0].finish(false);
    runs[1].onUpdate(update(2, [0.7, 0.55]));
    await settle();
    expect(Array.from(useLab.getState().losses)).toEqual([0.7, 0.55]);
    expect(useLab.getState().trainStatus).toBe('running');
    stopTrainingRun(useLab, engine);
    expect(stops()).toBe(1);
    expect(useLab.getState().trainStatus).toBe('stopped');
    expect(useLab.getState().losses).toHaveLength(2);
    useLab.getState().resetTraining();
    expect(useLab.getState().losses).toHaveLength(0);
    expect(useLab.getState().trainStatus).toBe('idle');
  });

  it('pauses and resumes the run on screen, keeping what it drew; Step starts a paused run when none is on screen', async () => {
    const { engine, runs, calls } = fake();
    void startTrainingRun(useLab, engine);
    expect(runs[0].start).toEqual({ speed: 25, paused: false });
    runs[0].onUpdate(update(2, [0.7, 0.6]));
    pauseTrainingRun(useLab, engine);
    expect(useLab.getState().trainStatus).toBe('paused');
    expect(useLab.getState().losses).toHaveLength(2);
    expect(await stepTrainingRun(useLab, engine)).toBe(1);
    resumeTrainingRun(useLab, engine);
    expect(useLab.getState().trainStatus).toBe('running');
    // Step does nothing while running.
    expect(await stepTrainingRun(useLab, engine)).toBeNull();
    setTrainingSpeed(useLab, engine, Infinity);
    expect(useLab.getState().trainSettings.speed).toBe(Infinity);
    expect(calls).toEqual(['pause', 'step', 'resume', 'speed Infinity']);
    useLab.getState().resetTraining();
    calls.length = 0;
    void stepTrainingRun(useLab, engine);
    expect(runs[1].start).toEqual({ speed: Infinity, paused: true });
    expect(useLab.getState().trainStatus).toBe('paused');
    expect(calls).toEqual(['step']);
    // An ended run cannot be paused back into life.
    runs[1].finish(true);
    await settle();
    useLab.getState().setTrainPaused(useLab.getState().trainRun, true);
    expect(useLab.getState().trainStatus).toBe('done');
  });

  it('a change of what is trained starts the run on screen over, running or paused as it was; after the end it waits for Train', async () => {
    const { engine, runs } = fake();
    void startTrainingRun(useLab, engine);
    changeTrainSetting(useLab, engine, 'hidden', 4);
    expect(runs).toHaveLength(2);
    expect(runs[1].start.paused).toBe(false);
    expect(useLab.getState().trainStatus).toBe('running');
    pauseTrainingRun(useLab, engine);
    changeTrainSetting(useLab, engine, 'learningRate', 0.1);
    expect(runs).toHaveLength(3);
    expect(runs[2].start.paused).toBe(true);
    expect(useLab.getState().trainStatus).toBe('paused');
    runs[2].finish(true);
    await settle();
    changeTrainSetting(useLab, engine, 'dataset', 'spirals');
    expect(runs).toHaveLength(3);
    expect(useLab.getState().trainSettings).toMatchObject({ hidden: 4, learningRate: 0.1, dataset: 'spirals' });
  });

  it('measures the network the panel trains, and says which one', async () => {
    const { engine } = fake();
    const m = createMeasurer(useLab, engine);
    useLab.getState().setTrainSetting('hidden', 8);
    m.request({ dataset: 'moons', hidden: 8 });
    expect(useLab.getState().comparing).toBe(true);
    await settle();
    expect(useLab.getState().comparing).toBe(false);
    expect(useLab.getState().comparison?.hidden).toBe(8);
    expect(useLab.getState().comparisonKey).toBe('moons|8');
  });
});
