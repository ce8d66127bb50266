/**
 * The GM's Set stat in the browser (phase20, Goblin cave): the stat box lists Kara's own stats by name —
 * never her pools (HP is set under Adjust) nor a box to type a new name in — and a stat set reads in the log.
 * Screenshots at desktop and phone size: /tmp/set-stat-desktop.png, /tmp/set-stat-phone.png.
 */
import { describe, expect, it } from 'vitest';
import { version, waitVersion } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { inSync, openTable, start } from './session.ts';

const table = atTheTable();

describe('GM Set stat in the browser', () => {
  it('offers the unit\'s own stats by name, no pool, and sets one', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const gm = t.gm;
      await start(t);
      await inSync(t);
      await gm.locator('.turn-order li[data-unit=kara] button.order-unit').first().click();
      const tools = gm.getByRole('region', { name: 'GM tools for Kara' });
      await tools.locator('summary', { hasText: 'Set stat' }).click();
      const form = tools.getByRole('form', { name: 'Set a stat of Kara' });
      const box = form.getByLabel('Stat');
      // a list to choose from, in words: Kara's attributes, and nothing that is a pool
      expect(await box.evaluate((el) => el.tagName)).toBe('SELECT');
      expect(await box.locator('option').allInnerTexts()).toEqual(['agility', 'intelligence']);
      expect(await form.innerText()).not.toMatch(/\bHP\b/);
      expect(await form.innerText()).toContain('(now 12)');
      await box.selectOption({ label: 'intelligence' });
      expect(await form.innerText()).toContain('(now 10)');
      await form.getByLabel('Value').fill('14');
      await form.getByLabel('Reason (optional)').fill('the ring of wits');
      const v = await version(gm);
      await form.getByRole('button', { name: 'Set stat' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => gm.locator('.log-line', { hasText: "Kara's intelligence becomes 14" }).count()).toBe(1);
      expect(await gm.locator('.log-line', { hasText: 'the ring of wits' }).count()).toBe(1);
      expect(await form.innerText()).toContain('(now 14)');
      expect(await form.getByLabel('Reason (optional)').inputValue()).toBe('');
      await form.screenshot({ path: '/tmp/set-stat-desktop.png' });
      await gm.setViewportSize({ width: 390, height: 844 });
      await form.scrollIntoViewIfNeeded();
      await gm.screenshot({ path: '/tmp/set-stat-phone.png' });
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
