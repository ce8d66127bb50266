/**
 * What the board and the action panel say must match what they show: the move hint only while move
 * squares are highlighted, a fallen unit's initials still readable under its "down" mark.
 */
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { activeUnit, caughtUp, freshActions, step, type TurnMemo } from './bot.ts';
import { assign, gmCommand, gmStartsAlone, openTable, start } from './session.ts';

const table = atTheTable();

describe('board hints', () => {
  it('says "Tap a highlighted square" only while move squares are highlighted', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await start(t);
      const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
      let checked = false;
      for (let n = 0; n < 120 && !checked; n++) {
        const actor = await activeUnit(t.gm);
        if (!actor) break;
        const key = `${await t.gm.getByTestId('round').innerText()}|${actor}`;
        if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: 0 });
        const page = t.seats.get(actor) ?? t.gm;
        if (page !== t.gm) {
          await caughtUp(page);
          await freshActions(page);
          const attack = page.locator('.actions button.action[data-group=attack]:not([disabled])');
          const hint = page.getByTestId('move-hint');
          const moves = page.locator('.board g.cell-button');
          // a hero who may both move and attack: the moment the test is about
          if ((await attack.count()) && (await hint.count()) && (await moves.count())) {
            expect(await hint.innerText()).toContain('Tap a highlighted square');
            await attack.first().click();
            // aiming (or confirming a single target): no square is highlighted, so no hint says there is
            await page.locator('.aiming, .confirm').first().waitFor();
            expect(await moves.count()).toBe(0);
            expect(await hint.count()).toBe(0);
            expect(await page.getByText('Tap a highlighted square').count()).toBe(0);
            expect(await page.getByTestId('move-hint-paused').innerText()).toMatch(/cancel the action/);
            // cancelled: the squares and the hint come back together
            await page.locator('.aiming button.secondary, .confirm button.secondary').first().click();
            await hint.waitFor();
            expect(await moves.count()).toBeGreaterThan(0);
            checked = true;
            break;
          }
        }
        await step(page, actor, memo);
      }
      expect(checked, 'no hero turn with both a move and an attack came up').toBe(true);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('keeps a fallen unit’s initials readable: the down mark sits beside them, not over them', async () => {
    const ctx = await table.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const gm = await ctx.newPage();
      await gmStartsAlone(gm, table.server.url, 'phase20/goblin-cave.yaml');
      expect(await gmCommand(gm, 'fell', { type: 'gm.damage', unit: 'g1', amount: 100, rules: true, reason: 'a falling rock' })).toBe(200);
      const token = gm.locator('.board g.token[data-unit="g1"]');
      await expect.poll(() => token.getAttribute('data-status')).not.toBe('active');
      const mark = token.getByTestId('down-mark');
      expect(await mark.count()).toBe(1);
      const box = (sel: string) => token.locator(sel).evaluate((e) => {
          // an SVGRect does not cross to the test as it is: copy its numbers
          const { x, y, width, height } = (e as SVGGraphicsElement).getBBox();
          return { x, y, width, height };
        });
      const [text, down] = [await box('.token-text'), await box('[data-testid=down-mark]')];
      const overlapX = Math.min(text.x + text.width, down.x + down.width) - Math.max(text.x, down.x);
      const overlapY = Math.min(text.y + text.height, down.y + down.height) - Math.max(text.y, down.y);
      // glyph boxes carry some padding: a corner touching is fine, a mark across the letters is not
      expect(Math.max(0, overlapX) * Math.max(0, overlapY)).toBeLessThan(text.width * text.height * 0.12);
      expect(await token.locator('.token-text').evaluate((e) => getComputedStyle(e).fill)).toBe('rgb(255, 255, 255)');
      expect(await token.getAttribute('aria-label')).toMatch(/Goblin Cutter.*(down|dead|out)/);
      await gm.locator('.board-grid').screenshot({ path: '/tmp/board-down.png' });
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
