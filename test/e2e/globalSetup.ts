import type { TestProject } from 'vitest/node';
import { serveDist } from './harness.ts';

/**
 * One server over dist/ for the whole browser stage: started before the first file, stopped after
 * the last (a server started by a test worker outlived it when the worker was ended). The files
 * read its address with `inject('served')` (test/e2e/harness.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const served = await serveDist();
  project.provide('served', { url: served.url, origin: served.origin });
  return () => served.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the browser stage's server (test/e2e/globalSetup.ts). */
    served: { url: string; origin: string };
  }
}
