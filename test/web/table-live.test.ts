/**
 * The table as it lives (issue 21): a GM and two players in Chromium, on Goblin cave (phase20). A pause
 * reaches every page at once and the GM's button follows; the GM sees who is online and that an invite
 * was used; the player whose unit acts is told so on the page and in the tab's title; a player's aim
 * (odds and Confirm) survives a GM's note; no machine words (JSON, command or player ids, field names)
 * in any visible text; and on a phone (390×844) the board's squares are a finger wide and Confirm stays
 * on screen. Screenshots of each page at both sizes go to $SKIRMISH_SHOTS (default /tmp/shots/table).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeUnit, caughtUp, freshActions, step, version, waitVersion, type TurnMemo } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { machineWords } from './machine-words.ts';
import { assign, gmCommand, gmState, inSync, openTable, start, type Table } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/table';
mkdirSync(SHOTS, { recursive: true });

/** Play the bot until `unit` is the one acting (other units end their turns as the bot plays them). */
async function untilTurnOf(t: Table, unit: string, limit = 60): Promise<void> {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  for (let i = 0; i < limit; i++) {
    const actor = await activeUnit(t.gm);
    if (actor === unit) return;
    if (!actor) {
      await t.gm.waitForTimeout(50);
      continue;
    }
    const page = t.seats.get(actor) ?? t.gm;
    const key = `${actor}|${i}`;
    if (memo.key.split('|')[0] !== actor) Object.assign(memo, { key, attacks: 0, moved: 0 });
    // others only end their turns (after one attack): the board stays as it was set up
    memo.moved = 2;
    await step(page, actor, memo);
  }
  throw new Error(`${unit} never came to act`);
}

