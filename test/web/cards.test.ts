/**
 * Cards and the ruleset's words at a live table (issue 39, points 2 and 3), in Chromium: no shipped ruleset
 * deals cards, so the server registers the engine's test ruleset with cards (src/engine/testing/cards.ts:
 * action cards dealt every round for the turn order, one card face down in each hand, harm counted as Wounds)
 * and serves a page built with it (test/web/cards/). A GM and two players: Ana turns Kara's cards over
 * herself ("Which card?"), the turn order shows each slot's card, the odds and the log say Wounds and never
 * HP, and no player's page holds a goblin's card face down. Screenshots at desktop and phone size go to
 * $SKIRMISH_SHOTS (default /tmp/shots/cards).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeUnit, waitVersion } from './bot.ts';
import { atTheCardsTable } from './cards/table.ts';
import { assign, gmState, openTable } from './session.ts';

const table = atTheCardsTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/cards';
const FILE = fileURLToPath(new URL('./fixtures/cards-table.yaml', import.meta.url));
const CARD = /^(?:(?:10|[2-9JQKA])[♣♦♥♠]|Joker \d)$/;

const prompt = (p: Page) => p.getByTestId('dice-prompt');

/** Everything a page holds, shown or not: its HTML (select options, attributes, hidden text). */
const everything = (p: Page) => p.content();

/** What the server sends this page's viewer: the encounter's state and its whole log, as JSON text. */
const sent = (p: Page, role: 'gm' | 'player') =>
  p.evaluate(async (role) => {
    const table = location.hash.split('/')[2].split('?')[0];
    const auth = { authorization: `Bearer ${localStorage.getItem(`skirmish.${role}.${table}`)}` };
    const info = await (await fetch(`/api/tables/${table}`, { headers: auth })).json();
    const enc = info.encounters[info.encounters.length - 1].id as string;
    return `${await (await fetch(`/api/encounters/${enc}`, { headers: auth })).text()}\n${await (await fetch(`/api/encounters/${enc}/events?limit=1000`, { headers: auth })).text()}`;
  }, role);

