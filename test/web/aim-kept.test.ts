/**
 * An aim the player just used is not "dropped" (duel60): a player throws the one javelin Garr has; the
 * throw option goes with it, and the page says nothing about a dropped aim — even when the answer to the
 * command is lost on the way back (the server took it: its events arrive over the live link) and the table
 * moves on. Screenshots: /tmp/aim-kept-desktop.png, /tmp/aim-kept-phone.png.
 */
import { describe, expect, it } from 'vitest';
import { version, waitVersion, freshActions } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { assign, inSync, openTable, start } from './session.ts';

const table = atTheTable();
const FILE = new URL('./fixtures/one-javelin.yaml', import.meta.url).pathname;

describe('an aim the player used', () => {
  it('throwing Garr\'s last javelin, its answer lost: the log says it flies; no "Your aim was dropped"', async () => {
    const t = await openTable(table.browser, table.server.url, FILE);
    try {
      await assign(t, 'garr', 0);
      await start(t);
      await inSync(t);
      const ana = t.players[0];
      await freshActions(ana);
      await ana.locator('.actions button.action', { hasText: 'Throw' }).first().click();
      const target = ana.locator('.aiming button.target').first();
      if (await target.count()) await target.click();
      await ana.getByTestId('confirm').waitFor();
      const v = await version(ana);
      // the server takes the command; its answer never reaches the page
      await ana.route('**/api/encounters/*/commands', async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      });
      await ana.getByTestId('confirm').click();
      await waitVersion(ana, v + 1);
      await expect.poll(() => ana.locator('.log-line', { hasText: 'Javelin flies' }).count()).toBe(1);
      await ana.unroute('**/api/encounters/*/commands');
      // the table moves on (the GM says something): the page reads Garr's options again, the throw gone from them
      const w = await version(ana);
      await t.gm.getByLabel('Note to the table').fill('The wind rises.');
      await t.gm.getByRole('button', { name: 'Post' }).click();
      await waitVersion(ana, w + 1);
      await freshActions(ana);
      // a while for any late answer to come in
      await ana.waitForTimeout(1500);
      expect(await ana.getByTestId('aim-dropped').count()).toBe(0);
      expect(await ana.locator('.actions').innerText()).not.toContain('dropped');
      await ana.screenshot({ path: '/tmp/aim-kept-desktop.png' });
      await ana.setViewportSize({ width: 390, height: 844 });
      await ana.screenshot({ path: '/tmp/aim-kept-phone.png' });
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
