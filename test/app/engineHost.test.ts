import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabReport, LabSettings } from '../../engine/report.ts';
import { DEFAULTS } from '../../app/state/settings/schema.ts';
import { createLabClient, type LabRunner } from '../../workers/lab/client.ts';
import { STOP_GRACE_MS } from '../../workers/channel/channel.ts';
import { createEngineHost, type EngineInstance } from '../../workers/lab/host.ts';
import { ENGINE_RESTARTED, EngineStopped, RunCancelled, isEngineStopped, isRunCancelled } from '../../workers/channel/faults.ts';

/**
 * A stand-in worker: runs finish when the test says so; faults are raised by hand. Asked to stop,
 * it ends its latest run with LabCancelled as the real one does at its next sweep point, unless
 * it is `deaf` (a worker stuck in a part that does not look at its messages).
 */
function fakeWorker({ deaf = false } = {}) {
  const runs: { settings: LabSettings; progress: (f: number) => void; resolve: (r: LabReport) => void; reject: (e: Error) => void }[] = [];
  let fault: ((reason: string) => void) | null = null;
  const instance: EngineInstance & { terminated: boolean; stops: number } = {
    terminated: false,
    stops: 0,
    run: (settings, progress) => new Promise((resolve, reject) => runs.push({ settings, progress, resolve, reject })),
    stop() {
      this.stops += 1;
      if (deaf) return;
      const stopped = Object.assign(new Error('stopped: a newer request superseded this run'), { name: 'LabCancelled' });
      const running = runs[runs.length - 1];
      queueMicrotask(() => running?.reject(stopped));
    },
    tape: () => new Promise(() => {}),
    time: () => new Promise(() => {}),
    onFault: (f) => (fault = f),
    terminate() {
      this.terminated = true;
    },
  };
  return { instance, runs, raise: (reason: string) => fault?.(reason) };
}

