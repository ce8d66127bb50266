/**
 * phase20 at the table, in a real browser: a GM and two players (three browser contexts) play Goblin
 * cave to its end. Along the way: a player never sees the hidden goblin until the GM reveals it, the odds
 * a player sees equal the server's preview, a reload mid-fight resumes where it was, and a server restart
 * (every connection dropped) is caught up by every page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeUnit, caughtUp, freshActions, step, version, waitVersion, type TurnMemo } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { assign, inSync, openTable, playToEnd, start } from './session.ts';

const table = atTheTable();

/** The server's own preview of a command, asked with this page's token (a player's own view). */
async function serverPreview(page: Page, command: Record<string, unknown>): Promise<{ chance?: number }> {
  return page.evaluate(async (cmd) => {
    const table = location.hash.split('/')[2];
    const token = localStorage.getItem(`skirmish.player.${table}`);
    const info = await (await fetch(`/api/tables/${table}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const enc = info.encounters[info.encounters.length - 1].id;
    const r = await fetch(`/api/encounters/${enc}/preview`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ command: cmd }) });
    return (await r.json()).preview;
  }, command);
}

describe('phase20 in the browser', () => {
  it('a GM and two players play Goblin cave to its end', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await inSync(t);

      // the hidden goblin: on the GM's board, nowhere on a player's page
      await expect.poll(() => t.gm.locator('g.token[data-unit=g3]').count()).toBe(1);
      for (const p of t.players) {
        expect(await p.locator('[data-unit=g3]').count()).toBe(0);
        expect(await p.content()).not.toContain('Goblin Sneak');
      }

      await start(t);
      await inSync(t);
      expect(await ana.getByTestId('round').innerText()).toBe('Round 1');

      let checkedOdds = 0;
      let reloaded = false;
      let restarted = false;
      let revealed = false;
      const steps = await playToEnd(t, {
        onAim: async ({ command, chance }) => {
          const page = t.seats.get(String(command.actor));
          if (!page || chance === undefined) return;
          const fromServer = await serverPreview(page, command);
          expect(chance).toBe(fromServer.chance);
          checkedOdds++;
        },
        beforeStep: async (n) => {
          if (n === 6 && !reloaded) {
            // a reload mid-fight resumes where it was
            reloaded = true;
            const round = await t.gm.getByTestId('round').innerText();
            const active = await activeUnit(t.gm);
            await ana.reload();
            await ana.waitForSelector('main.layout');
            await caughtUp(ana);
            expect(await ana.getByTestId('round').innerText()).toBe(round);
            // while the Sneak is hidden, its turn shows on no player's page
            expect(await activeUnit(ana)).toBe(active === 'g3' && !revealed ? undefined : active);
          }
          if (n === 10 && !restarted) {
            // every connection drops; each page reconnects and catches up from its last seq
            restarted = true;
            await table.server.restart();
            for (const p of [t.gm, ...t.players]) await p.waitForSelector('[data-testid=link-status][data-status=live]', { timeout: 20_000 });
          }
          if (n === 14 && !revealed) {
            revealed = true;
            const before = await version(t.gm);
            await t.gm.locator('.turn-order li[data-unit=g3] button.order-unit').click();
            await t.gm.getByTestId('toggle-hidden').click();
            await waitVersion(t.gm, before + 1);
            await inSync(t);
            await expect.poll(() => ben.locator('.turn-order li[data-unit=g3]').count()).toBe(1);
          }
        },
      });
      expect(steps).toBeGreaterThan(5);
      console.log(`goblin cave: ${steps} commands, ${await t.gm.locator('.turn-order h2').innerText()}`);
      await inSync(t);
      for (const p of [t.gm, ...t.players]) {
        await expect.poll(() => p.locator('main.layout').getAttribute('data-status')).toBe('ended');
        expect(await p.getByTestId('round').innerText()).toBe('Combat over');
      }
      expect(checkedOdds).toBeGreaterThan(0);
      expect(reloaded && restarted && revealed).toBe(true);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('a player plays a turn from the keyboard alone', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await start(t);
      // the GM plays the goblins until a hero's turn comes up
      const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
      let actor = await activeUnit(t.gm);
      for (let n = 0; actor && !t.seats.has(actor) && n < 50; n++) {
        await step(t.gm, actor, memo);
        actor = await activeUnit(t.gm);
      }
      const page = t.seats.get(actor!)!;
      await caughtUp(page);
      await freshActions(page);

      // a reachable square is a button: focus it, Enter aims the move there; Confirm (focused, Enter) sends it
      let before = await version(page);
      await page.locator('.board g.cell-button').first().focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm').focus();
      await page.keyboard.press('Enter');
      await waitVersion(page, before + 1);
      await freshActions(page);

      // Tab walks to the action buttons; the focused one is outlined; Space presses it
      await page.locator('.turn-order button').first().focus();
      let found = false;
      for (let i = 0; i < 80 && !found; i++) {
        await page.keyboard.press('Tab');
        found = await page.evaluate(() => document.activeElement?.getAttribute('data-command') === 'end_turn');
      }
      expect(found).toBe(true);
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe('none');
      before = await version(page);
      await page.keyboard.press('Space');
      await waitVersion(page, before + 1);
      expect(await activeUnit(page)).not.toBe(actor);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
  it('the GM runs a quick simulation of Goblin cave and sees a win rate for each side', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      await t.gm.getByRole('tab', { name: 'Simulation' }).click();
      const panel = t.gm.getByRole('region', { name: 'Quick simulation' });
      await panel.getByLabel('Fights').fill('100');
      await panel.getByRole('button', { name: 'Run' }).click();
      const results = panel.getByTestId('sim-results');
      await results.waitFor({ timeout: 20_000 });
      expect(await results.getAttribute('data-runs')).toBe('100');
      const sides = panel.getByTestId('sim-side');
      expect(await sides.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-side')).sort())).toEqual(['goblins', 'heroes']);
      for (const row of await sides.all()) {
        const rate = Number(await row.getAttribute('data-rate'));
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(1);
        // the rate and its interval as text, e.g. "62% (52–71%)"
        expect(await row.innerText()).toMatch(/\d+(\.\d)?%\s*\(\d+(\.\d)?%–\d+(\.\d)?%\)/);
      }
      // the rounds chart speaks for itself; every unit has a down rate (the GM sees the hidden goblin too)
      expect(await panel.getByTestId('sim-rounds').getAttribute('aria-label')).toMatch(/median \d+/);
      expect(await panel.getByTestId('sim-unit').count()).toBe(5);
      // the table did not change, and a player has no such panel
      expect(await t.gm.locator('main.layout').getAttribute('data-status')).toBe('setup');
      for (const p of t.players) expect(await p.getByRole('region', { name: 'Quick simulation' }).count()).toBe(0);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
