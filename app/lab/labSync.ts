import type { LabSettings } from '../../engine/report.ts';
import { sameSettings } from '../../engine/settings-table.ts';
import { isDragging, onDragging } from '../state/perf/dragging.ts';
import { updateTiming } from '../state/perf/updateTiming.ts';
import { decodeTradeoffs } from '../sections/tradeoffs/hashPart.ts';
import { sameLevers } from '../sections/tradeoffs/levers.ts';
import { hashOf, readHash as readUrlHash } from '../state/url/hash.ts';
import { selectSettings, type LabStore } from '../state/store/index.ts';
import { createLabClient, type LabRunner } from '../../workers/lab/client.ts';
import { ENGINE_GAVE_UP, RUN_CANCELLED } from '../../workers/channel/faults.ts';
import { createPipeline } from '../../workers/lab/cachedParts.ts';
import { followGo } from '../shell/go/goSlice.ts';

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
    const shown = readUrlHash(host.location.hash).values;
    if (shown.lesson || shown.practice) return;
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
    // A lesson or practice link is that page's own (app/lesson/wire.ts, app/practice/wire.ts): the lab leaves it alone.
    if (values.lesson || values.practice) return;
    const { settings, playground: expression, view: embed } = values;
    const levers = decodeTradeoffs(values.tradeoffs, settings.steps);
    notices.push(...levers.notices);
    if (notices.length > 0) store.getState().showNotices(notices);
    store.getState().setEmbed(embed);
    if (!sameSettings(settings, selectSettings(store.getState()))) {
      store.getState().replaceSettings(settings);
    }
    if (!sameLevers(levers.levers, store.getState().levers)) store.getState().replaceLevers(levers.levers);
    if (values.bugs !== store.getState().bugOn) store.getState().setBugOn(values.bugs);
    const state = store.getState();
    const changed =
      expression.source !== state.exprSource ||
      expression.variables.some((name) => !Object.is(expression.values[name], state.exprValues[name]));
    if (changed) state.loadExpression(expression.source, expression.values, expression.variables);
    if (expression.linked) state.noteExprLinked();
    if (values.go) followGo(values.go, state);
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
    if (
      state.exprSource !== previous.exprSource ||
      state.exprValues !== previous.exprValues ||
      state.exprVariables !== previous.exprVariables ||
      state.levers !== previous.levers ||
      state.bugOn !== previous.bugOn
    ) {
      writeHash();
    }
    const settings = selectSettings(state);
    if (sameSettings(settings, selectSettings(previous))) return;
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
