import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/**
 * The built app's server and the system Chromium, with nothing of vitest: test/e2e/globalSetup.ts
 * starts one of each for the whole browser project, and a test of the server going away starts
 * its own server.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The flags the browser tests run Chromium with: no sandbox (containers), no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium (scripts/ensure-chromium.mjs makes sure there is one). */
export function chromiumPath(): string {
  const override = process.env.CHROMIUM_PATH;
  const found = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  for (const path of [override, found.stdout.trim(), '/usr/bin/chromium']) {
    if (!path) continue;
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // try the next one
    }
  }
  throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH');
}

/** The built app served by scripts/serve.mjs on a free port. */
export interface Served {
  url: string;
  origin: string;
  stop(): Promise<void>;
}

export function serveDist(): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timeout = setTimeout(() => reject(new Error(`serve.mjs did not start: ${err}`)), 15_000);
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/http:\/\/[^\s]+/);
      if (!m) return;
      clearTimeout(timeout);
      const url = m[0].replace('localhost', '127.0.0.1');
      resolve({
        url,
        origin: new URL(url).origin,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timeout);
      if (!out.includes('http://')) reject(new Error(`serve.mjs exited with ${code}: ${err}`));
    });
  });
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
