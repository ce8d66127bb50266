/**
 * The server and browser of a cards table (test/web/cards.test.ts): src/server/main.ts's server with the
 * engine's test ruleset with cards registered (server.ts), serving the page built with it (vite.config.ts).
 * No shipped ruleset deals cards; this is how a browser sees a deck, its labels and Wounds at a live table.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildWeb, launchBrowser, ROOT, startServer, type TestServer } from '../harness.ts';
import { CARDS_DIST } from './dist.ts';

export function atTheCardsTable(): { server: TestServer; browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    mkdirSync(dirname(CARDS_DIST.replace(/\/+$/, '')), { recursive: true });
    const page = { config: 'test/web/cards/vite.config.ts', out: CARDS_DIST, sources: ['test/web/cards'] };
    const entry = { script: join(ROOT, 'test/web/cards/server.ts'), args: ['--web-dist', CARDS_DIST] };
    [env.server, env.browser] = await Promise.all([buildWeb(ROOT, page).then(() => startServer(ROOT, entry)), launchBrowser()]);
  }, 300_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
