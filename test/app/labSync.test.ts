import { afterEach, describe, expect, it } from 'vitest';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { useLab } from '../../app/state/store/index.ts';
import { startLab, type HostWindow } from '../../app/lab/labSync.ts';
import { noteSliderInput, QUIET_MS } from '../../app/state/perf/dragging.ts';
import { ENGINE_RESTARTED, RUN_CANCELLED, RunCancelled } from '../../workers/channel/faults.ts';
import type { LabRunner } from '../../workers/lab/client.ts';
import { labReport } from './fixture.ts';

/** A stand-in for window: a hash and the history calls the wiring makes. */
function fakeHost(hash: string): HostWindow & { listeners: (() => void)[] } {
  const host = {
    location: { hash },
    listeners: [] as (() => void)[],
    history: { replaceState: (_d: unknown, _u: string, url?: string) => void (host.location.hash = url ?? '') },
    addEventListener: (_t: 'hashchange', l: () => void) => void host.listeners.push(l),
    removeEventListener: () => {},
  };
  return host;
}

/** A runner that answers each run with a real report, except runs the test holds. */
function fakeRunner() {
  const runs: LabSettings[] = [];
  let held: { reject: (e: Error) => void } | null = null;
  let hold = false;
  const runner: LabRunner = {
    run: (settings) => {
      runs.push(settings);
      if (hold) return new Promise((_, reject) => (held = { reject }));
      return Promise.resolve(labReport({ steps: settings.steps }, settings.include) as LabReport);
    },
    cancel: () => {
      held?.reject(new RunCancelled('cancelled'));
      held = null;
      return true;
    },
  };
  return { runner, runs, holdNext: () => (hold = true) };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('the wiring of faults, cancels and embed mode', () => {
  it('reads embed mode from the hash, keeps it in the hash, and shows notices for bad panel names', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#steps=12&embed=1&panels=work,nope');
    const stop = startLab(useLab, fakeRunner().runner, host);
    expect(useLab.getState().embed).toEqual({ panels: ['work'] });
    expect(useLab.getState().notices.join(' ')).toContain('“nope”');
    expect(host.location.hash).toMatch(/^#steps=12&.*&embed=1&panels=work$/);
    useLab.getState().setSetting('steps', 13);
    expect(host.location.hash).toMatch(/^#steps=13&.*&embed=1&panels=work$/);
    stop();
    await settle();
  });

  it('loads each feature’s part of a link through its record: the levers against the link’s own steps, the bug, the expression, then go=', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#steps=12&window=99&fused=1&bug=detach&expr=x*y&at=x:2,y:3&go=tradeoffs');
    const stop = startLab(useLab, fakeRunner().runner, host);
    const s = useLab.getState();
    expect(s.steps).toBe(12);
    // The window is clamped to the link's 12 steps, with one notice naming it.
    expect(s.levers.window).toBeLessThanOrEqual(12);
    expect(s.levers.fused).toBe(true);
    expect(s.notices.filter((n) => /window/i.test(n))).toHaveLength(1);
    expect(s.bugOn).toBe('detach');
    expect([s.exprSource, s.exprValues.x, s.exprValues.y]).toEqual(['x*y', 2, 3]);
    expect([s.tradeoffsWanted, s.sectionLinked.tradeoffs]).toEqual([true, 1]);
    // The hash goes on describing what is on screen: go= is dropped, the rest written back.
    expect(host.location.hash).not.toContain('go=');
    expect(host.location.hash).toContain('bug=detach');
    expect(host.location.hash).toContain('fused=1');
    // A change of a feature's part (the bug switched off) is written at once.
    useLab.getState().setBugOn(null);
    expect(host.location.hash).not.toContain('bug=');
    stop();
    await settle();
  });

  it('leaves a lesson or practice link alone when the lab changes behind it', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#steps=12');
    const stop = startLab(useLab, fakeRunner().runner, host);
    for (const link of ['#lesson=11', '#practice=adjoints&level=2&seed=4']) {
      // The reader follows a link away from the lab; a late answer then changes the lab's state.
      host.location.hash = link;
      for (const l of host.listeners) l();
      useLab.getState().setSetting('steps', useLab.getState().steps + 1);
      useLab.getState().setOverwrite(!useLab.getState().overwrite);
      expect(host.location.hash).toBe(link);
    }
    stop();
    await settle();
  });

  it('while a slider is dragged, leaves the hash alone, and writes the last settings once it rests', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#steps=12');
    const writes: string[] = [];
    const replace = host.history.replaceState;
    host.history.replaceState = (d, u, url) => {
      writes.push(url ?? '');
      replace(d, u, url);
    };
    const stop = startLab(useLab, fakeRunner().runner, host);
    expect(host.location.hash).toMatch(/^#steps=12&/);
    for (const steps of [13, 14, 15, 16]) {
      noteSliderInput();
      useLab.getState().setSetting('steps', steps);
    }
    expect(host.location.hash).toMatch(/^#steps=12&/);
    // The slider rests: the last settings are written, once.
    await new Promise((r) => setTimeout(r, QUIET_MS + 50));
    expect(host.location.hash).toMatch(/^#steps=16&/);
    expect(writes.slice(1).map((w) => w.slice(0, 9))).toEqual(['#steps=16']);
    // Not dragging: written at once.
    useLab.getState().setSetting('steps', 17);
    expect(host.location.hash).toMatch(/^#steps=17&/);
    stop();
    await settle();
  });

  it('while a slider is dragged, asks only for the quick runs; the sweep follows once it rests', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const { runner, runs } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=12'));
    await settle();
    expect(runs.at(-1)?.include?.sweep).toBe(true);
    const before = runs.length;
    noteSliderInput();
    useLab.getState().setSetting('steps', 13);
    await settle();
    noteSliderInput();
    useLab.getState().setSetting('steps', 14);
    await settle();
    expect(runs.slice(before).map((r) => [r.steps, r.include?.sweep])).toEqual([
      [13, false],
      [14, false],
    ]);
    await new Promise((r) => setTimeout(r, QUIET_MS + 50));
    await settle();
    expect(runs.slice(before + 2).map((r) => [r.steps, r.include?.sweep])).toEqual([[14, true]]);
    stop();
    await settle();
  });

  it('a run cancelled during a drag is not run again when the drag rests', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const { runner, runs, holdNext } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=12'));
    await settle();
    const before = runs.length;
    holdNext();
    noteSliderInput();
    useLab.getState().setSetting('steps', 13);
    await settle();
    useLab.getState().requestCancel();
    await settle();
    expect(useLab.getState().engineNote).toBe(RUN_CANCELLED);
    await new Promise((r) => setTimeout(r, QUIET_MS + 50));
    await settle();
    expect(runs.slice(before).map((r) => r.steps)).toEqual([13]);
    stop();
    await settle();
  });

  it('after a restart the page says so and recomputes everything on screen', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const { runner, runs } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=10'));
    await settle();
    const before = runs.length;
    useLab.getState().noteRestart();
    await settle();
    expect(useLab.getState().engineNote).toBe(ENGINE_RESTARTED);
    const rerun = runs.slice(before);
    expect(rerun.length).toBeGreaterThan(0);
    expect(rerun[0].steps).toBe(10);
    // The note stays until the user changes something.
    useLab.getState().setSetting('steps', 11);
    expect(useLab.getState().engineNote).toBeNull();
    stop();
    await settle();
  });

  it('a cancel request reaches the runner, keeps the report on screen, and says so', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const { runner, holdNext } = fakeRunner();
    const stop = startLab(useLab, runner, fakeHost('#steps=10'));
    await settle();
    const shown = useLab.getState().report;
    expect(shown?.steps).toBe(10);
    holdNext();
    useLab.getState().setSetting('steps', 20);
    useLab.getState().requestCancel();
    await settle();
    expect(useLab.getState().engineNote).toBe(RUN_CANCELLED);
    expect(useLab.getState().report).toBe(shown);
    stop();
    await settle();
  });
});
