/**
 * The roster on the GM page, in a real browser: mid-fight the GM brings in two units in the engine's
 * shape (one phase20 can write as a file entry, one it cannot), ends the Goblin cave fight with the End
 * combat button, reviews what carries back (every change checked by default, the unit that cannot join
 * listed with its reason), accepts, and sees the wounded hero and the newcomer on the roster, and the
 * panel saying what was accepted (also after a reload) in place of the review button. In the next fight,
 * whose file does not list the newcomer, the GM brings her in from the roster by Add a unit, still wounded.
 */
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { gmCommand, gmStartsAlone, gmState } from './session.ts';

const table = atTheTable();

describe('the roster on the GM page', () => {
  it('a GM ends the fight, reviews what carries back (and who cannot join), accepts, and sees the roster', async () => {
    const ctx = await table.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    try {
      const gm = await ctx.newPage();
      gm.on('pageerror', (e) => errors.push(e.message));
      gm.on('dialog', (d) => void d.accept());
      await gmStartsAlone(gm, table.server.url, 'phase20/goblin-cave.yaml');

      // two copies of fresh Kara join in the engine's shape, on the free squares under her (1,3 and 1,4):
      // Wren as she is, which phase20 writes back as a file entry; Ghost with 40 movement, where a
      // phase20 file makes it speed × 4 = 20, so no entry can say it
      const kara = (await gmState(gm)).units.kara;
      expect(kara.position).toEqual({ x: 1, y: 2 });
      const copy = (id: string, name: string, y: number, controller: string) => ({ ...kara, id, name, controller, position: { x: 1, y } });
      expect(await gmCommand(gm, 'wren', { type: 'gm.add_unit', unit: copy('wren', 'Wren', 3, 'p1'), reason: 'Wren hears the fight' })).toBe(200);
      const pools = { ...(kara.pools as object), movement: { value: 40, max: 40 } };
      expect(await gmCommand(gm, 'ghost', { type: 'gm.add_unit', unit: { ...copy('ghost', 'Ghost', 4, 'p2'), pools }, reason: 'a ghost' })).toBe(200);
      // then an arrow hits Kara (a GM override, sent as the GM page would)
      expect(await gmCommand(gm, 'arrow', { type: 'gm.damage', unit: 'kara', amount: 7, rules: false, reason: 'an arrow' })).toBe(200);
      expect(await gmCommand(gm, 'cut', { type: 'gm.damage', unit: 'wren', amount: 5, rules: false, reason: 'a goblin blade' })).toBe(200);
      await gm.locator('.turn-order li[data-unit="ghost"]').waitFor();

      await gm.getByRole('tab', { name: 'Roster' }).click();
      const roster = gm.getByRole('region', { name: 'Roster', exact: true });
      await expect.poll(() => roster.getByText('Once this encounter ends').count()).toBe(1);
      await gm.getByRole('button', { name: 'End combat' }).click();
      await gm.waitForSelector('main.layout[data-status=ended]');

      await roster.getByRole('button', { name: 'Review what carries back' }).click();
      const changes = roster.getByRole('group', { name: 'What carries back' }).getByRole('checkbox');
      await expect.poll(() => changes.count()).toBeGreaterThan(0);
      const karaHp = roster.getByRole('checkbox', { name: 'Kara: HP full → 15/22' });
      expect(await karaHp.isChecked()).toBe(true);
      expect(await roster.getByRole('checkbox', { name: 'Kara joins the roster' }).isChecked()).toBe(true);
      // Wren is offered with an entry phase20 wrote from her unit, and her wound as a change
      expect(await roster.getByRole('checkbox', { name: 'Wren joins the roster (an entry written from the unit)' }).isChecked()).toBe(true);
      expect(await roster.getByRole('checkbox', { name: 'Wren: HP full → 17/22' }).isChecked()).toBe(true);
      for (const box of await changes.all()) expect(await box.isChecked()).toBe(true);
      // Ghost is no change to tick: it is listed apart, with the reason, and only there
      expect(await changes.evaluateAll((els) => els.map((e) => e.parentElement!.textContent!).filter((t) => t.includes('Ghost')))).toEqual([]);
      const notCarried = roster.getByRole('region', { name: 'Cannot join the roster' });
      expect(await notCarried.getAttribute('data-testid')).toBe('roster-not-carried');
      const ghost = notCarried.getByRole('listitem');
      expect(await ghost.count()).toBe(1);
      expect(await ghost.getAttribute('data-unit')).toBe('ghost');
      expect(await ghost.getAttribute('data-code')).toBe('roster/not_writable');
      const why = await ghost.innerText();
      expect(why).toMatch(/^Ghost cannot join the roster: Ghost was added in the engine's shape, with no entry in the encounter file, and phase20 cannot write one: .*movement maximum speed 5 × 4 = 20; Ghost has 40$/);
      expect(await ghost.locator('strong').innerText()).toBe('Ghost');

      await roster.getByRole('button', { name: 'Accept' }).click();
      const row = roster.getByRole('row', { name: /Kara/ });
      await row.waitFor();
      expect(await row.getByTestId('roster-hp').innerText()).toBe('15/22');
      expect(await roster.getByRole('row', { name: /Pell/ }).getByTestId('roster-hp').innerText()).toBe('16/16');
      expect(await roster.getByRole('row', { name: /Wren/ }).getByTestId('roster-hp').innerText()).toBe('17/22');
      expect(await roster.getByRole('row', { name: /Ghost/ }).count()).toBe(0);
      expect(await roster.getByTestId('roster-not-carried').count()).toBe(0);
      // accepted is a state of its own, not the review button again as if nothing had happened
      const accepted = roster.getByTestId('roster-accepted');
      const n = (await accepted.innerText()).match(/(\d+) changes? accepted/)?.[1];
      expect(await accepted.getAttribute('role')).toBe('status');
      expect(Number(n)).toBeGreaterThanOrEqual(4);
      expect(await accepted.innerText()).toMatch(/Carried back to the roster: \d+ changes accepted\./);
      expect(await roster.getByRole('button', { name: 'Review what carries back' }).count()).toBe(0);
      // and it stays so after a reload (kept in this browser; the server keeps no such flag)
      await gm.reload();
      await gm.waitForSelector('main.layout[data-status=ended]');
      await gm.getByRole('tab', { name: 'Roster' }).click();
      await accepted.waitFor();
      expect(await accepted.innerText()).toContain(`${n} changes accepted`);
      expect(await roster.getByRole('button', { name: 'Review what carries back' }).count()).toBe(0);
      // the review can still be opened again: everything is on the roster already
      await roster.getByRole('button', { name: 'Review again' }).click();
      await roster.getByText('Nothing changes: the roster already matches this encounter.').waitFor();

      // the next fight, the cave again (not from the roster): Kara and Pell are its own units; Wren, whom
      // its file does not list, joins by Add a unit as the entry she joined the roster with, wounds and all
      await gm.getByRole('button', { name: '+ Load encounter' }).click();
      await gm.locator('[data-example="phase20/goblin-cave.yaml"]').click();
      await gm.waitForSelector('main.layout[data-status=setup]');
      await gm.getByTestId('start').click();
      await gm.waitForSelector('main.layout[data-status=active]');
      expect(await gm.locator('.turn-order li[data-unit="kara"] .hp').first().innerText()).toContain('22/22');
      await gm.getByRole('region', { name: 'GM controls' }).locator('summary', { hasText: 'Add a unit' }).click();
      const form = gm.getByRole('form', { name: 'Add a unit' });
      const pick = form.getByLabel('Start from').locator('option', { hasText: '(roster' });
      await expect.poll(() => pick.allInnerTexts()).toEqual(['Wren (roster, HP 17/22)']);
      await form.getByLabel('Start from').selectOption({ label: 'Wren (roster, HP 17/22)' });
      await form.getByRole('button', { name: 'Open in the form' }).click();
      // the entry she joined with, in the builder's unit form, wounds and all
      const unitForm = form.getByTestId('add-unit-form');
      await expect.poll(() => unitForm.getByRole('textbox', { name: /^Name(required)?$/ }).inputValue()).toBe('Wren');
      expect(await unitForm.getByRole('spinbutton', { name: /^Start HP(required)?$/ }).inputValue()).toBe('17');
      expect(await unitForm.getByRole('spinbutton', { name: /^HP(required)?$/ }).inputValue()).toBe('22');
      expect(await unitForm.locator('.b-problems-at').count()).toBe(0);
      await form.getByLabel('Enters the turn order').selectOption({ label: 'at the end of the round' });
      await form.getByRole('button', { name: 'Add unit' }).click();
      await expect.poll(() => form.getByRole('status').innerText()).toBe('Wren joined the fight.');
      const wren = gm.locator('.turn-order li').last();
      expect(await wren.getAttribute('data-unit')).toBe('wren');
      expect(await wren.locator('.hp').innerText()).toContain('17/22');
      expect(await gm.locator('.board g.token[data-unit="wren"]').getAttribute('data-at')).toBe('1,3');
      // in the fight now: no one else on the roster to offer
      await expect.poll(() => pick.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 150_000);
});
