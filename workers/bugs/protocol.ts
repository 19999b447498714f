import type { BugsRequest, ChainBugFigures, PrecisionBug, PrecisionOptions, TrainingBugs } from '../../engine/bugs/index.ts';
import type { TrainOptions } from '../../engine/tensor/mlp.ts';

/** What the bugs section's worker (bugs.worker.ts) answers. */
export interface BugsWorkerApi {
  /** The chain's six bugs and the H·v panel (a few ms at T = 40). */
  chain(request: BugsRequest): ChainBugFigures;
  /** The float32 gradient check: the sweep over h in both precisions (about 0.5 s at T = 40), all of it unless `options` narrow it. */
  precision(request: BugsRequest, options: PrecisionOptions): PrecisionBug;
  /** The tensor section's training with its bugs (zero-grad, graph-alive), with its settings (`options`): independent of the chain. */
  training(steps: number, options?: TrainOptions): TrainingBugs;
}

/** The section's engine, as the section calls it: its worker's host, or a fake in tests. */
export interface BugsEngine {
  chain(request: BugsRequest): Promise<ChainBugFigures>;
  precision(request: BugsRequest, options: PrecisionOptions): Promise<PrecisionBug>;
  training(steps: number, options?: TrainOptions): Promise<TrainingBugs>;
}
