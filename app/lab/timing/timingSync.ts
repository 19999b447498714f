import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import type { LabSettings } from '../../../engine/report.ts';
import type { MethodTimes } from '../../../engine/method-times.ts';
import { selectSettings, type LabStore } from '../../state/store/index.ts';

/** Anything that times the methods on a chain: the lab's worker, or a fake in tests. */
export interface TimingSource {
  time(settings: LabSettings): Promise<MethodTimes>;
}

/** The measured times of the settings on screen, kept apart from the lab's store. */
export interface TimingState {
  times: MethodTimes | null;
  /** The settings `times` were measured for, as a key. */
  key: string | null;
  measuring: boolean;
}

export const timing = createStore<TimingState>()(() => ({ times: null, key: null, measuring: false }));

export function useTiming<T>(selector: (s: TimingState) => T): T {
  const read = () => selector(timing.getState());
  return useSyncExternalStore(timing.subscribe, read, read);
}

/** The settings that change what is timed. */
export function timingKeyOf(s: Pick<LabSettings, 'steps' | 'eps' | 'stride' | 'schedule' | 'snapshots' | 'c' | 'x0' | 'target'>): string {
  return [s.steps, s.eps, s.stride, s.schedule, s.snapshots, s.c, s.x0, s.target].join('|');
}

/** How long the settings must rest before the methods are timed for them. */
export const TIMING_SETTLE_MS = 500;

/**
 * Times every method in the worker once the settings have rested (timing while a slider moves
 * would only slow the figures down and measure a busy worker). One request at a time; the newest
 * settings win. Returns a function that undoes the wiring.
 */
export function startTiming(store: LabStore, source: TimingSource, settleMs = TIMING_SETTLE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let busy = false;
  const measure = () => {
    timer = null;
    const settings = selectSettings(store.getState());
    const key = timingKeyOf(settings);
    if (busy || key === timing.getState().key) return;
    busy = true;
    timing.setState({ measuring: true });
    source.time(settings).then(
      (times) => timing.setState({ times, key, measuring: false }),
      () => timing.setState({ measuring: false }),
    ).finally(() => {
      busy = false;
      if (timingKeyOf(selectSettings(store.getState())) !== timing.getState().key) schedule();
    });
  };
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(measure, settleMs);
  };
  schedule();
  const unsubscribe = store.subscribe((s, p) => {
    if (s.report !== p.report) schedule();
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    unsubscribe();
  };
}
