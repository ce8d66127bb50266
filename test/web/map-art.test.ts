/**
 * Map art as a person sees it (issue 37): a shipped example's map is served by the server itself at
 * /maps/<ruleset>/<file> and named so by the encounter; the page's CSP (img-src 'self') lets it
 * show, for the GM and a player, at desktop and phone size. Any refusal of the image by the browser
 * (a CSP violation, a 404) would be a console message and an image that never loads.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { openTable } from './session.ts';

const table = atTheTable();

describe('map art', () => {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    it(`an example's map shows under the grid for the GM and a player (${size})`, async () => {
      const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml', viewport);
      const refused: string[] = [];
      for (const page of [t.gm, t.players[0]]) page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
      try {
        mkdirSync('/tmp/shots', { recursive: true });
        for (const [who, page] of [['gm', t.gm], ['player', t.players[0]]] as const) {
          const art = page.locator('.board image').first();
          await art.waitFor({ state: 'attached' });
          expect(await art.getAttribute('href')).toBe('/maps/phase20/goblin-cave.svg');
          // the browser fetched and decoded it: a resource entry with a body, from this server
          const loaded = await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/maps/phase20/goblin-cave.svg') && (e as PerformanceResourceTiming).decodedBodySize > 0));
          expect(await loaded.jsonValue()).toBe(true);
          await page.screenshot({ path: `/tmp/shots/map-art-${who}-${size}.png` });
        }
        expect(refused).toEqual([]);
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    }, 180_000);
  }
});
