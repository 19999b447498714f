import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { epochNow, MainThreadClock } from '../../scripts/mainThreadClock.ts';

// The bench's split of a long task (what the main thread ran, what it waited for a core) read
// against a process whose CPU time is known: a child that spins until it has used 300 ms of CPU.
describe.runIf(existsSync('/proc/self/task'))('the main thread clock', () => {
  it('counts the CPU time a process main thread used, and its waiting never exceeds the wall time', async () => {
    const child = spawn(process.execPath, ['-e', 'const t = process.cpuUsage(); for (let u = process.cpuUsage(t); u.user + u.system < 300000; u = process.cpuUsage(t));'], { stdio: 'ignore' });
    const clock = new MainThreadClock(() => [child.pid!]);
    expect(clock.start()).toBe(true);
    const from = epochNow();
    await new Promise((resolve) => child.on('exit', resolve));
    const to = epochNow();
    clock.stop();
    const split = clock.between(from, to)!;
    // 300 ms spun, plus Node's own start-up (tens of ms), less what the first reading missed.
    expect(split.ranMs).toBeGreaterThan(250);
    expect(split.ranMs).toBeLessThan(700);
    expect(split.waitedMs).toBeGreaterThanOrEqual(0);
    expect(split.ranMs + split.waitedMs).toBeLessThanOrEqual(to - from + 10);
    // Nothing sampled outside the readings.
    expect(clock.between(from - 60_000, from - 50_000)).toBeNull();
  });
});
