/**
 * Map art from the page (issue 35.2), as a GM and a player see it: the GM uploads a PNG in the builder and
 * at the table, fits it with two clicks on opposite corners of one square drawn in the art ("this square is
 * one cell"), and the player's page shows it under the grid — fetched by address from the server (the
 * frames name it, never carry it), loaded by the browser under the page's CSP. A file that is not an image
 * is refused with words. Screenshots at desktop and phone size.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gridPng } from '../../src/server/testing/images.ts';
import { atTheTable } from './at-the-table.ts';
import { buildFight, gmPage } from './builder-flow.ts';
import { openTable } from './session.ts';

const table = atTheTable();
mkdirSync('/tmp/shots', { recursive: true });

/** Click the art's preview at a point of the art's own pixels (`natural`: its size). */
async function clickArt(page: Page, natural: { width: number; height: number }, at: { x: number; y: number }): Promise<void> {
  const preview = page.getByTestId('map-preview');
  await preview.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => ((document.querySelector('[data-testid=map-preview]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
  const box = (await preview.boundingBox())!;
  const x = box.x + (at.x * box.width) / natural.width;
  const y = box.y + (at.y * box.height) / natural.height;
  await page.mouse.click(x, y);
}

/** The board's art: its address, and whether the browser fetched and decoded it from this server. */
async function boardArt(page: Page): Promise<{ href: string; loaded: boolean; box: Record<string, string | null> }> {
  const art = page.locator('.board image').first();
  await art.waitFor({ state: 'attached' });
  await page.waitForFunction(() => /^\/maps\/[0-9a-f]{64}$/.test(document.querySelector('.board image')?.getAttribute('href') ?? ''));
  const href = (await art.getAttribute('href'))!;
  const loaded = await page.waitForFunction((h) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(h) && (e as PerformanceResourceTiming).decodedBodySize > 0), href);
  const box = Object.fromEntries(await Promise.all(['x', 'y', 'width', 'height'].map(async (k) => [k, await art.getAttribute(k)] as const)));
  return { href, loaded: (await loaded.jsonValue()) as boolean, box };
}

describe('map art from the page', () => {
  it('in the builder: the GM uploads a PNG, fits it with two clicks, and the fight it starts shows it', async () => {
    const { page, errors, close } = await gmPage(table.browser, table.server.url);
    try {
      await buildFight(page, 'phase20'); // a 9 × 6 map
      await page.getByRole('tab', { name: 'Encounter' }).click();
      // the art: 360 × 240 pixels, a square every 40 pixels, the first line 12 pixels in
      await page.getByTestId('map-upload').setInputFiles({ name: 'cave.png', mimeType: 'image/png', buffer: gridPng(360, 240, 40, 12) });
      await expect.poll(() => page.locator('.map-art-said').innerText()).toBe('cave.png (360 × 240 pixels) is under the board. Now fit it: click one corner of a square drawn on the map, then the opposite corner.');
      await page.getByTestId('map-preview').waitFor();
      await clickArt(page, { width: 360, height: 240 }, { x: 52, y: 52 });
      await expect.poll(() => page.locator('.map-art-said').innerText()).toBe('Now click the opposite corner of the same square.');
      await clickArt(page, { width: 360, height: 240 }, { x: 92, y: 92 });
      await expect.poll(() => page.locator('.map-art-said').innerText()).toMatch(/^One square of the art is (39|40|41) × (39|40|41) pixels: the art is now (8\.\d+|9|9\.\d+) × (5\.\d+|6|6\.\d+) cells, its top left corner at −0\.\d+, −0\.\d+\.$/);
      expect(await page.getByLabel('Width (cells)').last().inputValue()).toMatch(/^(8\.9|9)/);
      await page.screenshot({ path: '/tmp/shots/map-upload-builder-desktop.png' });
      await page.locator('[data-valid=yes]').waitFor();
      await page.getByRole('button', { name: 'Start the fight' }).click();
      await page.waitForURL(/#\/gm\//);
      await page.waitForSelector('main.layout[data-status=active]');
      const art = await boardArt(page);
      expect(art.loaded).toBe(true);
      // on the board, in the board's units (cells × its square size): about 9 cells wide from 0.3 of a cell to the left
      const cell = Number(art.box.width) / 9;
      expect(Number(art.box.x) / cell).toBeCloseTo(-0.3, 1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);

  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    it(`at the table: the GM uploads and fits art, and a player's page shows it (${size})`, async () => {
      const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml', viewport); // a 9 × 5 map
      const refused: string[] = [];
      for (const page of [t.gm, t.players[0]]) page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
      try {
        const gm = t.gm;
        await gm.getByRole('tab', { name: 'Map art' }).click();
        // not an image: refused, with words
        await gm.getByTestId('map-upload').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a map</html>') });
        const error = gm.locator('.map-art-panel .error-note');
        await expect.poll(() => error.innerText()).toMatch(/That image cannot be used as map art\.\s*the data is not a PNG image \(its first bytes are not one's\)/);
        // a 450 × 250 map whose squares are 50 pixels, lines from the corner: fitted, it is the 9 × 5 board
        await gm.getByTestId('map-upload').setInputFiles({ name: 'crypt.png', mimeType: 'image/png', buffer: gridPng(450, 250, 50, 0) });
        await expect.poll(() => gm.locator('.map-art-said').innerText()).toMatch(/^crypt\.png \(450 × 250 pixels\) is under the board\./);
        await expect.poll(() => error.count()).toBe(0);
        await gm.getByTestId('map-preview').waitFor();
        await clickArt(gm, { width: 450, height: 250 }, { x: 150, y: 100 });
        await clickArt(gm, { width: 450, height: 250 }, { x: 200, y: 150 });
        await expect.poll(() => gm.locator('.map-art-said').innerText()).toMatch(/^One square of the art is (49|50|51) × (49|50|51) pixels: the art is now (8\.\d+|9|9\.\d+) × (4\.\d+|5|5\.\d+) cells, its top left corner at −?0(\.0\d)?, −?0(\.0\d)?\.$/);
        await gm.screenshot({ path: `/tmp/shots/map-upload-gm-${size}.png`, fullPage: size === 'phone' });

        const player = t.players[0];
        const art = await boardArt(player);
        expect(art.loaded).toBe(true);
        expect(art.href).toBe((await boardArt(gm)).href);
        expect(Number(art.box.width) / Number(art.box.height)).toBeCloseTo(9 / 5, 1);
        // the player reads that the art changed, in the log
        await expect.poll(() => player.locator('.log').innerText()).toMatch(/The map art changes/);
        await player.screenshot({ path: `/tmp/shots/map-upload-player-${size}.png` });
        expect(refused.filter((m) => !/Failed to load resource: the server responded with a status of 422/.test(m))).toEqual([]);
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    }, 240_000);
  }
});
