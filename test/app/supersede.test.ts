import { describe, expect, it } from 'vitest';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { DEFAULTS } from '../../app/state/settings/schema.ts';
import { createLabClient, type LabRunner } from '../../workers/lab/client.ts';
import { RunCancelled } from '../../workers/channel/faults.ts';
import { createPipeline } from '../../workers/lab/cachedParts.ts';

/** A runner whose runs end when the test says so, and whose cancel rejects the run in flight as the host does. */
function manualRunner() {
  const calls: { settings: LabSettings; resolve: (r: LabReport) => void; reject: (e: Error) => void }[] = [];
  let open: ((e: Error) => void) | null = null;
  let cancels = 0;
  const runner: LabRunner = {
    run: (settings) =>
      new Promise((resolve, reject) => {
        open = reject;
        calls.push({ settings, resolve, reject });
      }),
    cancel: () => {
      if (!open) return false;
      cancels += 1;
      open(new RunCancelled('cancelled'));
      open = null;
      return true;
    },
  };
  return { runner, calls, cancels: () => cancels };
}

/** Just enough of a report for the pipeline to keep and refill its parts. */
const fakeReport = (s: LabSettings) =>
  ({
    steps: s.steps,
    eps: s.eps,
    sweep: [],
    bestEps: 0,
    model: {},
    counts: { sweepSteps: 0 },
    tangents: null,
    checkpoint: { frontier: null },
    workCurve: null,
  }) as unknown as LabReport;
const flush = () => new Promise((r) => setTimeout(r, 0));

/** The client with the app's own planner, recording what it paints and says. */
function wired() {
  const { runner, calls, cancels } = manualRunner();
  const painted: LabSettings[] = [];
  const said: string[] = [];
  const pipeline = createPipeline();
  const client = createLabClient(runner, pipeline, {
    report: (r, _id, s) => {
      pipeline.absorb(r, s);
      painted.push(s);
    },
    failure: (m) => said.push(`failure: ${m}`),
    busy: () => {},
    cancelled: () => said.push('cancelled'),
  });
  return { client, calls, cancels, painted, said };
}

describe('a superseded request never paints', () => {
  it('settings passed over while a run is in flight never reach the worker or the screen', async () => {
    const { client, calls, painted } = wired();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    client.request({ ...DEFAULTS, steps: 200, c: 0.2 });
    client.request({ ...DEFAULTS, steps: 200, c: 0.3 });
    expect(calls).toHaveLength(1);
    calls[0].resolve(fakeReport(calls[0].settings));
    await flush();
    expect(calls.map((c) => c.settings.c)).toEqual([0.1, 0.3]);
    calls[1].resolve(fakeReport(calls[1].settings));
    await flush();
    expect(painted.map((s) => s.c)).not.toContain(0.2);
  });

  it('a sweep run for settings the slider has left is stopped, never painted, and not announced as a cancel', async () => {
    const { client, calls, cancels, painted, said } = wired();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    calls[0].resolve(fakeReport(calls[0].settings)); // the quick core run
    await flush();
    expect(calls[1].settings.include?.sweep).toBe(true); // the sweep follows on its own
    client.request({ ...DEFAULTS, steps: 200, c: 0.2 });
    expect(cancels()).toBe(1);
    await flush();
    calls[1].resolve(fakeReport(calls[1].settings)); // too late: the run was already stopped
    await flush();
    expect(calls[2].settings.c).toBe(0.2);
    expect(calls[2].settings.include?.sweep).toBe(false);
    expect(painted.filter((s) => s.include?.sweep && s.c === 0.1)).toEqual([]);
    expect(said).toEqual([]);
  });

  it('a short sweep (T = 40) is stopped too: stopping costs the worker nothing', async () => {
    const { client, calls, cancels } = wired();
    client.request({ ...DEFAULTS, c: 0.1 });
    calls[0].resolve(fakeReport(calls[0].settings));
    await flush();
    client.request({ ...DEFAULTS, c: 0.2 });
    expect(cancels()).toBe(1);
  });

  it('a sweep for the same chain runs on while the epsilon or the stride moves', async () => {
    const { client, calls, cancels } = wired();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    calls[0].resolve(fakeReport(calls[0].settings));
    await flush();
    expect(calls[1].settings.include?.sweep).toBe(true);
    client.request({ ...DEFAULTS, steps: 200, c: 0.1, eps: 1e-7 });
    client.request({ ...DEFAULTS, steps: 200, c: 0.1, eps: 1e-7, stride: 9 });
    expect(cancels()).toBe(0);
    client.request({ ...DEFAULTS, steps: 201, c: 0.1 });
    expect(cancels()).toBe(1);
  });

  it('a quick run (no sweep) is waited for: the next settings follow it', async () => {
    const { client, calls, cancels } = wired();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    client.request({ ...DEFAULTS, steps: 200, c: 0.2 });
    expect(calls[0].settings.include?.sweep).toBe(false);
    expect(cancels()).toBe(0);
  });

  it('the sweep for the settings still wanted runs on, and a user cancel is still announced', async () => {
    const { client, calls, cancels, said } = wired();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    calls[0].resolve(fakeReport(calls[0].settings));
    await flush();
    client.request({ ...DEFAULTS, steps: 200, c: 0.1 });
    expect(cancels()).toBe(0);
    client.cancel();
    await flush();
    expect(said).toEqual(['cancelled']);
  });
});
