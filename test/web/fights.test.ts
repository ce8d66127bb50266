/**
 * An evening of fights (issue 35.1): a GM and two players, two fights at once at one table — Goblin cave
 * (Ana plays Kara, Ben plays Pell) and Duel in the ring (Ben plays Kaela). Each player's page follows their
 * own fights, never the GM's tab; a fight that needs a player while they look at another says "Your turn in
 * <fight>" on the page and in the tab's title; the GM's tabs tell every fight's state at a glance; a fight
 * that ends stays on screen with its result and summary until the player moves on. Visible words only.
 * Screenshots (desktop and 390×844) go to $SKIRMISH_SHOTS (default /tmp/shots/fights).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeUnit, caughtUp, ended, step, type TurnMemo } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { machineWords, visibleWords } from './machine-words.ts';
import { assign, gmCommand, gmState, openTable, start, type Table } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/fights';
mkdirSync(SHOTS, { recursive: true });
const CAVE = 'Goblin cave';
const DUEL = 'Duel in the ring';

/** The fight a page shows, by the name under the table's name. */
const showing = (page: Page) => page.locator('.topbar-title .muted').innerText();

/** A player opens `fight` from their list, as a person would, if it is not on screen already. */
async function follow(page: Page, fight: string): Promise<void> {
  if ((await showing(page)) !== fight) await page.getByRole('navigation', { name: 'Your fights' }).getByRole('button', { name: new RegExp(`^${fight}`) }).click();
  await expect.poll(() => showing(page)).toBe(fight);
  await page.waitForSelector('main.layout');
  await caughtUp(page);
}

/** The GM picks a fight's tab. */
async function gmOpens(t: Table, fight: string): Promise<void> {
  await t.gm.getByRole('navigation', { name: 'Encounters' }).getByRole('button', { name: new RegExp(`^${fight}`) }).click();
  await expect.poll(() => showing(t.gm)).toBe(fight);
  await caughtUp(t.gm);
}

