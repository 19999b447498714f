import type { ChainTapeView } from '../../engine/tape-view.ts';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import type { GradientTiming } from '../../engine/gradient-times.ts';
import { openChannel } from '../../workers/channel/channel.ts';
import { comlinkWorker } from '../../workers/channel/comlink.ts';
import { unpackReport, unpackTapeView } from '../../workers/channel/transfer.ts';
import type { LabWorkerApi } from '../../workers/lab/protocol.ts';
import { DEFAULTS, type AppSettings } from '../state/settings/schema.ts';

/**
 * The lesson's own instance of the lab's engine worker, so its figures never queue behind (or
 * in front of) the lab's runs. Started when the lesson first asks for a figure.
 */
const channel = openChannel({
  spawn: () =>
    comlinkWorker<LabWorkerApi>(new Worker(new URL('../../workers/lab/lab.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-lesson' })),
});

/** What a chapter may leave out of a run: the sweep over h is the one long part. */
export type LessonParts = NonNullable<LabSettings['include']>;

/** The lab's settings for a chapter: its own over the lab's defaults. */
export function lessonSettings(settings: Partial<AppSettings>, include?: LessonParts): LabSettings {
  const merged = { ...DEFAULTS, ...settings };
  // The stride and the snapshots cannot exceed the steps (the lab's defaults assume T = 40).
  merged.stride = Math.min(merged.stride, merged.steps);
  merged.snapshots = Math.min(merged.snapshots, merged.steps);
  return { ...merged, ...(include ? { include } : {}) };
}

export const lessonEngine = {
  run: (settings: LabSettings): Promise<LabReport> => channel.call(({ remote }) => remote.run(settings)).then(unpackReport),
  tape: (settings: LabSettings): Promise<ChainTapeView> => channel.call(({ remote }) => remote.tape(settings)).then(unpackTapeView),
  times: (steps: number[], minMs?: number): Promise<GradientTiming[]> => channel.call(({ remote }) => remote.times(steps, minMs)),
};

/** Only the quick parts of a report: no sweep over h, no tangents, no frontier, no work curve. */
export const QUICK: LessonParts = { sweep: false, tangents: false, frontier: false, workCurve: false, thirdDerivatives: false };
