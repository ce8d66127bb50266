/**
 * phase20's Preparation Phase at the table (P20-PREP-1): a unit that attacks with its only Action enters
 * it at once, and the page offers "Ready an attack" in words before the turn passes; pressing it readies
 * the attack and the log says so.
 */
import { describe, expect, it } from 'vitest';
import { activeUnit, freshActions, step, version, waitVersion, type TurnMemo } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { gmStartsAlone } from './session.ts';

const table = atTheTable();

describe('phase20 Preparation in the browser', () => {
  it('P20-PREP-1: after its last Action the GM is offered Ready an attack, in words, and it readies', async () => {
    const ctx = await table.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const gm = await ctx.newPage();
      const errors: string[] = [];
      gm.on('pageerror', (e) => errors.push(e.message));
      await gmStartsAlone(gm, table.server.url, 'phase20/goblin-cave.yaml');
      const panel = gm.locator('.actions');
      const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
      let lastKey = '';
      // the GM plays every unit (the bot: attack if it can, else walk up) until one has used its last Action
      for (let n = 0; n < 120; n++) {
        await freshActions(gm);
        const commands = await panel.locator('button.action').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-command')).sort());
        if (commands.join() === 'end_turn,prepare') break;
        const actor = (await activeUnit(gm))!;
        const key = `${await gm.getByTestId('round').innerText()}|${actor}`;
        if (key !== lastKey) {
          Object.assign(memo, { key, attacks: 0, moved: 0 });
          lastKey = key;
        }
        await step(gm, actor, memo);
      }
      const ready = panel.locator('button.action[data-command=prepare]');
      await expect.poll(() => ready.count()).toBe(1);
      const words = await ready.innerText();
      expect(words).toMatch(/^Ready an attack with .+ — strikes the first enemy that ends a move within reach, until .+'s next turn$/);
      expect(await panel.locator('button.action[data-command=end_turn]').innerText()).toBe('End the turn (the Preparation can still be announced later)');
      expect(await panel.getByRole('group', { name: 'Preparation' }).count()).toBe(1);
      await gm.screenshot({ path: '/tmp/shots/preparation-desktop.png' });
      await gm.setViewportSize({ width: 390, height: 844 });
      await gm.screenshot({ path: '/tmp/shots/preparation-phone.png', fullPage: true });
      await gm.setViewportSize({ width: 1280, height: 900 });
      const before = await version(gm);
      await ready.click();
      await waitVersion(gm, before + 1);
      await expect.poll(() => gm.locator('.log').innerText()).toContain('readies an attack with');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 240_000);
});
