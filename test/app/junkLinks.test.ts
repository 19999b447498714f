import { afterEach, describe, expect, it } from 'vitest';
import type { LabSettings } from '../../engine/report.ts';
import { startLab, type HostWindow } from '../../app/lab/labSync.ts';
import { isValidSettings } from '../../app/state/settings/clamp.ts';
import { useLab } from '../../app/state/store/index.ts';
import { readHash } from '../../app/state/url/hash.ts';
import type { LabRunner } from '../../workers/lab/client.ts';
import { junkHashes } from '../e2e/junk.ts';

/**
 * Junk links through the lab's own wiring (app/lab/labSync.ts: hash → store → hash and the first
 * run), as the page opens them: the random junk hashes the browser tests used to load one page
 * each (test/e2e/trust.test.ts keeps one such load, for the page itself).
 */

/**
 * The hash the page writes back: every chain setting in order, then the embed view if any. (A
 * tiny c, x₀ or target such as 2.5e-17 is written with an exponent.)
 */
const CANONICAL =
  /^#steps=\d+&eps=[\d.e-]+&stride=\d+&schedule=(periodic|revolve)&snapshots=\d+&c=[\d.e-]+&x0=[\d.e-]+&target=[\d.e-]+(&embed=1(&panels=[a-z,]+)?)?$/;

/** A stand-in for window: the address bar's hash and the history call that rewrites it. */
function fakeHost(hash: string): HostWindow {
  const host: HostWindow = {
    location: { hash },
    history: { replaceState: (_d, _u, url) => void (host.location.hash = url ?? '') },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return host;
}

/** A worker that takes each run and never answers: only what the page asks of it is looked at. */
function silentRunner(): { runner: LabRunner; runs: LabSettings[] } {
  const runs: LabSettings[] = [];
  return { runs, runner: { run: (settings) => (runs.push(settings), new Promise(() => {})), cancel: () => true } };
}

afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('junk links, opened by the lab’s wiring', () => {
  it.each([
    ['the 12 the browser tests loaded', junkHashes(12)],
    ['200 more', junkHashes(200, 3)],
  ])('%s: each is corrected and said so, runs valid settings, and writes back a link that reads without notices', (_name, hashes) => {
    for (const hash of hashes) {
      // What the decoder finds to correct (a later copy of a key may be a good value: then nothing).
      const corrections = readHash(hash).notices;
      useLab.setState(useLab.getInitialState(), true);
      const host = fakeHost(hash);
      const { runner, runs } = silentRunner();
      const stop = startLab(useLab, runner, host);
      const written = host.location.hash;
      expect(written, hash).toMatch(CANONICAL);
      const steps = Number(written.match(/steps=(\d+)/)![1]);
      expect(steps, hash).toBeGreaterThanOrEqual(1);
      expect(steps, hash).toBeLessThanOrEqual(100_000);
      expect(useLab.getState().notices, hash).toEqual(expect.arrayContaining(corrections));
      if (hashes.length === 12) expect(corrections.length, hash).toBeGreaterThan(0);
      expect(runs.length, hash).toBeGreaterThan(0);
      expect(isValidSettings(runs[0]), hash).toBe(true);
      expect(runs[0].steps, hash).toBe(steps);
      // The link written back is the state itself: read again, it needs no correction.
      expect(readHash(written).notices, hash).toEqual([]);
      stop();
    }
  });
});
