import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { Summary } from '../../app/lab/Summary.tsx';
import { currentReport } from '../../app/lab/export/currentReport.ts';
import { download } from '../../app/lab/export/download.ts';
import { gradientsItem, reportItem, sweepItem } from '../../app/lab/export/items.ts';
import { startLab, type HostWindow } from '../../app/lab/labSync.ts';
import { useLab } from '../../app/state/store/index.ts';
import { ENGINE_GAVE_UP, ENGINE_RESTARTED, EngineStopped } from '../../workers/channel/faults.ts';
import type { LabRunner } from '../../workers/lab/client.ts';
import { labReport } from './fixture.ts';

vi.mock('../../app/lab/export/download.ts', () => ({ download: vi.fn() }));
const downloaded = vi.mocked(download);

function fakeHost(hash: string): HostWindow {
  const host: HostWindow = {
    location: { hash },
    history: { replaceState: (_d, _u, url) => void (host.location.hash = url ?? '') },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return host;
}

/** A runner that answers at once with real reports, except sweeps while `holdSweeps` is set. */
function fakeRunner() {
  const held: (() => void)[] = [];
  const control = { holdSweeps: false, crash: false };
  const runner: LabRunner = {
    run(settings: LabSettings) {
      if (control.crash) {
        // As the worker's host does: it replaces the worker (and says so), then the run rejects.
        useLab.getState().noteRestart();
        return Promise.reject(new EngineStopped('no sign of life for 8 s'));
      }
      const answer = () => labReport({ ...settings }, settings.include) as LabReport;
      if (control.holdSweeps && settings.include?.sweep) return new Promise((resolve) => held.push(() => resolve(answer())));
      return Promise.resolve(answer());
    },
  };
  return { runner, control, releaseSweeps: () => held.splice(0).forEach((go) => go()) };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const section = {} as HTMLElement;

afterEach(() => {
  useLab.setState(useLab.getInitialState(), true);
  downloaded.mockClear();
});

describe('one report at a time', () => {
  it('an export made while the sweep is recomputed waits for it: never the new settings beside the old sweep', async () => {
    const { runner, control, releaseSweeps } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=10'));
    await settle();
    expect(currentReport(useLab.getState())?.settings.steps).toBe(10);
    control.holdSweeps = true;
    useLab.getState().setSetting('steps', 20);
    await settle();
    // The quick run is on screen; the sweep is the one for 10 steps, dimmed.
    expect(useLab.getState().report!.steps).toBe(20);
    expect(useLab.getState().stale).toContain('sweep');
    expect(currentReport(useLab.getState())).toBeNull();
    const exports = [reportItem, sweepItem, gradientsItem].map((item) => item.run(section));
    await settle();
    expect(downloaded).not.toHaveBeenCalled();
    releaseSweeps();
    await Promise.all(exports);
    expect(downloaded).toHaveBeenCalledTimes(3);
    const fresh = labReport({ steps: 20 });
    const [json, name] = downloaded.mock.calls[0];
    expect(name).toMatch(/T20-report\.json$/);
    const data = JSON.parse(json as string);
    expect(data.settings.steps).toBe(20);
    expect(data.steps).toBe(20);
    expect(data.bestEps).toBe(fresh.bestEps);
    expect(data.sweep).toHaveLength(fresh.sweep.length);
    expect(data.sweep[3].rms).toBe(fresh.sweep[3].rms);
    const csvRow = (downloaded.mock.calls[1][0] as string).split('\r\n')[4].split(',').map(Number);
    expect(csvRow[1]).toBe(fresh.sweep[3].rms);
    stop();
    await settle();
  });

  it('an export says plainly why it cannot wait when the run for the current settings was cancelled', async () => {
    const { runner, control } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=10'));
    await settle();
    control.holdSweeps = true;
    useLab.getState().setSetting('steps', 20);
    await settle();
    const exported = reportItem.run(section);
    useLab.getState().setEngineNote('Cancelled: the figures that run would have updated still show the earlier settings.');
    await expect(exported).rejects.toThrow(/cancelled, so part of the report on screen belongs to earlier settings/);
    expect(downloaded).not.toHaveBeenCalled();
    stop();
    await settle();
  });

  it('the summary dims its sweep figures while they belong to the earlier settings, as the chart does', () => {
    useLab.getState().receiveReport(labReport({ steps: 20 }), 1, ['sweep']);
    const stale = renderToStaticMarkup(<Summary />);
    expect(stale).toMatch(/<div class="stat stale" aria-busy="true"><div class="stat-label">Best h<span class="sr-only"> \(from the earlier settings, being recomputed\)/);
    useLab.getState().receiveReport(labReport({ steps: 20 }), 2, []);
    const fresh = renderToStaticMarkup(<Summary />);
    expect(fresh).not.toContain('stale');
    expect(fresh).toContain('<div class="stat" aria-busy="false"><div class="stat-label">Best h</div>');
  });

  it('after repeated worker crashes the page shows one message that does not blame the settings', async () => {
    const { runner, control } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=10'));
    await settle();
    control.crash = true;
    useLab.getState().setSetting('steps', 12);
    await settle();
    const state = useLab.getState();
    expect(state.failure).toBeNull();
    expect(state.engineNote).toBe(ENGINE_GAVE_UP);
    expect(state.engineNote).not.toBe(ENGINE_RESTARTED);
    expect(ENGINE_GAVE_UP).not.toMatch(/these settings|your settings/);
    stop();
    await settle();
  });
});