describe('a table dealing cards', () => {
  it('Ana turns over Kara\'s cards, the order shows them, the odds and the log say Wounds, and no player holds a goblin\'s hidden card', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const t = await openTable(table.browser, table.server.url, FILE);
    try {
      const [ana, ben] = t.players;
      const { gm } = t;
      await assign(t, 'kara', 0);
      await assign(t, 'ivo', 1);
      // Ana turns over her own cards (physical mode): the page asks her which card
      await gm.locator('li[data-player=p1] .player-dice select').selectOption('required');
      await expect.poll(() => gm.locator('li[data-player=p1] .player-dice select').inputValue()).toBe('required');

      // the start deals: Kara's action card first (she is listed first), asked of Ana by its name
      await gm.getByTestId('start').click();
      await expect.poll(() => prompt(ana).getByTestId('dice-ask').innerText().catch(() => '')).toBe('KARA: action card');
      expect(await prompt(ben).count()).toBe(0);
      const which = prompt(ana).getByLabel('Which card?');
      // the whole deck is left: 52 cards and two jokers, each by its name, no number asked
      const offered = (await which.locator('option').allInnerTexts()).slice(1);
      expect(offered).toHaveLength(54);
      for (const c of offered) expect(c).toMatch(CARD);
      expect(await prompt(ana).locator('input[type=number]').count()).toBe(0);
      await ana.screenshot({ path: `${SHOTS}/which-card-desktop.png` });
      await which.selectOption('A♠');
      await prompt(ana).getByRole('button', { name: 'Enter the card' }).click();
      // then her hand, face down: offered from the whole deck again (the cards left would show what the
      // goblins were dealt face down); the ace, already out, is refused in words that say no more
      await expect.poll(() => prompt(ana).getByTestId('dice-ask').innerText().catch(() => '')).toBe('KARA: hand card');
      expect((await prompt(ana).getByLabel('Which card?').locator('option').allInnerTexts()).slice(1)).toEqual(offered);
      await prompt(ana).getByLabel('Which card?').selectOption('A♠');
      await prompt(ana).getByRole('button', { name: 'Enter the card' }).click();
      await expect.poll(() => prompt(ana).getByTestId('dice-error').innerText().catch(() => '')).toBe('Not taken: A♠ is not in the deck now (KARA: hand card): check the card turned over and enter it again.');
      await ana.setViewportSize({ width: 390, height: 844 });
      await ana.screenshot({ path: `${SHOTS}/which-card-phone.png` });
      await prompt(ana).getByLabel('Which card?').selectOption('K♥');
      await prompt(ana).getByRole('button', { name: 'Enter the card' }).click();
      await ana.waitForSelector('main.layout[data-status=active]');
      await expect.poll(() => prompt(ana).count()).toBe(0);

      // the turn order, on every page: each slot labelled with its card, Kara's the ace of spades
      const hands = Object.fromEntries(Object.entries((await gmState(gm)).units).map(([id, u]) => [id, (u.data as { hand?: string }).hand]));
      expect(hands.kara).toBe('K♥');
      for (const p of [gm, ana, ben]) {
        await expect.poll(() => p.locator('.turn-order li[data-unit=kara]').innerText()).toContain('A♠');
        const labels = await p.locator('.turn-order li[data-unit] [data-testid=slot-label]').allInnerTexts();
        expect(labels, 'every slot shows its card').toHaveLength(4);
        for (const l of labels) expect(l.trim()).toMatch(CARD);
      }
      await ana.screenshot({ path: `${SHOTS}/order-phone.png` });
      await ana.setViewportSize({ width: 1280, height: 900 });

      // the goblins' cards face down never reach a player: not on the page, not in what the server sends it
      for (const [who, p] of [['Ana', ana], ['Ben', ben]] as const) {
        const [html, json] = [await everything(p), await sent(p, 'player')];
        for (const g of ['gob', 'rat']) {
          expect(html.includes(hands[g]!), `${who}'s page holds ${g}'s hand ${hands[g]}`).toBe(false);
          expect(json.includes(`"${hands[g]}"`), `${who} is sent ${g}'s hand ${hands[g]}`).toBe(false);
        }
      }
      // the GM is sent them (so the look above could find one)
      const gmSent = await sent(gm, 'gm');
      for (const g of ['gob', 'rat']) expect(gmSent).toContain(`"${hands[g]}"`);

      // whoever acts first (the ace of spades is beaten only by a joker): play on to Kara's turn
      for (let i = 0; i < 4 && (await activeUnit(gm)) !== 'kara'; i++) {
        const actor = (await activeUnit(gm))!;
        const v = Number(await gm.locator('main.layout').getAttribute('data-version'));
        if (actor === 'ivo') {
          await ben.locator('.actions button[data-command=end_turn]').click();
        } else {
          await gm.locator('.turn-order li[data-unit="' + actor + '"] button.order-unit').click();
          await gm.locator('.actions button[data-command=end_turn]').click();
        }
        await waitVersion(gm, v + 1);
      }
      expect(await activeUnit(gm)).toBe('kara');

      // Kara hits the goblin: the odds (played out from the hit itself) are in Wounds
      await ana.getByTestId('your-turn').waitFor();
      await ana.locator('.actions button[data-command=hit]').first().click();
      const target = ana.locator('.aiming button.target[data-target=gob]');
      if (await target.count()) await target.click();
      await ana.getByTestId('confirm').waitFor();
      await ana.waitForFunction(() => !document.querySelector('.odds.muted'));
      const odds = await ana.locator('.odds').innerText();
      expect(odds).toMatch(/Wounds/);
      expect(odds).not.toMatch(/Damage|damage|\bHP\b/);
      await ana.screenshot({ path: `${SHOTS}/odds-desktop.png` });
      await ana.setViewportSize({ width: 390, height: 844 });
      await ana.locator('.odds').scrollIntoViewIfNeeded();
      await ana.screenshot({ path: `${SHOTS}/odds-phone.png` });
      await ana.setViewportSize({ width: 1280, height: 900 });
      const v = Number(await gm.locator('main.layout').getAttribute('data-version'));
      await ana.getByTestId('confirm').click();
      // her own d6, typed in
      await expect.poll(() => prompt(ana).getByTestId('dice-ask').innerText().catch(() => '')).toBe('KARA: hit, d6');
      await prompt(ana).getByLabel('d6').fill('4');
      await prompt(ana).getByRole('button', { name: 'Enter the die' }).click();
      await waitVersion(gm, v + 1);

      // the log says the goblin takes 4 wounds, on every page; no page says HP or damage
      for (const p of [gm, ana, ben]) {
        await expect.poll(() => p.locator('.log-line', { hasText: 'takes 4 wounds' }).count()).toBeGreaterThan(0);
        const words = await p.locator('body').innerText();
        expect(words).not.toMatch(/\bHP\b/);
        expect(words).toMatch(/Wounds/);
      }
      await ana.locator('section.log').screenshot({ path: `${SHOTS}/log-desktop.png` });
      await gm.screenshot({ path: `${SHOTS}/gm-desktop.png` });
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);
});
