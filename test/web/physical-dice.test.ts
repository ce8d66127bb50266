/**
 * Physical dice in a real browser (phase20, Goblin cave): Ana rolls her own dice at the table. The page
 * asks her for each die when the rules need it, in the rules' words — Kara's initiative when the GM
 * starts, the hit check when she attacks, the attack roll (damage) only after a hit — one field per
 * die; a face the die cannot show is refused naming the die; the GM lets the server roll one; the log
 * says which dice the player rolled. Screenshots at desktop and phone size go to /tmp/shots.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activeUnit, waitVersion } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { assign, openTable } from './session.ts';

const table = atTheTable();
const SHOTS = '/tmp/shots';

/** A GM command through the GM page's own token (test plumbing: place a unit, end goblin turns). */
async function gmSend(gm: Page, command: Record<string, unknown>): Promise<number> {
  return gm.evaluate(async (cmd) => {
    const tableId = location.hash.split('/')[2].split('?')[0];
    const token = localStorage.getItem(`skirmish.gm.${tableId}`);
    const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const info = await (await fetch(`/api/tables/${tableId}`, { headers: h })).json();
    const enc = info.encounters[info.encounters.length - 1];
    const r = await fetch(`/api/encounters/${enc.id}/commands`, { method: 'POST', headers: h, body: JSON.stringify({ id: crypto.randomUUID(), expectedVersion: enc.version, command: cmd }) });
    return r.status;
  }, command);
}

const prompt = (p: Page) => p.getByTestId('dice-prompt');

describe('physical dice the page asks for', () => {
  it('asks Ana for each die in the rules\' words, refuses a face the die cannot show, and the GM lets the server roll one', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      const { gm } = t;
      await assign(t, 'kara', 0);
      // the GM sets Ana to roll her own dice (Ben keeps the table's rule: the server rolls)
      await gm.locator('li[data-player=p1] .player-dice select').selectOption('required');
      await expect.poll(() => gm.locator('li[data-player=p1] .player-dice select').inputValue()).toBe('required');
      // Goblin Cutter stands beside Kara, so her spear reaches it
      expect(await gmSend(gm, { type: 'gm.move', unit: 'g1', to: [2, 2] })).toBe(200);

      // start: the server rolls the goblins' initiative, Ana is asked for Kara's
      await gm.getByTestId('start').click();
      await expect(prompt(ana).getByTestId('dice-ask').innerText()).resolves.toBe('Kara: initiative, d20');
      await expect.poll(() => prompt(gm).getByTestId('dice-ask').innerText()).toContain('Kara: initiative, d20');
      expect(await prompt(ben).count()).toBe(0);
      // one number field, for a d20, and no way for Ana to hand it to the server (her dice are required)
      expect(await prompt(ana).locator('input[type=number]').count()).toBe(1);
      expect(await prompt(ana).getByRole('button', { name: /Let the server roll/ }).count()).toBe(0);
      await ana.screenshot({ path: `${SHOTS}/dice-initiative-desktop.png` });
      await prompt(ana).getByLabel('d20').fill('20');
      await prompt(ana).getByRole('button', { name: 'Enter the die' }).click();
      await ana.waitForSelector('main.layout[data-status=active]');
      await expect.poll(() => prompt(ana).count()).toBe(0);

      // the goblins' turns pass until Kara's (the test plays the GM's side by its API)
      for (let i = 0; i < 5 && (await activeUnit(gm)) !== 'kara'; i++) {
        const v = Number(await gm.locator('main.layout').getAttribute('data-version'));
        expect(await gmSend(gm, { type: 'end_turn', actor: await activeUnit(gm) })).toBe(200);
        await waitVersion(gm, v + 1);
      }
      expect(await activeUnit(gm)).toBe('kara');

      // on a phone: Ana attacks the goblin with her spear
      await ana.setViewportSize({ width: 390, height: 844 });
      await ana.getByTestId('your-turn').waitFor();
      await ana.locator('.actions button[data-command=attack]').first().click();
      const target = ana.locator('.aiming button.target[data-target=g1]');
      if (await target.count()) await target.click();
      await ana.getByTestId('confirm').click();
      await expect.poll(() => prompt(ana).getByTestId('dice-ask').innerText().catch(() => '')).toBe('Kara: hit check, d20');
      // 21 on a d20: refused, in words naming the die, and nothing happens
      const field = prompt(ana).getByLabel('d20');
      await field.fill('21');
      await prompt(ana).getByRole('button', { name: 'Enter the die' }).click();
      await expect(prompt(ana).getByTestId('dice-error').innerText()).resolves.toBe('Not taken: a d20 cannot show 21 (Kara: hit check, d20): it shows 1 to 20.');
      await ana.screenshot({ path: `${SHOTS}/dice-refused-phone.png` });
      expect(await prompt(ana).getByTestId('dice-ask').innerText()).toBe('Kara: hit check, d20');
      // the field is big enough to tap
      const box = (await field.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);

      // a 20 hits (20 + General Skill 1 + Combat 2 = 23 > DV 12): only now is the damage asked — phase20's attack roll, the Spear's 1d8
      await field.fill('20');
      await prompt(ana).getByRole('button', { name: 'Enter the die' }).click();
      await expect.poll(() => prompt(ana).getByTestId('dice-ask').innerText().catch(() => '')).toBe('Kara: attack roll, 1d8');
      expect(await prompt(ana).getByRole('list', { name: 'Rolled so far' }).innerText()).toBe('Kara: hit check, d20: 20 (rolled by the player)');
      await ana.screenshot({ path: `${SHOTS}/dice-damage-phone.png` });

      // the GM sees the same die asked and lets the server roll it
      await expect.poll(() => prompt(gm).getByTestId('dice-ask').innerText().catch(() => '')).toContain('Kara: attack roll, 1d8');
      await gm.screenshot({ path: `${SHOTS}/dice-gm-desktop.png` });
      const v = Number(await gm.locator('main.layout').getAttribute('data-version'));
      await prompt(gm).getByRole('button', { name: 'Let the server roll it' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => prompt(ana).count()).toBe(0);
      expect(await prompt(gm).count()).toBe(0);

      // the log: the hit check marked as rolled by the player, the damage not (the server rolled it)
      const hitLine = ana.locator('.log-line', { hasText: 'rolled by the player' });
      await expect.poll(() => hitLine.count()).toBeGreaterThanOrEqual(2); // Kara's initiative and her hit check
      await ana.setViewportSize({ width: 1280, height: 900 });
      await ana.locator('section.log').screenshot({ path: `${SHOTS}/dice-log-desktop.png` });
      const gmLines = await gm.locator('.log-line').allInnerTexts();
      expect(gmLines.filter((l) => l.includes('rolled by the player'))).toHaveLength(2);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);
});
