/**
 * The GM's overrides in a real browser (phase20, Goblin cave): set Kara's HP with a reason and see it in
 * the log and on the board (and a value out of range refused beside the control), grant an extra turn,
 * accept a player's suggested HP change, and reroll the dice of a log line (the original struck through).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { version, waitVersion } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { inSync, openTable, start } from './session.ts';

const table = atTheTable();

const hpOf = (page: Page, unit: string) => page.locator(`.board g.token[data-unit="${unit}"]`).getAttribute('aria-label');

describe('GM overrides in the browser', () => {
  it('sets HP with a reason, grants an extra turn, accepts a suggestion and rerolls a die', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const gm = t.gm;
      const [ana] = t.players;
      await start(t);
      await inSync(t);

      // 1. Adjust: Kara's HP to 15, with a reason — in the log and on the board, for everyone
      await gm.locator('.turn-order li[data-unit=kara] button.order-unit').first().click();
      const tools = gm.getByRole('region', { name: 'GM tools for Kara' });
      await tools.locator('summary', { hasText: 'Adjust' }).click();
      const adjust = tools.getByRole('form', { name: 'Adjust Kara' });
      await adjust.getByLabel('New value').fill('99');
      await adjust.getByRole('button', { name: 'Set', exact: true }).click();
      // refused beside the control, in plain words, with the server's message under it
      await expect.poll(() => adjust.getByRole('alert').innerText()).toContain("That GM change isn't possible.");
      // the way past the maximum is a field the form has, named as it is labelled (no "max" field name)
      const refusal = await adjust.getByRole('alert').innerText();
      expect(refusal).toContain('set a new maximum too to go higher');
      expect(refusal).not.toContain('"max"');
      expect(await adjust.getByLabel('New maximum (optional)').count()).toBe(1);
      let v = await version(gm);
      await adjust.getByLabel('New value').fill('15');
      await adjust.getByLabel('Reason (optional)').fill('the trap at the door hit her');
      await adjust.getByRole('button', { name: 'Set', exact: true }).click();
      await waitVersion(gm, v + 1);
      expect(await adjust.getByRole('alert').count()).toBe(0);
      await expect.poll(() => gm.locator('.log-line', { hasText: 'the trap at the door hit her' }).count()).toBeGreaterThan(0);
      expect(await hpOf(gm, 'kara')).toContain('HP 15 of 22');
      await inSync(t);
      expect(await hpOf(ana, 'kara')).toContain('HP 15 of 22');
      expect(await ana.locator('.log-line', { hasText: 'the trap at the door hit her' }).count()).toBeGreaterThan(0);
      // players never get the GM's controls
      expect(await ana.getByRole('button', { name: 'Extra turn' }).count()).toBe(0);
      expect(await ana.getByRole('button', { name: 'Reroll' }).count()).toBe(0);

      // 2. An extra turn for Kara at the end of the round
      v = await version(gm);
      await gm.getByRole('group', { name: 'Turn order tools for Kara' }).first().getByRole('button', { name: 'Extra turn' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => gm.locator('.turn-order li[data-unit=kara]').count()).toBe(2);
      expect(await gm.locator('.turn-order li[data-unit=kara] .badge', { hasText: 'extra' }).count()).toBe(1);
      await expect.poll(() => gm.getByRole('button', { name: 'Cancel extra turn' }).count()).toBe(1);

      // 3. Ana suggests Kara's HP be 20; the GM sees the proposal and accepts it
      await inSync(t);
      await ana.locator('details.suggest > summary').click();
      const suggest = ana.getByRole('form', { name: 'Suggest to the GM' });
      await suggest.getByLabel('Your suggestion').fill('the trap was disarmed, I only lost 2');
      await suggest.getByLabel('HP change for').selectOption('kara');
      await suggest.getByLabel('New HP').fill('20');
      v = await version(gm);
      await suggest.getByRole('button', { name: 'Suggest' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => suggest.getByRole('status').count()).toBe(1);
      const box = gm.getByRole('region', { name: 'Suggestions for the GM' });
      await expect.poll(() => box.innerText()).toContain("Accepting sets Kara's HP to 20.");
      expect(await box.innerText()).toContain('Ana suggests: “the trap was disarmed, I only lost 2”');
      expect(await hpOf(gm, 'kara')).toContain('HP 15 of 22'); // nothing changes before the GM accepts
      v = await version(gm);
      await box.getByRole('button', { name: 'Accept' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => hpOf(gm, 'kara')).toContain('HP 20 of 22');
      expect(await box.count()).toBe(0);
      expect(await gm.locator('.log-line', { hasText: 'suggested: the trap was disarmed' }).count()).toBeGreaterThan(0);
      await inSync(t);
      expect(await hpOf(ana, 'kara')).toContain('HP 20 of 22');

      // 4. Reroll the dice of the first roll in the log (an initiative roll): its line stays, struck through
      const line = gm.locator('.log-line.log-check:not(.is-undone)').first();
      const seq = Number(await line.getAttribute('data-seq'));
      await line.locator('summary').click();
      v = await version(gm);
      await line.getByRole('button', { name: 'Reroll' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => gm.locator(`.log-line[data-seq="${seq}"]`).getAttribute('class')).toContain('is-undone');
      expect(await gm.locator('.log-line', { hasText: `event #${seq}` }).count()).toBeGreaterThan(0);
      // the later overrides were decided again and still hold
      expect(await hpOf(gm, 'kara')).toContain('HP 20 of 22');
      expect(await gm.locator('.turn-order li[data-unit=kara] .badge', { hasText: 'extra' }).count()).toBe(1);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
