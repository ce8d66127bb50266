/**
 * The GM's units and turn order in a real browser (phase20, Goblin cave): add a unit mid-fight in the
 * builder's unit form, started from a copy or pasted as the encounter file writes it (YAML or JSON) —
 * hidden, it never reaches a player's page; visible, it does — with refused units explained beside the form; change a unit's side; link units (a link to a hidden unit stays off the player's page); and
 * give a turn-order action a typed reason that the players read in the log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './harness.ts';
import { activeUnit, version, waitVersion } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { inSync, openTable, start, type Table } from './session.ts';

const table = atTheTable();

const select = (page: Page, unit: string) => page.locator(`.turn-order li[data-unit="${unit}"] button.order-unit`).first().click();
const logLine = (page: Page, text: string) => page.locator('.log-line', { hasText: text });

/** Click and wait for the GM page to show the command's events. */
async function sends(t: Table, button: Locator): Promise<void> {
  const v = await version(t.gm);
  await button.click();
  await waitVersion(t.gm, v + 1);
  await inSync(t);
}

describe('GM: units, sides, links and reasons in the browser', () => {
  it('adds units written as in the encounter file — hidden and visible, from a copy and pasted from a file — and explains refused ones', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const { gm } = t;
      const [ana] = t.players;
      await start(t);
      await inSync(t);
      await gm.getByRole('region', { name: 'GM controls' }).locator('summary', { hasText: 'Add a unit' }).click();
      const form = gm.getByRole('form', { name: 'Add a unit' });
      const box = form.getByLabel('Unit (YAML or JSON)');
      const alert = form.locator('.error-note');
      const unitForm = form.getByTestId('add-unit-form');
      // a unit written out elsewhere is pasted (folded away) and read into the builder's unit form
      await form.locator('summary', { hasText: 'Or paste a unit written out' }).click();
      const paste = async (text: string) => {
        await box.fill(text);
        await form.getByRole('button', { name: 'Read into the form' }).click();
      };

      // not YAML at all: refused on the page, with the line
      await paste('id: g4\nname: [Goblin Scout\nside: goblins');
      await expect.poll(() => alert.innerText()).toContain('That text is not YAML or JSON.');
      expect(await alert.innerText()).toMatch(/at line \d+, column \d+/);
      expect(await unitForm.count()).toBe(0);
      // a unit with a weapon the file's content does not have: the form shows the problem at its field, and
      // the server's words say what and where (at the entry, not at the file's units[5])
      const v0 = await version(gm);
      await paste('{ id: g4, name: Goblin Scout, side: goblins, at: [8, 4], hp: 9, dv: 12, weapons: [axe] }');
      await unitForm.waitFor();
      expect(await unitForm.locator('.b-problems-at').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/axe/)]));
      await form.getByRole('button', { name: 'Add unit' }).click();
      await expect.poll(() => alert.innerText()).toContain('The new unit has a mistake.');
      expect(await alert.innerText()).toContain('entry.weapons[0]: no weapon "axe" in content.weapons');
      // a cell another unit stands on
      await paste('{ id: g4, name: Goblin Scout, side: goblins, at: [7, 1], hp: 9, dv: 12, weapons: [rusty] }');
      await form.getByRole('button', { name: 'Add unit' }).click();
      await expect.poll(() => alert.innerText()).toContain('entry.at: cell [7, 1] is taken by Goblin Cutter (g1)');
      expect(await version(gm)).toBe(v0);

      // a hidden goblin, started from a copy of the Goblin Cutter in the unit form, placed by phase20's rule (it rolls initiative)
      await form.getByLabel('Start from').selectOption({ label: 'A copy of Goblin Cutter' });
      await form.getByRole('button', { name: 'Open in the form' }).click();
      // the copy as the file writes the Goblin Cutter, named afresh, on the free cell next to it: no problem anywhere
      const name = unitForm.getByRole('textbox', { name: /^Name(required)?$/ });
      await expect.poll(() => name.inputValue()).toBe('Goblin Cutter 2');
      expect(await unitForm.locator('.b-problems-at').count()).toBe(0);
      await name.fill('Goblin Lurker');
      expect(await form.getByLabel('Enters the turn order').inputValue()).toBe('0');
      expect(await form.getByLabel('Enters the turn order').locator('option').first().innerText()).toBe('by the rules');
      await form.getByLabel('hidden from players').check();
      await form.getByLabel('Reason (optional)').fill('it was waiting in the dark');
      await sends(t, form.getByRole('button', { name: 'Add unit' }));
      await expect.poll(() => form.getByRole('status').innerText()).toBe('Goblin Lurker joined the fight, hidden from the players.');
      expect(await alert.count()).toBe(0);
      expect(await unitForm.count()).toBe(0);
      const lurker = gm.locator('.turn-order li[data-unit="g1-2"]');
      await expect.poll(() => lurker.count()).toBe(1);
      expect(await lurker.locator('.badge-hidden').count()).toBe(1);
      expect(await gm.locator('.board g.token[data-unit="g1-2"]').getAttribute('data-at')).toBe('6,0');
      expect(await logLine(gm, 'Goblin Lurker joins the fight (goblins)').innerText()).toContain('it was waiting in the dark');
      // the player's page: not on the board, in the turn order, the log's unit filter, its joining or its initiative roll
      expect(await ana.locator('[data-unit="g1-2"]').count()).toBe(0);
      expect(await ana.getByLabel('Show lines about').locator('option[value="g1-2"]').count()).toBe(0);
      expect(await logLine(ana, 'joins the fight').count()).toBe(0);
      expect(await logLine(ana, 'Goblin Lurker:').count()).toBe(0);
      expect(await ana.locator('.turn-order').innerText()).not.toContain('Goblin Lurker');
      expect(await ana.content()).not.toContain('g1-2');
      // nor the turn-order line placing it (the engine's view withholds it: nothing the player sees moved), nor the GM's reason
      expect(await logLine(ana, 'joins at initiative').count()).toBe(0);
      expect(await ana.content()).not.toMatch(/Goblin Lurker|waiting in the dark/);

      // a visible newcomer pasted as JSON (Kara's entry, renamed), at the end of the round: the players see it join
      const { parse } = await import('yaml');
      const file = parse(readFileSync(join(ROOT, 'examples/phase20/goblin-cave.yaml'), 'utf8')) as { units: Record<string, unknown>[] };
      const { controller: _c, ...kara } = file.units.find((u) => u.id === 'kara')!;
      const rook = JSON.stringify({ ...kara, id: 'rook', name: 'Rook', at: [0, 3] }, null, 2);
      await paste(rook);
      await form.getByLabel('Enters the turn order').selectOption({ label: 'at the end of the round' });
      await sends(t, form.getByRole('button', { name: 'Add unit' }));
      await expect.poll(() => ana.locator('.turn-order li').last().getAttribute('data-unit')).toBe('rook');
      expect(await gm.locator('.turn-order li').last().getAttribute('data-unit')).toBe('rook');
      expect(await ana.locator('.board g.token[data-unit="rook"]').getAttribute('data-at')).toBe('0,3');
      expect(await logLine(gm, 'Rook joins the fight (heroes)').count()).toBe(1);
      // players read it join, and the turn-order line placing it
      expect(await logLine(ana, 'Rook joins the fight (heroes)').count()).toBe(1);
      expect(await logLine(ana, 'Rook joins at slot').count()).toBe(1);
      // a second unit of that id is refused, beside the form
      await paste(rook);
      await form.getByRole('button', { name: 'Add unit' }).click();
      await expect.poll(() => alert.innerText()).toContain('entry.id: there is already a unit "rook" (Rook)');

      // a line pasted from a file's units: list, as it is: the scout joins where the file says
      await paste('  - { id: g4, name: Goblin Scout, side: goblins, at: [8, 4], hp: 9, dv: 12, speed: 6, weapons: [rusty] }');
      await sends(t, form.getByRole('button', { name: 'Add unit' }));
      await expect.poll(() => form.getByRole('status').innerText()).toBe('Goblin Scout joined the fight.');
      expect(await alert.count()).toBe(0);
      await expect.poll(() => ana.locator('.board g.token[data-unit="g4"]').getAttribute('data-at')).toBe('8,4');
      expect(await logLine(ana, 'Goblin Scout joins the fight (goblins)').count()).toBe(1);
      // and can be copied in turn
      await expect.poll(() => form.getByLabel('Start from').locator('option', { hasText: 'A copy of Goblin Scout' }).count()).toBe(1);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('changes a side, links units, and gives turn-order actions a reason', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const { gm } = t;
      const [ana] = t.players;
      await start(t);
      await inSync(t);

      // 1. Side: the Goblin Brute deserts, to a side the GM names
      await select(gm, 'g2');
      const brute = gm.getByRole('region', { name: 'GM tools for Goblin Brute' });
      await brute.locator('summary', { hasText: 'Side' }).click();
      const side = brute.getByRole('form', { name: 'Change the side of Goblin Brute' });
      expect(await side.innerText()).toContain('Fights for goblins now.');
      await side.getByLabel('New side').selectOption({ label: 'a new side…' });
      await side.getByLabel('Name of the new side').fill('deserters');
      await side.getByLabel('Reason (optional)').fill('paid off by Kara');
      await sends(t, side.getByRole('button', { name: 'Change side' }));
      expect(await gm.locator('.turn-order li[data-unit="g2"]').getAttribute('data-side')).toBe('deserters');
      expect(await side.innerText()).toContain('Fights for deserters now.');
      for (const page of [gm, ana]) {
        await expect.poll(() => page.locator('.turn-order li[data-unit="g2"]').getAttribute('data-side')).toBe('deserters');
        expect(await page.locator('.board g.token[data-unit="g2"]').getAttribute('data-side')).toBe('deserters');
        expect(await logLine(page, 'Goblin Brute now fights for deserters').innerText()).toContain('paid off by Kara');
      }

      // 2. Links: Kara leads Pell (a bond); Pell leads the hidden Goblin Sneak, which players must not learn
      await select(gm, 'kara');
      const karaTools = gm.getByRole('region', { name: 'GM tools for Kara' });
      await karaTools.locator('summary', { hasText: 'Links' }).click();
      const link = karaTools.getByRole('form', { name: 'Link Kara with another unit' });
      await link.getByLabel('Link with').selectOption('pell');
      await link.getByLabel('Kind').fill('bond');
      await link.getByLabel('Reason (optional)').fill('sworn to each other');
      await sends(t, link.getByRole('button', { name: 'Link' }));
      await expect.poll(() => karaTools.getByRole('list', { name: 'Links of Kara' }).innerText()).toContain('leads Pell (bond)');
      expect(await karaTools.locator('summary', { hasText: 'Links (1)' }).count()).toBe(1);
      await select(gm, 'pell');
      const pellTools = gm.getByRole('region', { name: 'GM tools for Pell' });
      await pellTools.locator('summary', { hasText: 'Links' }).click();
      const link2 = pellTools.getByRole('form', { name: 'Link Pell with another unit' });
      await link2.getByLabel('Link with').selectOption('g3');
      await link2.getByLabel('Kind').fill('pet');
      await sends(t, link2.getByRole('button', { name: 'Link' }));
      await expect.poll(() => pellTools.getByRole('list', { name: 'Links of Pell' }).innerText()).toContain('leads Goblin Sneak (pet)');
      expect(await gm.getByTestId('unit-links').innerText()).toBe('Links: led by Kara (bond), leads Goblin Sneak (pet)');
      expect(await logLine(gm, 'Pell now leads Goblin Sneak (pet)').innerText()).toContain('linked by the GM');
      // the player reads the bond in the log and on the unit, and nothing of the hidden pet
      expect(await logLine(ana, 'Kara now leads Pell (bond)').innerText()).toContain('sworn to each other');
      expect(await logLine(ana, 'Pell is now led by Kara (bond)').count()).toBe(1);
      await select(ana, 'pell');
      expect(await ana.getByTestId('unit-links').innerText()).toBe('Links: led by Kara (bond)');
      expect(await ana.locator('.log-lines').innerText()).not.toContain('Goblin Sneak');
      // unlink, with its own line
      await sends(t, pellTools.getByRole('button', { name: 'Unlink Pell and Kara (bond)' }));
      await expect.poll(() => logLine(ana, 'Kara no longer leads Pell (bond)').count()).toBe(1);
      expect(await ana.getByTestId('unit-links').count()).toBe(0);

      // 3. A reason on the turn order: an extra turn for Pell, then End turn
      const slot = gm.getByRole('group', { name: 'Turn order tools for Pell' }).first();
      await slot.getByLabel('Reason (optional)').fill('for the oath');
      await sends(t, slot.getByRole('button', { name: 'Extra turn' }));
      for (const page of [gm, ana]) {
        await expect.poll(() => logLine(page, 'Pell gets an extra turn (GM)').innerText()).toContain('for the oath');
      }
      expect(await gm.getByRole('group', { name: 'Turn order tools for Pell' }).first().getByLabel('Reason (optional)').inputValue()).toBe('');
      const actor = (await activeUnit(gm))!;
      const name = await gm.locator(`.turn-order li[data-unit="${actor}"] .order-name`).first().innerText();
      const round = gm.getByRole('group', { name: 'Turn and round' });
      await round.getByLabel('Reason to end the turn or round (optional)').fill('took too long to decide');
      await sends(t, round.getByRole('button', { name: 'End turn' }));
      expect(await logLine(gm, `${name} ends the turn`).last().innerText()).toContain('took too long to decide');
      // the reason rides on every event of the command: players read it on the next turn's lines, and
      // on the ended turn only when they can see that unit (the Goblin Sneak is hidden)
      await expect.poll(() => logLine(ana, 'took too long to decide').count()).toBeGreaterThan(0);
      expect(await logLine(ana, `${name} ends the turn`).count()).toBe(actor === 'g3' ? 0 : 1);
      expect(await ana.locator('.log-lines').innerText()).not.toContain('Goblin Sneak');
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
