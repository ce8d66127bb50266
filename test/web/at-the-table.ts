/**
 * The one piece of browser-test plumbing that needs vitest's hooks, kept apart from harness.ts so
 * scripts (scripts/screenshots.ts) can use the harness without running under vitest.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildWeb, launchBrowser, startServer, type TestServer } from './harness.ts';

/**
 * The server and browser a browser-test file shares: started (and the page built) before its tests,
 * stopped after them. Read `table.server` and `table.browser` inside tests.
 */
export function atTheTable(): { server: TestServer; browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser(), buildWeb()]);
  }, 300_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
