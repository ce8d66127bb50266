/**
 * The board telling the story, played through the pages (shared by board-story.test.ts, which reads what
 * they show, and scripts/screenshots.ts, which photographs them): duel60's javelins thrown, drawn in flight
 * and dodged by tapping a square; and an outerah fight with an area skill, a bow beside an ally and a unit
 * the GM keeps hidden. Each flow calls `shoot` at the moments worth a picture.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { activeUnit, caughtUp, freshActions, version, waitVersion } from './bot.ts';
import { ROOT } from './harness.ts';
import { assign, gmCommand, gmState, inSync, start, type Table } from './session.ts';

export type Shoot = (page: Page, name: string) => Promise<void>;

/** Send a GM command and wait until the GM's page has it. */
export async function gmDoes(t: Table, id: string, command: Record<string, unknown>): Promise<void> {
  const before = await version(t.gm);
  const status = await gmCommand(t.gm, id, command);
  if (status !== 200) throw new Error(`the server refused ${String(command.type)} (${status})`);
  await waitVersion(t.gm, before + 1);
}

/** Wait for the turn of `unit` (as the GM's turn order shows it). */
export async function turnOf(page: Page, unit: string, timeout = 15_000): Promise<void> {
  await page.locator(`.turn-order li.is-active[data-unit="${unit}"]`).waitFor({ timeout });
}

/** The page's log, one string per line shown. */
export async function logLines(page: Page): Promise<string[]> {
  return page.locator('.log-lines li').allInnerTexts();
}

/** Click a button of the acting unit's panel by its words, once its choices are fresh, and wait for the command. */
export async function act(page: Page, name: string | RegExp): Promise<void> {
  await caughtUp(page);
  await freshActions(page);
  const before = await version(page);
  await page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' }).first().click();
  await waitVersion(page, before + 1);
}

/** Moments of a flow worth a look: the test reads the page there, the screenshot script photographs it. */
export type At = (moment: string, page: Page) => Promise<void>;

/**
 * duel60, examples/duel60/javelin-dodge.yaml: Sefa (played by Ana) is set 4 squares from Garr (the GM's);
 * she steps one square closer — a move that leaves her nothing to do, so the rules end her turn and say so
 * ('stepped'). Garr aims two javelins ('aim'), throws, and at the end of his turn they fly 2 tiles and hang
 * in the air, drawn on Ana's board with their line and next flight ('in flight'). Sefa waits; at the end of
 * Garr's next turn both reach her: Ana is asked in words ('asked'), taps the square (5, 2) to evade
 * ('evaded'), and the other javelin's question is closed by the rules.
 */
export async function javelinDodge(t: Table, at: At = async () => {}): Promise<void> {
  const [ana] = t.players;
  await assign(t, 'sefa', 0);
  await gmDoes(t, 'place', { type: 'gm.move', unit: 'sefa', to: [6, 4] });
  await start(t);
  await turnOf(t.gm, 'sefa');
  // Sefa's one movement: a step to (5, 4); with nothing in reach for her action the turn passes on
  await caughtUp(ana);
  await freshActions(ana);
  const before = await version(ana);
  await ana.locator('.board g.cell-button[data-cell="5,4"]').click();
  await ana.getByTestId('confirm').click();
  await waitVersion(ana, before + 1);
  await turnOf(t.gm, 'garr');
  await caughtUp(ana);
  await at('stepped', ana);
  // Garr throws two javelins at Sefa and ends his turn: they fly
  await caughtUp(t.gm);
  await freshActions(t.gm);
  await t.gm.locator('.actions').getByRole('button', { name: /^Throw 2 Javelin/ }).click();
  await t.gm.getByTestId('odds').waitFor();
  await at('aim', t.gm);
  const sent = await version(t.gm);
  await t.gm.getByTestId('confirm').click();
  await waitVersion(t.gm, sent + 1);
  await act(t.gm, 'End the turn');
  await turnOf(t.gm, 'sefa');
  await inSync(t);
  await at('in flight', ana);
  // Sefa waits; Garr's turn ends and both javelins reach her
  await act(ana, 'End the turn');
  await turnOf(t.gm, 'garr');
  await act(t.gm, 'End the turn');
  await caughtUp(ana);
  await ana.getByTestId('decision').waitFor();
  await at('asked', ana);
  const asked = await version(ana);
  await ana.locator('.board g.cell-button[data-cell="5,2"]').click();
  await waitVersion(ana, asked + 1);
  await inSync(t);
  await at('evaded', ana);
}

/** The outerah fight of fixtures/border-quake.yaml, loaded from a file as a GM would. */
export const BORDER_QUAKE = join(ROOT, 'test/web/fixtures/border-quake.yaml');

/** Aim the acting unit's action named `what` at `target` by tapping its token, and wait for the odds. */
async function aimAt(page: Page, what: string, target: string): Promise<void> {
  await caughtUp(page);
  await freshActions(page);
  await page.locator('.actions button.action', { hasText: what }).first().click();
  const aiming = page.locator('.aiming');
  const confirm = page.getByTestId('confirm');
  await Promise.race([aiming.waitFor(), confirm.waitFor()]);
  if (await aiming.count()) await page.locator(`.board g.token[data-unit="${target}"]`).click();
  await page.getByTestId('odds').waitFor();
}

async function cancelAim(page: Page): Promise<void> {
  await page.locator('.confirm button.secondary', { hasText: 'Cancel' }).click();
  await page.getByTestId('confirm').waitFor({ state: 'detached' });
}

/**
 * outerah, fixtures/border-quake.yaml: Ilse is Ana's, Wren Ben's, the Raider Cutthroat beside Ilse hidden by
 * the GM. Turn by turn (the GM passing the others' turns): on Ilse's turn ('turn', then 'area') she aims Quake
 * at the Raider Brute and cancels; on Wren's ('stray') he aims his longbow at the Raider Captain and cancels;
 * on the Cutthroat's the GM swings his axe at Ilse until a blow lands ('unseen').
 */
export async function borderQuake(t: Table, at: At = async () => {}): Promise<void> {
  const [ana, ben] = t.players;
  await assign(t, 'ilse', 0);
  await assign(t, 'wren', 1);
  await gmDoes(t, 'hide', { type: 'gm.hide', unit: 'r4' });
  await start(t);
  const done = new Set<string>();
  for (let n = 0; n < 80 && done.size < 3; n++) {
    const actor = await activeUnit(t.gm);
    if (actor === 'ilse' && !done.has('area')) {
      await at('turn', ana);
      await aimAt(ana, 'Quake', 'r2');
      await at('area', ana);
      await cancelAim(ana);
      done.add('area');
    }
    if (actor === 'wren' && !done.has('stray')) {
      await aimAt(ben, 'Longbow', 'r1');
      await at('stray', ben);
      await cancelAim(ben);
      done.add('stray');
    }
    if (actor === 'r4' && !done.has('unseen')) {
      const hp = async () => ((await gmState(t.gm)).units.ilse as { pools: { hp: { value: number } } }).pools.hp.value;
      const was = await hp();
      await aimAt(t.gm, 'Hand Axe', 'ilse');
      const sent = await version(t.gm);
      await t.gm.getByTestId('confirm').click();
      await waitVersion(t.gm, sent + 1);
      if ((await hp()) < was) {
        await inSync(t);
        await at('unseen', ana);
        done.add('unseen');
      }
    }
    await gmDoes(t, `pass${n}`, { type: 'gm.end_turn' });
  }
  if (done.size < 3) throw new Error(`the fight never came to ${['area', 'stray', 'unseen'].filter((m) => !done.has(m)).join(', ')}`);
}
