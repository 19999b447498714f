import type { LabSettings } from '../engine/report.ts';
import { encodeView, parseView } from './embed/embed.ts';
import { updateTiming } from './perf/updateTiming.ts';
import { decodePlayground, encodePlayground } from './playground/hash.ts';
import { isLessonHash } from './lesson/route.ts';
import { decodeHash, encodeHash } from './settings/codec.ts';
import { sameSettings } from './settings/validate.ts';
import { selectSettings, type LabState, type LabStore } from './store/index.ts';
import { createLabClient, type LabRunner } from './worker/client.ts';
import { RUN_CANCELLED } from './worker/faults.ts';
import { createPipeline } from './worker/pipeline.ts';

/** What a run computes, for the progress note: "the sweep over h, T = 200". */
export function describeRun(run: LabSettings): string {
  const parts = [run.include?.sweep ? 'the sweep over epsilon' : 'the gradients'];
  if (run.include?.tangents) parts.push('the tangents');
  if (run.include?.frontier) parts.push('the frontier');
  return `Computing ${parts.join(', ')} for T = ${run.steps}…`;
}

/** The playground's part of the hash (`expr=…&at=…`), '' while it shows its default. */
function playgroundHash(state: LabState): string {
  return encodePlayground({ source: state.exprSource, variables: state.exprVariables, values: state.exprValues });
}

/** The whole state as a URL hash: the settings, the playground's expression, the embed view. */
export function hashOf(state: LabState): string {
  const view = encodeView(state.embed);
  const expression = playgroundHash(state);
  return `#${encodeHash(selectSettings(state))}${expression ? `&${expression}` : ''}${view ? `&${view}` : ''}`;
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
  const pipeline = createPipeline();
  const client = createLabClient(runner, pipeline, {
    report: (report, id, requested) => {
      const { report: merged, stale } = pipeline.absorb(report, requested);
      if (store.getState().receiveReport(merged, id, stale)) updateTiming.painted(selectSettings(requested));
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
  });

  function writeHash() {
    // The lesson's hash is the lesson's own (app/lesson/wire.ts): the lab leaves it alone.
    if (isLessonHash(host.location.hash)) return;
    const hash = hashOf(store.getState());
    if (host.location.hash !== hash) host.history.replaceState(null, '', hash);
  }

  function readHash() {
    if (isLessonHash(host.location.hash)) return;
    const decoded = decodeHash(host.location.hash);
    const { embed, notices: viewNotices } = parseView(decoded.view);
    const expression = decodePlayground(decoded.playground);
    const notices = [...decoded.notices, ...expression.notices, ...viewNotices];
    if (notices.length > 0) store.getState().showNotices(notices);
    store.getState().setEmbed(embed);
    if (!sameSettings(decoded.settings, selectSettings(store.getState()))) {
      store.getState().replaceSettings(decoded.settings);
    }
    const state = store.getState();
    const changed =
      expression.source !== state.exprSource ||
      expression.variables.some((name) => !Object.is(expression.values[name], state.exprValues[name]));
    if (changed) state.loadExpression(expression.source, expression.values, expression.variables);
    if (expression.linked) state.noteExprLinked();
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
      state.exprVariables !== previous.exprVariables
    ) {
      writeHash();
    }
    const settings = selectSettings(state);
    if (sameSettings(settings, selectSettings(previous))) return;
    if (state.engineNote !== null) state.setEngineNote(null);
    writeHash();
    client.request(settings);
  });
  const onHashChange = () => readHash();
  host.addEventListener('hashchange', onHashChange);

  return () => {
    unsubscribe();
    host.removeEventListener('hashchange', onHashChange);
  };
}