/** The GM puts Kara beside the first goblin the players can see, so she has someone to attack. */
async function besideAGoblin(t: Table): Promise<void> {
  const s = (await gmState(t.gm)) as unknown as { units: Record<string, { side: string; status: string; hidden?: boolean; position?: { x: number; y: number } }> };
  const kara = s.units.kara;
  const foe = Object.values(s.units).find((u) => u.side !== kara.side && u.status === 'active' && !u.hidden && u.position)!;
  const taken = new Set(Object.values(s.units).flatMap((u) => (u.position ? [`${u.position.x},${u.position.y}`] : [])));
  const spot = [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, 1], [-1, 1], [1, -1]].map(([dx, dy]) => [foe.position!.x + dx, foe.position!.y + dy]).find(([x, y]) => x >= 0 && y >= 0 && !taken.has(`${x},${y}`))!;
  const before = await version(t.gm);
  expect(await gmCommand(t.gm, 'beside', { type: 'gm.move', unit: 'kara', to: spot })).toBe(200);
  await waitVersion(t.gm, before + 1);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('the live table', () => {
  it('pause, presence, your turn, an aim that survives a note, and no machine words', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      // the GM sees both players online, and each invite used
      const players = t.gm.getByRole('region', { name: 'Players' });
      await expect.poll(() => players.locator('li[data-online=true]').count()).toBe(2);
      expect(await players.innerText()).toMatch(/Ana\s+online/);
      await expect.poll(() => players.getByTestId('invite-used').count()).toBe(2);
      expect(await players.getByTestId('invite-url').count()).toBe(0);
      expect(await players.innerText()).not.toContain('works once');

      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await inSync(t);
      await start(t);
      await besideAGoblin(t);
      await inSync(t);

      // pause: everyone's page says so at once, the GM's button reads Resume; no reload
      await t.gm.getByRole('region', { name: 'GM controls' }).getByRole('button', { name: 'Pause' }).click();
      for (const p of [t.gm, ana, ben]) await p.getByTestId('paused-banner').waitFor();
      expect(await ana.getByTestId('paused-banner').innerText()).toContain('the GM has paused the fight');
      expect(await t.gm.getByRole('region', { name: 'GM controls' }).getByRole('button', { name: 'Resume' }).getAttribute('aria-pressed')).toBe('true');
      await shot(ana, 'player-paused-desktop');
      await t.gm.getByTestId('paused-banner').getByRole('button', { name: 'Resume' }).click();
      for (const p of [t.gm, ana, ben]) await expect.poll(() => p.getByTestId('paused-banner').count()).toBe(0);
      await expect.poll(() => t.gm.getByRole('region', { name: 'GM controls' }).getByRole('button', { name: 'Pause' }).count()).toBe(1);

      // Kara's turn: Ana is told, on the page and in the tab's title; Ben is not
      await untilTurnOf(t, 'kara');
      await caughtUp(ana);
      await ana.getByTestId('your-turn').waitFor();
      expect(await ana.getByTestId('your-turn').innerText()).toBe("It's your turn: Kara acts.");
      await expect.poll(() => ana.title()).toMatch(/^● Your turn in Goblin cave — /);
      expect(await ben.getByTestId('your-turn').count()).toBe(0);
      expect(await ben.title()).not.toContain('●');

      // Ana aims an attack; the GM posts a note; the aim (odds and Confirm) is still there
      await freshActions(ana);
      await ana.locator('.actions button.action[data-group=attack]').first().click();
      const target = ana.locator('.aiming button.target').first();
      if (await target.count()) await target.click();
      await ana.getByTestId('confirm').waitFor();
      await ana.getByTestId('odds').waitFor();
      const aimed = await ana.locator('.confirm').getAttribute('data-command-json');
      await shot(ana, 'player-aim-desktop');
      const before = await version(ana);
      await t.gm.getByLabel('Note to the table').fill('The torches gutter.');
      await t.gm.getByRole('form', { name: 'Note' }).getByRole('button', { name: 'Post' }).click();
      await waitVersion(ana, before + 1);
      await freshActions(ana);
      expect(await ana.locator('.actions').innerText()).not.toContain('Your aim was dropped');
      expect(await ana.locator('.confirm').getAttribute('data-command-json')).toBe(aimed);
      expect(await ana.getByTestId('odds').count()).toBe(1);
      expect(await ana.locator('.log-line', { hasText: 'The torches gutter.' }).count()).toBe(1);

      // no machine words on any page (the ids of the units: as the GM's state names them)
      const ids = Object.keys((await gmState(t.gm)).units);
      for (const p of [t.gm, ana, ben]) expect(await machineWords(p, ids)).toEqual([]);
      await t.gm.evaluate(() => window.scrollTo(0, 0));
      await shot(t.gm, 'gm-desktop');
      await t.gm.screenshot({ path: `${SHOTS}/gm-desktop-full.png`, fullPage: true });
      // the GM page's tools are in tabs under the board: the page is about a screen and a half, not three
      const height = await t.gm.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(900 * 1.6);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('on a phone (390×844): squares a finger wide, costs readable, Confirm on screen', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml', { width: 390, height: 844 });
    try {
      const [ana] = t.players;
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await inSync(t);
      await start(t);
      await besideAGoblin(t);
      await untilTurnOf(t, 'kara');
      await caughtUp(ana);
      await freshActions(ana);
      // the board opens zoomed to squares of at least 44 px, and the move costs are chips of 13 px text
      const px = Number(await ana.getByTestId('board-frame').getAttribute('data-cell-px'));
      expect(px).toBeGreaterThanOrEqual(44);
      const cost = ana.locator('.cell-cost-chip .cell-cost').first();
      if (await cost.count()) expect((await cost.boundingBox())!.height).toBeGreaterThanOrEqual(9);
      await shot(ana, 'player-turn-phone');
      await ana.locator('.actions button.action[data-group=attack]').first().click();
      const target = ana.locator('.aiming button.target').first();
      if (await target.count()) await target.click();
      const confirm = ana.getByTestId('confirm');
      await confirm.waitFor();
      // Confirm is on screen without scrolling, whatever is scrolled into view
      await ana.evaluate(() => window.scrollTo(0, 0));
      const box = (await confirm.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await shot(ana, 'player-aim-phone');
      await ana.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const low = (await confirm.boundingBox())!;
      expect(low.y + low.height).toBeLessThanOrEqual(844);
      await confirm.click();
      await expect.poll(() => ana.getByTestId('confirm').count()).toBe(0);
      await shot(t.gm, 'gm-phone');
      const ids = Object.keys((await gmState(t.gm)).units);
      for (const p of t.players) expect(await machineWords(p, ids)).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('an area of effect is drawn before Confirm, everyone it strikes ringed and listed in the odds', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/crossroads-4v4.yaml');
    try {
      const [ana] = t.players;
      await assign(t, 'ilsa', 0);
      await inSync(t);
      await start(t);
      // Tam and Bran stand beside Rask, Ilsa within Fireball's range (8): a fireball at Rask strikes Tam too and
      // spares Bran (phase20's spells strike the caster's foes unless the spell says friendlyFire)
      for (const [id, unit, to] of [['b1', 'bran', [10, 2]], ['t1', 'tam', [11, 3]], ['i1', 'ilsa', [4, 2]]] as const) {
        const before = await version(t.gm);
        expect(await gmCommand(t.gm, id, { type: 'gm.move', unit, to })).toBe(200);
        await waitVersion(t.gm, before + 1);
      }
      await untilTurnOf(t, 'ilsa');
      await caughtUp(ana);
      await freshActions(ana);
      await ana.locator('.actions button.action', { hasText: 'Fireball' }).first().click();
      await ana.locator('.board g.token[data-unit=rask]').click();
      await ana.getByTestId('confirm').waitFor();
      await ana.getByTestId('odds').waitFor();
      // the nine squares around Rask; Rask and Tam ringed, Bran not; Tam listed with his own odds
      await expect.poll(() => ana.getByTestId('area-cell').count()).toBe(9);
      expect(await ana.locator('.board g.token[data-unit=rask]').getAttribute('data-affected')).toBe('foe');
      expect(await ana.locator('.board g.token[data-unit=tam]').getAttribute('data-affected')).toBe('foe');
      expect(await ana.locator('.board g.token[data-unit=bran]').getAttribute('data-affected')).toBeNull();
      const also = ana.getByTestId('odds-affected');
      expect(await also.innerText()).toMatch(/Tam\s+\d+(\.\d)?%/);
      expect(await also.innerText()).not.toContain('Bran');
      await shot(ana, 'player-area-desktop');
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);
});
