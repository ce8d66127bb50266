/**
 * The roster on the GM page, in a real browser: the GM ends a Goblin cave fight with the End combat
 * button, reviews what carries back (every change checked by default), accepts, and sees the wounded
 * hero's hit points on the roster.
 */
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';

const table = atTheTable();

describe('the roster on the GM page', () => {
  it('a GM ends the fight, reviews what carries back, accepts, and sees the roster', async () => {
    const ctx = await table.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    try {
      const gm = await ctx.newPage();
      gm.on('pageerror', (e) => errors.push(e.message));
      gm.on('dialog', (d) => void d.accept());
      await gm.goto(`${table.server.url}/`);
      await gm.getByRole('button', { name: 'Create a table' }).click();
      await gm.waitForURL(/#\/gm\//);
      await gm.locator('[data-example="phase20/goblin-cave.yaml"]').click();
      await gm.waitForSelector('main.layout[data-status=setup]');
      await gm.getByTestId('start').click();
      await gm.waitForSelector('main.layout[data-status=active]');

      // an arrow hits Kara (a GM override, sent as the GM page would)
      const status = await gm.evaluate(async () => {
        const table = location.hash.split('/')[2];
        const auth = { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${table}`)}` };
        const info = await (await fetch(`/api/tables/${table}`, { headers: auth })).json();
        const enc = info.encounters[info.encounters.length - 1].id;
        const snap = await (await fetch(`/api/encounters/${enc}`, { headers: auth })).json();
        const r = await fetch(`/api/encounters/${enc}/commands`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'arrow', expectedVersion: snap.encounter.version, command: { type: 'gm.damage', unit: 'kara', amount: 7, rules: false, reason: 'an arrow' } }),
        });
        return r.status;
      });
      expect(status).toBe(200);

      const roster = gm.getByRole('region', { name: 'Roster' });
      await expect.poll(() => roster.getByText('Once this encounter ends').count()).toBe(1);
      await gm.getByRole('button', { name: 'End combat' }).click();
      await gm.waitForSelector('main.layout[data-status=ended]');

      await roster.getByRole('button', { name: 'Review what carries back' }).click();
      const changes = roster.getByRole('group', { name: 'What carries back' }).getByRole('checkbox');
      await expect.poll(() => changes.count()).toBeGreaterThan(0);
      const kara = roster.getByRole('checkbox', { name: 'Kara: HP full → 15/22' });
      expect(await kara.isChecked()).toBe(true);
      expect(await roster.getByRole('checkbox', { name: 'Kara joins the roster' }).isChecked()).toBe(true);
      for (const box of await changes.all()) expect(await box.isChecked()).toBe(true);

      await roster.getByRole('button', { name: 'Accept' }).click();
      const row = roster.getByRole('row', { name: /Kara/ });
      await row.waitFor();
      expect(await row.getByTestId('roster-hp').innerText()).toBe('15/22');
      expect(await roster.getByRole('row', { name: /Pell/ }).getByTestId('roster-hp').innerText()).toBe('16/16');
      await expect.poll(() => roster.getByRole('status').innerText()).toMatch(/carried back to the roster/);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
