import type { CheckpointEstimate, LabPart, LabReport, LabSettings, PartEstimate } from '../../engine/report.ts';
import type { ChainSettings as AppSettings } from '../../engine/settings-table.ts';
import { pickSettings, sameSettings } from '../../engine/settings-table.ts';
import { CACHED_PART_SETTINGS, CACHED_PARTS, type CachedPart } from '../../engine/cached-parts.ts';

/**
 * Parts of a report that do not depend on every setting; what each depends on is declared once,
 * in engine/cached-parts.ts. While a slider moves that a part does not depend on, the worker
 * skips it and the previous one is reused: dragging the epsilon never recomputes the sweep, the
 * tangents or the frontier.
 */
export { CACHED_PARTS, type CachedPart };

/**
 * The two parts that are families of runs growing as T²: the sweep over epsilon (34 gradients)
 * and the frontier (every stride and snapshot count). When the settings change they follow the
 * quick run in a run of their own, the old ones shown meanwhile, marked stale. The sweep always
 * does; the frontier only when there is an older one to show (it is 15–20 ms at T = 200).
 */
const FOLLOWING: readonly CachedPart[] = ['sweep', 'frontier'];

/** The settings a part depends on (its declaration in engine/cached-parts.ts), as a key: equal keys, equal parts. */
export function partKey(part: CachedPart, s: AppSettings): string {
  return CACHED_PART_SETTINGS[part].map((key) => String(s[key])).join('|');
}

/**
 * Whether a follow-up run in flight (one computing the sweep or the frontier) still computes what
 * `target` needs: every following part it computes has the key `target` gives that part. Moving
 * the epsilon or the stride does not make a sweep for the same chain useless.
 */
export function followUpStillWanted(running: LabSettings, target: AppSettings): boolean {
  const settings = settingsOf(running);
  return FOLLOWING.every((part) => !computed(running, part) || partKey(part, settings) === partKey(part, target));
}

type PartValue = {
  sweep: Pick<LabReport, 'sweep' | 'bestEps' | 'model'> & { sweepSteps: number; estimate: PartEstimate | undefined };
  tangents: LabReport['tangents'];
  frontier: Pick<LabReport['checkpoint'], 'frontier' | 'leastMemory'> & { estimate: CheckpointEstimate | undefined };
  workCurve: LabReport['workCurve'];
};

type Cache = { [P in CachedPart]?: { key: string; value: PartValue[P] } };

/** The worker's include flags for a set of parts (the third derivatives go with the sweep). */
function include(parts: ReadonlySet<CachedPart>): Partial<Record<LabPart, boolean>> {
  return {
    sweep: parts.has('sweep'),
    thirdDerivatives: parts.has('sweep'),
    tangents: parts.has('tangents'),
    frontier: parts.has('frontier'),
    workCurve: parts.has('workCurve'),
  };
}

function settingsOf(s: LabSettings): AppSettings {
  return pickSettings(s);
}

function computed(s: LabSettings, part: CachedPart): boolean {
  return s.include?.[part] ?? true;
}

/** A report with its reused parts filled in, and the parts that belong to older settings. */
export interface Absorbed {
  report: LabReport;
  stale: CachedPart[];
}

export interface Pipeline {
  /**
   * The next run that brings the screen up to date with `target`, or null when it is. A run
   * computes only the parts whose settings changed; when the costly sweep over epsilon or the
   * frontier is among them, a quick run without it comes first and they follow in a run of their
   * own (so a dragged steps slider repaints every panel at once, those two dimmed as stale, and
   * they catch up when it rests). While `holdFollowUps` says so, that follow-up waits.
   */
  next(target: AppSettings): LabSettings | null;
  /** Takes a report from the worker: keeps its fresh parts, fills in the ones it skipped. */
  absorb(report: LabReport, requested: LabSettings): Absorbed;
  /** Forgets what is on screen, so the next target is computed in full (after the worker restarted). */
  forget(): void;
}

export interface PipelineOptions {
  /**
   * While this says true, the follow-up run (the sweep, the frontier) is not started: the page
   * asks for it again when it turns false. The page passes "a slider is being dragged": at T = 40
   * the follow-up is quick enough to land between two inputs, and painting it doubled the main
   * thread's work per input; the stale parts stay dimmed until the slider rests.
   */
  holdFollowUps?: () => boolean;
}

export function createPipeline(options: PipelineOptions = {}): Pipeline {
  const cache: Cache = {};
  /** The settings of the last report absorbed. */
  let shown: AppSettings | null = null;

  const extract: { [P in CachedPart]: (r: LabReport) => PartValue[P] } = {
    sweep: (r) => ({ sweep: r.sweep, bestEps: r.bestEps, model: r.model, sweepSteps: r.counts.sweepSteps, estimate: r.estimates?.sweep }),
    tangents: (r) => r.tangents,
    frontier: (r) => ({ frontier: r.checkpoint.frontier, leastMemory: r.checkpoint.leastMemory, estimate: r.checkpoint.estimates?.frontier }),
    workCurve: (r) => r.workCurve,
  };

  function inject(report: LabReport, part: CachedPart): LabReport {
    const entry = cache[part];
    if (!entry) return report;
    switch (part) {
      case 'sweep': {
        const v = entry.value as PartValue['sweep'];
        const { sweep: _fresh, ...others } = report.estimates ?? {};
        const estimates = v.estimate ? { ...others, sweep: v.estimate } : others;
        return {
          ...report,
          sweep: v.sweep,
          bestEps: v.bestEps,
          model: v.model,
          counts: { ...report.counts, sweepSteps: v.sweepSteps },
          estimates: Object.keys(estimates).length > 0 ? estimates : undefined,
        };
      }
      case 'tangents':
        return { ...report, tangents: entry.value as PartValue['tangents'] };
      case 'frontier': {
        // The frontier left out for its cost carries its estimate along, so the page can say it.
        const { estimate, ...v } = entry.value as PartValue['frontier'];
        const { frontier: _fresh, ...others } = report.checkpoint.estimates ?? {};
        const estimates = estimate ? { ...others, frontier: estimate } : others;
        return { ...report, checkpoint: { ...report.checkpoint, ...v, estimates: Object.keys(estimates).length > 0 ? estimates : undefined } };
      }
      case 'workCurve':
        return { ...report, workCurve: entry.value as PartValue['workCurve'] };
    }
  }

  return {
    forget() {
      shown = null;
      for (const part of CACHED_PARTS) delete cache[part];
    },
    next(target) {
      const needed = new Set(CACHED_PARTS.filter((p) => cache[p]?.key !== partKey(p, target)));
      if (shown === null || !sameSettings(shown, target)) {
        for (const part of FOLLOWING) if (part === 'sweep' || cache[part]) needed.delete(part);
        return { ...target, include: include(needed) };
      }
      if (needed.size === 0) return null;
      if (options.holdFollowUps?.() && [...needed].every((part) => FOLLOWING.includes(part))) return null;
      return { ...target, include: include(needed) };
    },
    absorb(report, requested) {
      const settings = settingsOf(requested);
      shown = settings;
      let merged = report;
      const stale: CachedPart[] = [];
      for (const part of CACHED_PARTS) {
        const key = partKey(part, settings);
        if (computed(requested, part)) {
          (cache as Record<CachedPart, { key: string; value: unknown }>)[part] = { key, value: extract[part](report) };
        } else {
          merged = inject(merged, part);
          if (cache[part]?.key !== key) stale.push(part);
        }
      }
      return { report: merged, stale };
    },
  };
}
