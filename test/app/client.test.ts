import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { DEFAULTS, type AppSettings } from '../../app/state/settings/schema.ts';
import { createLabClient, type LabPlanner, type LabRunner } from '../../workers/lab/client.ts';

/** A runner whose runs finish only when the test says so. */
function manualRunner() {
  const calls: { settings: LabSettings; resolve: (r: LabReport) => void; reject: (e: Error) => void }[] = [];
  const runner: LabRunner = {
    run: (settings) => new Promise((resolve, reject) => calls.push({ settings, resolve, reject })),
  };
  return { runner, calls };
}

const fakeReport = (steps: number) => ({ steps }) as unknown as LabReport;

/** A planner that asks for one run per target it has not yet seen done. */
function oneRunPlanner(): LabPlanner & { done: Set<number> } {
  const done = new Set<number>();
  return {
    done,
    next: (target: AppSettings) => (done.has(target.steps) ? null : { ...target }),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A client with a 200 ms progress delay on fake timers, recording each busy change. */
function busyWatched() {
  vi.useFakeTimers();
  const { runner, calls } = manualRunner();
  const planner = oneRunPlanner();
  const busy: boolean[] = [];
  const client = createLabClient(
    runner,
    planner,
    { report: (r) => planner.done.add(r.steps), failure: () => {}, busy: (b) => busy.push(b) },
    200,
  );
  return { client, calls, busy };
}

describe('the latest-wins client', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one job at a time and skips settings passed over while a run was in flight', async () => {
    const { runner, calls } = manualRunner();
    const planner = oneRunPlanner();
    const painted: number[] = [];
    const client = createLabClient(runner, planner, {
      report: (r, id) => {
        painted.push(r.steps);
        planner.done.add(r.steps);
        expect(id).toBe(painted.length);
      },
      failure: () => {},
      busy: () => {},
    });
    client.request({ ...DEFAULTS, steps: 10 });
    client.request({ ...DEFAULTS, steps: 11 });
    client.request({ ...DEFAULTS, steps: 12 });
    expect(calls).toHaveLength(1);
    calls[0].resolve(fakeReport(10));
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1].settings.steps).toBe(12);
    calls[1].resolve(fakeReport(12));
    await flush();
    expect(calls).toHaveLength(2);
    expect(painted).toEqual([10, 12]);
  });

  it('reports busy only after the progress delay, and idle when done', async () => {
    const { client, calls, busy } = busyWatched();
    client.request({ ...DEFAULTS, steps: 20 });
    await vi.advanceTimersByTimeAsync(150);
    expect(busy).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(busy).toEqual([true]);
    calls[0].resolve(fakeReport(20));
    await vi.advanceTimersByTimeAsync(1);
    expect(busy).toEqual([true, false]);
  });

  it('never shows progress for a run quicker than the delay', async () => {
    const { client, calls, busy } = busyWatched();
    client.request({ ...DEFAULTS, steps: 20 });
    await vi.advanceTimersByTimeAsync(50);
    calls[0].resolve(fakeReport(20));
    await vi.advanceTimersByTimeAsync(500);
    expect(busy).toEqual([]);
  });

  it('reports a failure once and does not retry the same settings', async () => {
    const { runner, calls } = manualRunner();
    const failures: string[] = [];
    const client = createLabClient(runner, { next: (t) => ({ ...t }) }, {
      report: () => {},
      failure: (m) => failures.push(m),
      busy: () => {},
    });
    client.request({ ...DEFAULTS, steps: 30 });
    calls[0].reject(new Error('the chain needs at least one step'));
    await flush();
    expect(failures).toEqual(['the chain needs at least one step']);
    expect(calls).toHaveLength(1);
  });
});
