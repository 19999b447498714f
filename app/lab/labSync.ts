import type { LabSettings } from '../../engine/report.ts';
import { sameSettings } from '../../engine/settings-table.ts';
import { isDragging, onDragging } from '../state/perf/dragging.ts';
import { updateTiming } from '../state/perf/updateTiming.ts';
import { hashOf, pageOf, readHash as readUrlHash } from '../state/url/hash.ts';
import { installedFeatures, selectSettings, type LabState, type LabStore } from '../state/store/index.ts';
import { createLabClient, type LabRunner } from '../../workers/lab/client.ts';
import { ENGINE_GAVE_UP, RUN_CANCELLED } from '../../workers/channel/faults.ts';
import { createPipeline } from '../../workers/lab/cachedParts.ts';

/**
 * Whether a feature's part of the lab's hash reads something else in `state` than in `previous`:
 * each part's `of` picks the store's values it writes, compared one by one. The parts of a page of
 * its own (the lesson's, practice's) are left out: that page writes its hash itself.
 */
function partsChanged(state: LabState, previous: LabState): boolean {
  return installedFeatures().some(({ hash, page }) => hash && !page && !sameFields(hash.of(state), hash.of(previous)));
}

/** The same value, or two objects with the same fields (`Object.is` each). */
function sameFields(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is((a as Record<string, unknown>)[key], other[key]));
}

/** What a run computes, for the progress note: "the sweep over h, T = 200". */
export function describeRun(run: LabSettings): string {
  const parts = [run.include?.sweep ? 'the sweep over h' : 'the gradients'];
  if (run.include?.tangents) parts.push('the tangents');
  if (run.include?.frontier) parts.push('the frontier');
  return `Computing ${parts.join(', ')} for T = ${run.steps}…`;
}

/** The parts of `window` the wiring touches, so tests can pass a stand-in. */
export interface HostWindow {
  location: { hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/**
 * Wires the one-way flow: URL hash → store → worker → store. Reads the settings from the hash
 * (showing a notice for each corrected value), keeps the hash in step with every change, and asks
 * the worker for a new report on every settings change. Returns a function that undoes the wiring.
 */
export function startLab(store: LabStore, runner: LabRunner, host: HostWindow): () => void {
  // The sweep and the frontier follow a settings change once the slider rests (see below).
  const pipeline = createPipeline({ holdFollowUps: isDragging });
  const client = createLabClient(runner, pipeline, {
    report: (report, id, requested) => {
      const { report: merged, stale } = pipeline.absorb(report, requested);
      const settings = selectSettings(requested);
      if (store.getState().receiveReport(merged, id, stale, settings)) updateTiming.painted(settings);
    },
    failure: (message, id) => {
      if (id > store.getState().reportId) store.getState().setFailure(message);
    },
    busy: (busy, running) => {
      store.getState().setBusy(busy, running ? describeRun(running) : '');
      if (!busy) store.getState().setProgress(null);
    },
    progress: (fraction) => store.getState().setProgress(fraction),
    cancelled: () => store.getState().setEngineNote(RUN_CANCELLED),
    // The worker stopped again on the retry: the engine's fault, not the settings'.
    stopped: () => store.getState().setEngineNote(ENGINE_GAVE_UP),
  });

  function writeHash() {
    pending = false;
    // A lesson or practice link on screen is that page's: a late change of the lab's state (a
    // worker's answer after the reader followed a link into the lesson) must not replace it with
    // the lab's hash, which took the reader back to the lab (seen on a busy machine).
    if (pageOf(readUrlHash(host.location.hash).values)) return;
    const hash = hashOf(store.getState());
    if (host.location.hash !== hash) host.history.replaceState(null, '', hash);
  }

  // While a slider is dragged the hash is not written; it is written once when the drag rests
  // (QUIET_MS after the last input). Each `replaceState` costs 2–10 ms of the main thread on the
  // way from an input to its paint (a trace of the steps slider at T = 200 put it beside the
  // charts' own cost), and Chromium ignores a page's history calls past 200 in 10 s, which a long
  // drag at 60 inputs a second would reach. Nobody copies a link mid-drag.
  let pending = false;
  function writeHashSoon() {
    if (isDragging()) pending = true;
    else writeHash();
  }
  const stopHearingDrags = onDragging((dragging) => {
    if (dragging) return;
    if (pending) writeHash();
    // The slider rests: the follow-up run held back during the drag (the sweep, the frontier) may start.
    client.resume();
  });

  function readHash() {
    const { values, notices } = readUrlHash(host.location.hash);
    // A link to a page of its own (the lesson's, practice's) is that page's: its wiring reads it (app/lesson/wire.ts), the lab leaves it alone.
    if (pageOf(values)) return;
    if (!sameSettings(values.settings, selectSettings(store.getState()))) store.getState().replaceSettings(values.settings);
    // Then each feature's part, in the registry's order (a go= link last of the lab's, once the rest is in place).
    for (const feature of installedFeatures()) {
      const load = feature.hash?.load;
      if (load) notices.push(...(load(values[feature.name as keyof typeof values], { store, values }) ?? []));
    }
    if (notices.length > 0) store.getState().showNotices(notices);
    writeHash();
  }

  readHash();
  client.request(selectSettings(store.getState()));

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.cancels !== previous.cancels) client.cancel();
    if (state.restarts !== previous.restarts) {
      // A fresh worker: recompute what is on screen in full, which also proves it works.
      pipeline.forget();
      client.request(selectSettings(state));
    }
    const settings = selectSettings(state);
    if (sameSettings(settings, selectSettings(previous))) {
      // A feature's part of the lab's link changed (the expression, a lever, the bug switched on).
      if (partsChanged(state, previous)) writeHash();
      return;
    }
    if (state.engineNote !== null) state.setEngineNote(null);
    writeHashSoon();
    client.request(settings);
  });
  const onHashChange = () => readHash();
  host.addEventListener('hashchange', onHashChange);

  return () => {
    unsubscribe();
    stopHearingDrags();
    host.removeEventListener('hashchange', onHashChange);
  };
}
