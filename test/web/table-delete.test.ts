/**
 * The GM deletes the table (the server's DELETE /api/tables/{t}): a GM and two players in Chromium, on
 * Goblin cave (phase20). The control sits at the foot of the Players panel; its confirmation says in
 * plain words what is lost and Cancel keeps everything; deleting leaves the GM a page that says so and
 * offers a new table, and every player's page says "The GM has deleted this table." instead of
 * reconnecting. Only visible words are read. Screenshots at desktop and phone size (390×844) go to
 * $SKIRMISH_SHOTS (default /tmp/shots/delete).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { openTable } from './session.ts';
import { machineWords } from './machine-words.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/delete';
mkdirSync(SHOTS, { recursive: true });

/** A screenshot at desktop size and one at phone size (with `at` scrolled into view), then back to desktop. */
async function shots(page: Page, name: string, at?: Locator): Promise<void> {
  await at?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await at?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('deleting a table', () => {
  it('the GM confirms in plain words (Cancel keeps it); then the GM and every player are told the table is gone', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      const name = await t.gm.locator('.topbar h1').innerText();
      const players = t.gm.getByRole('region', { name: 'Players' });
      await players.getByRole('button', { name: 'Delete this table…' }).click();
      const confirm = t.gm.getByRole('alertdialog', { name: 'Delete the table' });
      const words = await confirm.innerText();
      expect(words).toContain(`Delete the table “${name}”?`);
      expect(words).toMatch(/Every encounter, log, player seat and invite link of it is gone for good/);
      expect(words).toContain('cannot be undone');
      await shots(t.gm, 'gm-confirm', confirm);

      // Cancel: nothing happens, the players stay connected
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      expect(await confirm.count()).toBe(0);
      await expect.poll(() => players.locator('li[data-online=true]').count()).toBe(2);
      expect(await ana.getByTestId('link-status').innerText()).toBe('Live');

      await players.getByRole('button', { name: 'Delete this table…' }).click();
      await confirm.getByRole('button', { name: 'Delete for good' }).click();

      // the GM's page says so and offers a new table
      const gone = t.gm.getByTestId('table-gone');
      await gone.waitFor();
      expect(await gone.innerText()).toMatch(/Table deleted[\s\S]*This table is deleted\. Its encounters, logs and invite links are gone for good\./);
      await shots(t.gm, 'gm-deleted');

      // each player's page says it in one sentence, and stops trying to reconnect
      for (const p of [ana, ben]) {
        const note = p.getByTestId('table-gone');
        await note.waitFor();
        expect(await note.innerText()).toContain('The GM has deleted this table.');
        expect(await p.getByText('Reconnecting…').count()).toBe(0);
        expect(await p.getByRole('alert').count()).toBe(0);
        expect(await machineWords(p, ['kara', 'pell'])).toEqual([]);
      }
      await shots(ana, 'player-deleted');
      expect(await machineWords(t.gm, [])).toEqual([]);
      // still told, not retrying, a while later (a reconnect would replace the note by the table page or an error)
      await ana.waitForTimeout(1500);
      expect(await ana.getByTestId('table-gone').innerText()).toContain('The GM has deleted this table.');

      // "Create a new table" leads to the start page, whose list no longer holds the deleted table
      await t.gm.getByRole('button', { name: 'Create a new table' }).click();
      await t.gm.getByRole('button', { name: 'Create a table' }).waitFor();
      expect(await t.gm.getByRole('region', { name: 'Your tables' }).count()).toBe(0);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);
});