const report = { steps: 40 } as unknown as LabReport;
const settings: LabSettings = { ...DEFAULTS };
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('the engine host', () => {
  it('passes progress through and resolves with the worker’s report', async () => {
    const w = fakeWorker();
    const host = createEngineHost({ spawn: () => w.instance });
    const seen: number[] = [];
    const done = host.run(settings, (f) => seen.push(f));
    w.runs[0].progress(0.25);
    w.runs[0].progress(1);
    w.runs[0].resolve(report);
    await expect(done).resolves.toBe(report);
    expect(seen).toEqual([0.25, 1]);
    expect(host.started).toBe(1);
  });

  it('a worker that throws is terminated and replaced; the run in flight rejects with EngineStopped', async () => {
    const workers = [fakeWorker(), fakeWorker()];
    let n = 0;
    const restarts: string[] = [];
    const host = createEngineHost({ spawn: () => workers[n++].instance, onRestart: (r) => restarts.push(r) });
    const done = host.run(settings);
    workers[0].raise('boom');
    await expect(done).rejects.toSatisfy(isEngineStopped);
    expect(workers[0].instance.terminated).toBe(true);
    expect(host.started).toBe(2);
    expect(restarts).toEqual(['boom']);
    const next = host.run(settings);
    workers[1].runs[0].resolve(report);
    await expect(next).resolves.toBe(report);
  });

  it('a run that throws something other than LabInputError is a fault; a refusal is passed on', async () => {
    const workers = [fakeWorker(), fakeWorker()];
    let n = 0;
    const restarts: string[] = [];
    const host = createEngineHost({ spawn: () => workers[n++].instance, onRestart: (r) => restarts.push(r) });
    const refused = host.run(settings);
    workers[0].runs[0].reject(Object.assign(new Error('the steps must be at least 2'), { name: 'LabInputError' }));
    await expect(refused).rejects.toThrow('the steps must be at least 2');
    expect(host.started).toBe(1);
    const broken = host.run(settings);
    workers[0].runs[1].reject(new TypeError('x is undefined'));
    await expect(broken).rejects.toSatisfy(isEngineStopped);
    expect(restarts).toEqual(['the engine failed: x is undefined']);
    expect(workers[0].instance.terminated).toBe(true);
    expect(host.started).toBe(2);
  });

  it('a run that goes silent past the stall limit counts as a dead worker; progress keeps it alive', async () => {
    vi.useFakeTimers();
    const workers = [fakeWorker(), fakeWorker()];
    let n = 0;
    const host = createEngineHost({ spawn: () => workers[n++].instance, stallMs: 1000 });
    // A cold worker (still loading) gets four times as long before it counts as stalled.
    const first = host.run(settings);
    vi.advanceTimersByTime(3900);
    expect(host.started).toBe(1);
    workers[0].runs[0].resolve(report);
    await first;
    const done = host.run(settings);
    const outcome = done.catch((e: unknown) => e);
    vi.advanceTimersByTime(900);
    workers[0].runs[1].progress(0.5);
    vi.advanceTimersByTime(900);
    expect(host.started).toBe(1);
    vi.advanceTimersByTime(200);
    expect(host.started).toBe(2);
    expect(isEngineStopped(await outcome)).toBe(true);
  });

  it('cancel ends the run at once with RunCancelled and asks the worker to stop it; the worker is kept; false when idle', async () => {
    const workers = [fakeWorker(), fakeWorker()];
    let n = 0;
    const restarts: string[] = [];
    const host = createEngineHost({ spawn: () => workers[n++].instance, onRestart: (r) => restarts.push(r) });
    expect(host.cancel()).toBe(false);
    const done = host.run(settings);
    expect(host.cancel()).toBe(true);
    expect(host.cancel()).toBe(false); // nothing in flight any more
    // The next run is sent at once, queued in the worker behind the stop.
    const next = host.run(settings);
    await expect(done).rejects.toSatisfy(isRunCancelled);
    expect(workers[0].instance.stops).toBe(1);
    expect(workers[0].runs).toHaveLength(2);
    workers[0].runs[1].resolve(report);
    await expect(next).resolves.toBe(report);
    expect(workers[0].instance.terminated).toBe(false);
    expect(host.started).toBe(1);
    expect(restarts).toEqual([]);
  });

  it('a worker that does not stop within the grace period is replaced, and the run queued behind is rerun', async () => {
    vi.useFakeTimers();
    const workers = [fakeWorker({ deaf: true }), fakeWorker()];
    let n = 0;
    const restarts: string[] = [];
    const host = createEngineHost({ spawn: () => workers[n++].instance, onRestart: (r) => restarts.push(r) });
    const done = host.run(settings).catch((e: unknown) => e);
    expect(host.cancel()).toBe(true);
    expect(isRunCancelled(await done)).toBe(true);
    const queued = host.run(settings).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS - 1);
    expect(workers[0].instance.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0].instance.terminated).toBe(true);
    expect(host.started).toBe(2);
    // The run queued behind the stuck one ends as a stopped engine, which the client reruns once.
    expect(isEngineStopped(await queued)).toBe(true);
    // Not a fault of the engine: no restart notice.
    expect(restarts).toEqual([]);
    // Late answers from the terminated worker are ignored.
    workers[0].runs[0].resolve(report);
  });

  it('an older stopped run answering late does not cancel the replacement a later stop is waiting for', async () => {
    vi.useFakeTimers();
    const workers = [fakeWorker({ deaf: true }), fakeWorker()];
    let n = 0;
    const host = createEngineHost({ spawn: () => workers[n++].instance });
    const a = host.run(settings).catch((e: unknown) => e);
    host.cancel();
    await a;
    // B runs in A's pause and reports before A answers.
    const b = host.run(settings);
    workers[0].runs[1].resolve(report);
    await expect(b).resolves.toBe(report);
    const c = host.run(settings).catch((e: unknown) => e);
    host.cancel();
    await c;
    // A's LabCancelled arrives now; C never answers.
    workers[0].runs[0].reject(Object.assign(new Error('stopped'), { name: 'LabCancelled' }));
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS);
    expect(workers[0].instance.terminated).toBe(true);
    expect(host.started).toBe(2);
  });

  it('a stop answered in time cancels the replacement', async () => {
    vi.useFakeTimers();
    const workers = [fakeWorker(), fakeWorker()];
    let n = 0;
    const host = createEngineHost({ spawn: () => workers[n++].instance });
    const done = host.run(settings).catch((e: unknown) => e);
    host.cancel();
    await done;
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 2);
    expect(workers[0].instance.terminated).toBe(false);
    expect(host.started).toBe(1);
  });

  it('a fault while idle restarts too, and an old worker’s fault after replacement is ignored', () => {
    const workers = [fakeWorker(), fakeWorker(), fakeWorker()];
    let n = 0;
    const host = createEngineHost({ spawn: () => workers[n++].instance });
    workers[0].raise('idle fault');
    expect(host.started).toBe(2);
    workers[0].raise('again');
    expect(host.started).toBe(2);
  });
});

