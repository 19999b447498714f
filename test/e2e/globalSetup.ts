import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, serveDist } from './serve.ts';

/** Where every browser test file finds the project's one server and one Chromium. */
export interface SharedEndpoints {
  /** The served app's URL (…/) and origin. */
  url: string;
  origin: string;
  /** Chromium's endpoint for `chromium.connect`. */
  wsEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: SharedEndpoints;
  }
}

/**
 * Starts one server over dist/ and one Chromium for the whole browser project, before its first
 * file, and stops them after the last (test/e2e/harness.ts, sharedBrowser, connects each file).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const served = await serveDist();
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide('e2e', { url: served.url, origin: served.origin, wsEndpoint: browser.wsEndpoint() });
  return async () => {
    await browser.close();
    await served.stop();
  };
}
