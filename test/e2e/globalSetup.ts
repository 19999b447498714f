import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, serveDist } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server over dist/ that every browser test file shares. */
    e2eServed: { url: string; origin: string };
    /** Where the one Chromium of the run listens (playwright's `connect`). */
    e2eBrowser: string;
  }
}

/**
 * One server over dist/ and one Chromium for the whole browser run: each test file connects to
 * them (test/e2e/harness.ts, `sharedBrowser`) and opens its own contexts, so files stay apart in
 * storage while the 25 files no longer start 25 browsers and 25 servers (about a second of the
 * two cores each).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const served = await serveDist();
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide('e2eServed', { url: served.url, origin: served.origin });
  project.provide('e2eBrowser', server.wsEndpoint());
  return async () => {
    await server.close();
    await served.stop();
  };
}
