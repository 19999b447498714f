/**
 * `tape-lab bugs --script NAME`: for each bug, a Python script that builds the same chain (or
 * network) in PyTorch with the same numbers, runs the buggy code and the fix, and prints as its
 * last line the keys of that bug's `correct` and `buggy` blocks in `bugs --json`.
 * scripts/check-torch-scripts.mjs runs them all against PyTorch and compares.
 */
import type { BugName, BugsReport } from '../../engine/index.ts';
import { detachScript, inPlaceScript, retainGraphScript, zeroGradScript } from './chain.ts';
import { float32Script } from './float32.ts';
import { freeLateScript, overwriteScript } from './sweep.ts';
import { graphAliveScript, type TrainingPlaces } from './training.ts';

/** The tensor section's defaults the graph-alive script trains with (engine/tensor's trainingSetup). */
export const TRAINING_DEFAULTS: Omit<TrainingPlaces, 'steps'> = { hidden: 16, points: 200, learningRate: 0.5, seed: 1, dataSeed: 1 };

/** The script for one bug of the report. */
export function bugScript(name: BugName, report: BugsReport): string {
  const places = { steps: report.steps, detachStep: report.detachStep, inPlaceStep: report.inPlaceStep };
  switch (name) {
    case 'zero-grad':
      return zeroGradScript(places);
    case 'detach':
      return detachScript(places);
    case 'in-place':
      return inPlaceScript(places);
    case 'retain-graph':
      return retainGraphScript(places);
    case 'overwrite':
      return overwriteScript(places);
    case 'free-late':
      return freeLateScript(places);
    case 'graph-alive':
      return graphAliveScript({ steps: report.trainingSteps, ...TRAINING_DEFAULTS });
    case 'float32': {
      const bug = report.bugs.find((b) => b.name === 'float32');
      return float32Script(report.steps, bug?.correct.bestEps ?? 1e-6, bug?.buggy.bestEps ?? 1e-3);
    }
  }
}