describe('a worker that cannot start', () => {
  it('is restarted a few times, then calls fail at once with a reason instead of looping', async () => {
    const spawned: ReturnType<typeof fakeWorker>[] = [];
    const host = createEngineHost({
      spawn: () => {
        const w = fakeWorker();
        spawned.push(w);
        return w.instance;
      },
    });
    for (let i = 0; i < 4; i++) spawned.at(-1)!.raise('script failed to load');
    expect(host.started).toBe(4);
    await expect(host.run(settings)).rejects.toThrow(/stopped 4 times in 10 s and was not started again/);
    expect(host.started).toBe(4);
  });
});

describe('the client with a stopping or cancelled runner', () => {
  function runner() {
    const calls: { resolve: (r: LabReport) => void; reject: (e: Error) => void }[] = [];
    let cancels = 0;
    const r: LabRunner = {
      run: () => new Promise((resolve, reject) => calls.push({ resolve, reject })),
      cancel: () => {
        cancels += 1;
        calls.at(-1)?.reject(new RunCancelled('cancelled'));
        return true;
      },
    };
    return { r, calls, cancels: () => cancels };
  }
  const planner = (done: { value: boolean }) => ({ next: () => (done.value ? null : { ...DEFAULTS }) });

  it('reruns the same settings once after the worker stopped, then reports', async () => {
    const { r, calls } = runner();
    const done = { value: false };
    const events: string[] = [];
    const client = createLabClient(r, planner(done), {
      report: () => {
        done.value = true;
        events.push('report');
      },
      failure: (m) => events.push(`failure ${m}`),
      busy: () => {},
      restarted: () => events.push('restarted'),
    });
    client.request({ ...DEFAULTS });
    calls[0].reject(new EngineStopped('gone'));
    await flush();
    expect(calls).toHaveLength(2);
    calls[1].resolve(report);
    await flush();
    expect(events).toEqual(['restarted', 'report']);
  });

  it('gives up with a failure when the fresh worker stops on the same settings too', async () => {
    const { r, calls } = runner();
    const events: string[] = [];
    const client = createLabClient(r, planner({ value: false }), {
      report: () => events.push('report'),
      failure: (m) => events.push(`failure ${m}`),
      busy: () => {},
      restarted: () => events.push('restarted'),
    });
    client.request({ ...DEFAULTS });
    calls[0].reject(new EngineStopped('gone'));
    await flush();
    calls[1].reject(new EngineStopped('gone again'));
    await flush();
    expect(events).toEqual(['restarted', 'failure gone again']);
    expect(calls).toHaveLength(2);
  });

  it('cancel stops the run in flight, says so, and does not retry until the settings change', async () => {
    const { r, calls, cancels } = runner();
    const events: string[] = [];
    const client = createLabClient(r, planner({ value: false }), {
      report: () => events.push('report'),
      failure: (m) => events.push(`failure ${m}`),
      busy: () => {},
      cancelled: () => events.push('cancelled'),
    });
    client.cancel();
    expect(cancels()).toBe(0);
    client.request({ ...DEFAULTS });
    client.cancel();
    await flush();
    expect(cancels()).toBe(1);
    expect(events).toEqual(['cancelled']);
    expect(calls).toHaveLength(1);
    client.request({ ...DEFAULTS, steps: 41 });
    expect(calls).toHaveLength(2);
  });

  it('the one-line messages', () => {
    expect(ENGINE_RESTARTED).toBe('The engine stopped unexpectedly; restarted it and recomputed.');
  });
});
