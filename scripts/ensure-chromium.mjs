#!/usr/bin/env node
// Finds a Chromium for the browser tests (playwright-core drives the system browser; its own
// download cannot work here). If none is found and this is a root shell on a machine with
// apt-get, installs Debian's `chromium`; otherwise exits 1 with one line saying how.
// Prints the executable's path on success. CHROMIUM_PATH overrides the search.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.status === 0 ? found.stdout.trim() : '';
  return path && executable(path) ? path : null;
}

export function findChromium() {
  const override = process.env.CHROMIUM_PATH;
  if (override) return executable(override) ? override : null;
  return onPath('chromium') ?? onPath('chromium-browser') ?? CANDIDATES.find(executable) ?? null;
}

function main() {
  let path = findChromium();
  if (!path && onPath('apt-get') && process.getuid?.() === 0) {
    process.stderr.write('Chromium not found; installing Debian’s chromium with apt-get…\n');
    try {
      execFileSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // Reported below with the same one line as a missing browser.
    }
    path = findChromium();
  }
  if (!path) {
    process.stderr.write(
      'Chromium is needed for the browser tests: install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to its executable.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`${path}\n`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main();
