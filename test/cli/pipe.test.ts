import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the real command, reads its first chunk of output, then closes the pipe as `head -c 10` does. */
function readFirstChunkAndClose(args: string[]): Promise<{ code: number | null; first: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(process.cwd(), 'cli', 'bin.mjs'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString().slice(0, 10);
      child.stdout.destroy();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, first, err }));
  });
}

describe('a reader that closes the pipe early', () => {
  it('ends schedule --json with status 0 and nothing on stderr', async () => {
    // 2,000 steps at stride 4 is about 700 KB of JSON, far past a pipe's 64 KiB buffer.
    const r = await readFirstChunkAndClose(['schedule', '--steps', '2000', '--stride', '4', '--json']);
    expect(r.first).toMatch(/^\{/);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});
