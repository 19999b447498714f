import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (engine, app logic, command line; runs in Node) and `e2e` (drives the
// built app in Chromium through playwright-core; run after `vite build`).
export default defineConfig({
  test: {
    // One worker a core: the default leaves one core idle, and on two cores the unit tests then
    // ran one file at a time (78 s; 49 s with two). The browser tests run one file a worker, each
    // file with its own server and Chromium (E2E_SERIAL=1 runs them one file at a time).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/architecture/**/*.test.ts', 'test/engine/**/*.test.ts', 'test/app/**/*.test.{ts,tsx}', 'test/cli/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: process.env.E2E_SERIAL !== '1',
        },
      },
    ],
  },
});
