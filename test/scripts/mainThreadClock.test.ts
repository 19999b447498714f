import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MainThreadClock } from '../../scripts/mainThreadClock.ts';

/**
 * A child that waits to be told to spin, spins on its main thread until its process has used
 * 200 ms of CPU, then prints what it counted itself (process.cpuUsage, ms): the spin's CPU time,
 * and its whole CPU time since it began. Then it waits to be told to end.
 */
const CHILD = `
  process.stdout.write('ready\\n');
  process.stdin.once('data', () => {
    const t = process.cpuUsage();
    let u = process.cpuUsage(t);
    while (u.user + u.system < 200000) u = process.cpuUsage(t);
    const all = process.cpuUsage();
    process.stdout.write(JSON.stringify({ spunMs: (u.user + u.system) / 1000, totalMs: (all.user + all.system) / 1000 }) + '\\n');
    process.stdin.once('data', () => process.exit(0));
  });`;

/** The next line the child prints. */
function line(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
}

// The bench's split of a drag (what the main thread ran, what it waited for a core) read against
// what a process counts of its own CPU time: no time is asserted, only that the two counts agree.
describe.runIf(existsSync('/proc/self/schedstat'))('the main thread clock', () => {
  it('counts the CPU time a process main thread used, as the process itself counts it, and how long it waited', async () => {
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'ignore'] });
    expect(await line(child)).toBe('ready');
    const clock = new MainThreadClock(() => [child.pid!]);
    // The child waits on its input: its main thread's count is settled.
    expect(clock.start()).toBe(true);
    const counted = line(child);
    child.stdin!.write('go\n');
    const { spunMs, totalMs } = JSON.parse(await counted) as { spunMs: number; totalMs: number };
    const split = clock.stop()!;
    child.stdin!.end('end\n');
    // Between the two readings the main thread ran the spin (the process's CPU time over it is
    // nearly all the main thread's: the loop allocates next to nothing), and a main thread never
    // runs longer than its whole process has since it began (a tick of slack: a thread still
    // running when read may be counted up to one tick late).
    expect(split.ranMs).toBeGreaterThanOrEqual(0.8 * spunMs);
    expect(split.ranMs).toBeLessThanOrEqual(totalMs + 10);
    // A wait is counted when the thread next runs, so only its sign is checked.
    expect(split.waitedMs).toBeGreaterThanOrEqual(0);
    // A process that has ended is not read.
    await new Promise((resolve) => child.once('exit', resolve));
    expect(clock.stop()).toBeNull();
  });
});
