import type { LabSettings } from '../engine/report.ts';
import { decodeHash, encodeHash } from './settings/codec.ts';
import { sameSettings } from './settings/validate.ts';
import { selectSettings, type LabStore } from './store/index.ts';
import { createLabClient, type LabRunner } from './worker/client.ts';
import { createPipeline } from './worker/pipeline.ts';

/** What a run computes, for the progress note: "the sweep over h, T = 200". */
export function describeRun(run: LabSettings): string {
  const parts = [run.include?.sweep ? 'the sweep over epsilon' : 'the gradients'];
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
  const pipeline = createPipeline();
  const client = createLabClient(runner, pipeline, {
    report: (report, id, requested) => {
      const { report: merged, stale } = pipeline.absorb(report, requested);
      store.getState().receiveReport(merged, id, stale);
    },
    failure: (message, id) => {
      if (id > store.getState().reportId) store.getState().setFailure(message);
    },
    busy: (busy, running) => store.getState().setBusy(busy, running ? describeRun(running) : ''),
  });

  function writeHash() {
    const hash = `#${encodeHash(selectSettings(store.getState()))}`;
    if (host.location.hash !== hash) host.history.replaceState(null, '', hash);
  }

  function readHash() {
    const { settings, notices } = decodeHash(host.location.hash);
    if (notices.length > 0) store.getState().showNotices(notices);
    if (!sameSettings(settings, selectSettings(store.getState()))) store.getState().replaceSettings(settings);
    writeHash();
  }

  readHash();
  client.request(selectSettings(store.getState()));

  const unsubscribe = store.subscribe((state, previous) => {
    const settings = selectSettings(state);
    if (sameSettings(settings, selectSettings(previous))) return;
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
