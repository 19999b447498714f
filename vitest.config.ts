import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/vitest/longest-first.ts';
import { patience } from './test/e2e/patience.ts';

// Three projects: `unit` (engine, command line, architecture, scripts) and `unit-app` (the app's
// logic), both in Node, and `e2e` (drives the built app in Chromium through playwright-core; run
// after `vite build`). `unit` shares one module graph among the files of a worker (isolate: false):
// its modules keep no state a test changes (no store, no fake timer left on, no global stubbed),
// and importing the engine again for each file cost about 10 s of the stage. The app's tests keep
// their isolation: they change the app's stores and stub browser globals.
export default defineConfig({
  test: {
    // One worker a core: the default leaves one core idle, and on two cores the unit tests then
    // ran one file at a time (78 s; 49 s with two). The browser tests run one file a worker, each
    // file with its own server and Chromium (E2E_SERIAL=1 runs them one file at a time).
    maxWorkers: availableParallelism(),
    // The browser files start longest first, so both workers finish together (scripts/vitest/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/architecture/**/*.test.ts', 'test/engine/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // See above: a test here that fakes timers or stubs a global must restore them itself.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-app',
          include: ['test/app/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The feature registry, installed as the page's entry installs it (app/shell/features.ts).
          setupFiles: ['test/app/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // A test's limit, and expect.poll's, grow with the load measured as the stage starts: waits
          // are for conditions, and a busy machine meets them later (test/e2e/patience.ts).
          testTimeout: 120_000 * patience(),
          hookTimeout: 120_000 * patience(),
          expect: { poll: { timeout: 30_000 * patience() } },
          fileParallelism: process.env.E2E_SERIAL !== '1',
          // One server for the stage (globalSetup.ts). A worker's files share one module graph, so
          // one Chromium and one context a worker serve all its files (test/e2e/harness.ts); each
          // test still gets a new page with the storage emptied.
          globalSetup: ['test/e2e/globalSetup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
