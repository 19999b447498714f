import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MainThreadClock } from '../../scripts/mainThreadClock.ts';

// The bench's split of a drag (what the main thread ran, what it waited for a core) read against
// a process whose CPU time is known: a child that spins until it has used 300 ms of CPU, then
// waits to be told to go.
describe.runIf(existsSync('/proc/self/schedstat'))('the main thread clock', () => {
  it('counts the CPU time a process main thread used, within the wall time, and how long it waited', async () => {
    const child = spawn(
      process.execPath,
      ['-e', "const t = process.cpuUsage(); for (let u = process.cpuUsage(t); u.user + u.system < 300000; u = process.cpuUsage(t)); console.log('spun'); process.stdin.once('data', () => process.exit(0));"],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const clock = new MainThreadClock(() => [child.pid!]);
    const from = performance.now();
    expect(clock.start()).toBe(true);
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    const split = clock.stop()!;
    const wall = performance.now() - from;
    child.stdin!.end('go\n');
    // 300 ms spun, plus Node's own start-up (tens of ms), less what it ran before the first reading.
    expect(split.ranMs).toBeGreaterThan(250);
    expect(split.ranMs).toBeLessThan(700);
    // One thread runs no longer than the wall clock (a running thread's count may lag a tick, up
    // to 10 ms). Its wait is counted when it next runs, so a wait that began before the first
    // reading may land in the split: only its sign is checked.
    expect(split.ranMs).toBeLessThanOrEqual(wall + 20);
    expect(split.waitedMs).toBeGreaterThanOrEqual(0);
    // A process that has ended is not read.
    await new Promise((resolve) => child.once('exit', resolve));
    expect(clock.stop()).toBeNull();
  });
});