/** Play `fight` (the GM's tab on it; each player opening it when their unit acts) until `done` says stop. */
async function playIn(t: Table, fight: string, done: () => Promise<boolean>, opts: { stayPut?: boolean } = {}, limit = 80): Promise<void> {
  await gmOpens(t, fight);
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  for (let i = 0; i < limit; i++) {
    if ((await done()) || (await ended(t.gm))) return;
    const actor = await activeUnit(t.gm);
    if (!actor) {
      await t.gm.waitForTimeout(50);
      continue;
    }
    const key = `${await t.gm.getByTestId('round').innerText()}|${actor}|${await t.gm.locator('.turn-order li.is-active').evaluate((li) => Array.from(li.parentElement!.children).indexOf(li))}`;
    if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: opts.stayPut ? 2 : 0 });
    const page = t.seats.get(actor) ?? t.gm;
    if (page !== t.gm) await follow(page, fight);
    await step(page, actor, memo);
  }
  throw new Error(`${fight}: not done after ${limit} steps`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const fightList = (page: Page) => page.getByRole('navigation', { name: 'Your fights' }).getByRole('button').allInnerTexts();
const tabs = (t: Table) => t.gm.getByRole('navigation', { name: 'Encounters' }).getByRole('button', { name: /^(Goblin cave|Duel in the ring)/ }).allInnerTexts();

describe('an evening of fights', () => {
  it('two fights at once: each player follows their own, "Your turn in …", the GM sees both, an ended fight stays until moved on from', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await start(t);
      // a second fight at the same table: Ben plays Kaela in it
      await t.gm.getByRole('button', { name: '+ Load encounter' }).click();
      await t.gm.locator('[data-example="duel60/duel.yaml"]').click();
      await t.gm.waitForSelector('main.layout[data-status=setup]');
      await assign(t, 'kaela', 1);
      await start(t);

      // each player's list holds the fights their units are in: Ana's only the cave, Ben's both
      await expect.poll(() => fightList(ben)).toHaveLength(2);
      expect((await fightList(ben)).join('\n')).toMatch(/Goblin cave\s*· Pell[\s\S]*Duel in the ring\s*· Kaela/);
      expect(await fightList(ana)).toHaveLength(1);
      expect((await fightList(ana))[0]).toMatch(/^Goblin cave\s*· Kara/);
      expect(await showing(ana)).toBe(CAVE);
      // the GM's tabs say each fight's state at a glance
      await expect.poll(async () => (await tabs(t)).join('\n')).toMatch(/Goblin cave\s*· phase20\s*Round 1 · \w+'s turn \((you|Ana|Ben)\)[\s\S]*Duel in the ring\s*· duel60\s*Round 1 · \w+'s turn \((you|Ben)\)/);

      // the GM switching tabs moves no player
      const before = [await showing(ana), await showing(ben)];
      await gmOpens(t, CAVE);
      await gmOpens(t, DUEL);
      await gmOpens(t, CAVE);
      expect([await showing(ana), await showing(ben)]).toEqual(before);

      // the duel until it is Orrin's (the GM's) turn: nothing there waits on Ben
      await playIn(t, DUEL, async () => (await activeUnit(t.gm)) === 'orrin');
      // the cave until Pell's turn: Ben is looking at the duel (he opens it), so the page says where he is needed
      await playIn(t, CAVE, async () => (await activeUnit(t.gm)) === 'pell', { stayPut: true });
      await follow(ben, DUEL);
      const elsewhere = ben.getByTestId('needed-elsewhere');
      await expect.poll(() => elsewhere.innerText()).toMatch(/^Your turn in Goblin cave\.\s+Open Goblin cave$/);
      await expect.poll(() => ben.title()).toMatch(/^● Your turn in Goblin cave — /);
      expect(await ana.title()).not.toContain('●');
      expect(await ben.getByRole('navigation', { name: 'Your fights' }).getByRole('button', { name: /^Goblin cave/ }).innerText()).toContain('Your turn');
      // the GM's tab of the cave says whom it waits on
      expect((await tabs(t)).find((x) => x.startsWith(CAVE))).toMatch(/Pell's turn \(Ben\)/);
      await shot(ben, 'player-elsewhere-desktop');
      await shot(t.gm, 'gm-tabs-desktop');
      await elsewhere.getByRole('button', { name: 'Open Goblin cave' }).click();
      await expect.poll(() => showing(ben)).toBe(CAVE);
      await ben.getByTestId('your-turn').waitFor();
      expect(await ben.getByTestId('your-turn').innerText()).toBe("It's your turn: Pell acts.");

      // on to Kara's turn: Ana's page tells her, and her tab's title names the fight
      await playIn(t, CAVE, async () => (await activeUnit(t.gm)) === 'kara', { stayPut: true });
      await caughtUp(ana);
      await ana.getByTestId('your-turn').waitFor();
      expect(await ana.getByTestId('your-turn').innerText()).toBe("It's your turn: Kara acts.");
      await expect.poll(() => ana.title()).toMatch(/^● Your turn in Goblin cave — /);
      expect(await showing(ana)).toBe(CAVE);

      // the duel goes on until blows have landed; Ben watches it; then the GM ends it
      const blows = () => t.gm.locator('.log-line', { hasText: /takes \d+ .*damage/ }).count();
      await playIn(t, DUEL, async () => (await blows()) >= 2);
      await follow(ben, DUEL);
      if (!(await ended(t.gm))) expect(await gmCommand(t.gm, 'end-duel', { type: 'end_combat', outcome: 'victory', winner: 'blades', reason: 'the GM ended the combat' })).toBe(200);
      const summary = ben.getByTestId('fight-summary');
      await summary.waitFor();
      expect(await summary.getByRole('heading').innerText()).toMatch(/^Duel in the ring is over: (victory for \w+|.+)$/);
      expect(await summary.innerText()).toMatch(/(One round|\d+ rounds)\. (Went down: .+|No one went down)\./);
      // the damage table: every blow in the duel came from one of its two fighters
      const rows = await summary.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? '')));
      expect(rows.length).toBeGreaterThan(0);
      for (const [name] of rows) expect(['Kaela', 'Orrin']).toContain(name);
      const sum = (i: number) => rows.reduce((n, r) => n + Number(r[i]), 0);
      expect(sum(1)).toBe(sum(2));
      expect(sum(2)).toBeGreaterThan(0);
      // the GM's tab stays on the ended duel, with its summary; the tab says how it ended
      expect(await showing(t.gm)).toBe(DUEL);
      await t.gm.getByTestId('fight-summary').waitFor();
      await t.gm.evaluate(() => window.scrollTo(0, 0));
      await shot(t.gm, 'gm-ended-desktop');
      await expect.poll(async () => (await tabs(t)).find((x) => x.startsWith(DUEL))).toMatch(/Ended: /);

      // the hidden Goblin Sneak's turn in the cave: no player's page names it, in the fight or in a fight's line
      await playIn(t, CAVE, async () => (await activeUnit(t.gm)) === 'g3', { stayPut: true });
      await caughtUp(ana);
      const caveLine = ben.getByRole('navigation', { name: 'Your fights' }).getByRole('button', { name: /^Goblin cave/ });
      await expect.poll(() => caveLine.innerText()).not.toMatch(/Kara's turn|Your turn/);
      // a turn it may not see is nobody's: the line tells the round only, Ana's page waits between turns
      expect(await caveLine.innerText()).toMatch(/Round \d+$/);
      expect(await ana.getByTestId('waiting').innerText()).toBe('Waiting — between turns.');
      for (const p of [ana, ben]) expect(await visibleWords(p)).not.toContain('Sneak');
      expect(await ana.getByTestId('your-turn').count()).toBe(0);
      expect(await ana.title()).not.toContain('●');
      // the cave goes on (Pell's turn again, at the latest): the duel's end stays on Ben's screen
      await playIn(t, CAVE, async () => (await activeUnit(t.gm)) === 'pell', { stayPut: true });
      await expect.poll(() => elsewhere.innerText()).toMatch(/^Your turn in Goblin cave\.\s+Open Goblin cave$/);
      expect(await showing(ben)).toBe(DUEL);
      expect(await summary.count()).toBe(1);
      await ben.evaluate(() => window.scrollTo(0, 0));
      await shot(ben, 'player-summary-desktop');
      await ben.setViewportSize({ width: 390, height: 844 });
      await summary.scrollIntoViewIfNeeded();
      await shot(ben, 'player-summary-phone');
      await ben.evaluate(() => window.scrollTo(0, 0));
      await shot(ben, 'player-top-phone');
      await t.gm.setViewportSize({ width: 390, height: 844 });
      await shot(t.gm, 'gm-tabs-phone');
      // Ben moves on: his page opens the fight that needs him
      await summary.getByRole('button', { name: 'Move on' }).click();
      await expect.poll(() => showing(ben)).toBe(CAVE);
      expect(await ben.getByTestId('fight-summary').count()).toBe(0);
      await ben.getByTestId('your-turn').waitFor();

      const ids = [...Object.keys((await gmState(t.gm)).units), 'kara', 'pell', 'kaela', 'orrin'];
      for (const p of [t.gm, ana, ben]) expect(await machineWords(p, ids)).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 420_000);
});
