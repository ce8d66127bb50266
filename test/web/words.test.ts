/**
 * No machine words on any page (issue 21, point 2): for every registered ruleset, a GM and two players
 * (each playing units of their own) play its showcase example in Chromium for two full rounds (or to its
 * end, if sooner) — moves, attacks,
 * the decisions the rules ask for — while the GM posts a note, a player makes two suggestions (read on
 * the GM's Suggestions panel from then on), the GM sets a unit's HP, pauses and resumes, and undoes a command. Before every command and at the end, everything each of the three pages shows or
 * speaks (text, select options, tooltips, aria labels, placeholders, the tab's title) is read and must hold
 * no JSON, no command ids (c86), no player ids (p1), no raw unit or table ids and no camelCase field
 * names. A few times a session every folded part of each page (log breakdowns, GM overrides, the GM's tool
 * tabs) is opened and read too. Every rule id in the log opens the rule's text. Screenshots of a player's
 * page mid-session at desktop and phone size go to $SKIRMISH_SHOTS (default /tmp/shots/words).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../src/rulesets/index.ts';
import { showcaseOf } from '../../src/server/examples.ts';
import { activeUnit, caughtUp, version, waitVersion } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { machineWordsIn, visibleWords } from './machine-words.ts';
import { gmState, inSync, openTable, playToEnd, seatTwoPlayers, start, type Table } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/words';
mkdirSync(SHOTS, { recursive: true });

const EXAMPLES = Object.keys(rulesets).map((id) => [id, showcaseOf(id)] as const);

/** The raw ids of the table a page must never show: units (unless the id reads as the name), players, the table, its encounters. */
async function rawIds(gm: Page): Promise<string[]> {
  const units = (await gmState(gm)).units as Record<string, { name: string }>;
  const info = await gm.evaluate(async () => {
    const id = location.hash.split('/')[2];
    const r = await fetch(`/api/tables/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${id}`)}` } });
    const t = (await r.json()) as { id: string; players: { playerId: string }[]; encounters: { id: string }[] };
    return [t.id, ...t.players.map((p) => p.playerId), ...t.encounters.map((e) => e.id)];
  });
  return [...Object.entries(units).filter(([id, u]) => id !== u.name).map(([id]) => id), ...info];
}

/** Open every folded part of the page (details, the GM's tool tabs one after the other) and return what each showed. */
async function unfolded(page: Page): Promise<string> {
  const texts: string[] = [];
  const openAll = () => page.evaluate(() => document.querySelectorAll('details:not([open])').forEach((d) => d.setAttribute('open', '')));
  const tabs = page.locator('.gm-tabs [role=tab]');
  const n = await tabs.count();
  for (let i = 0; i < Math.max(n, 1); i++) {
    if (n) await tabs.nth(i).click();
    await openAll();
    texts.push(await visibleWords(page));
  }
  if (n) await tabs.first().click();
  // fold them again: the bot and the people read the page as it normally stands
  await page.evaluate(() => document.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open')));
  return texts.join('\n');
}

async function noMachineWords(t: Table, ids: readonly string[], when: string, deep = false): Promise<void> {
  const who = ['GM', 'Ana', 'Ben'];
  for (const [i, p] of [t.gm, ...t.players].entries()) {
    const found = machineWordsIn(deep ? await unfolded(p) : await visibleWords(p), ids);
    expect(found, `${who[i]}'s page ${when}`).toEqual([]);
    // players' names are no secret at the table: every page names who plays a unit
    expect(await p.locator('body').innerText(), `${who[i]}'s page ${when}`).not.toMatch(/played by a player(?! not invited yet)/);
  }
}

/** The GM's hand during play: a note, an HP change, a pause and resume, an undo — each at its own step. */
async function gmActs(t: Table, n: number, ids: readonly string[]): Promise<void> {
  const gm = t.gm;
  if (![2, 3, 4, 6, 8].includes(n)) return;
  await inSync(t);
  if (n === 3) {
    // a player suggests twice (words only, then an HP change): the GM's Suggestions panel is read from here on
    const ana = t.players[0];
    const form = ana.getByRole('form', { name: 'Suggest to the GM' });
    for (const hp of [false, true]) {
      if (!(await form.isVisible())) await ana.locator('details.suggest summary').click();
      // a ruleset without HP (none of its units has the pool) offers no HP change
      if (hp && (await form.getByLabel('HP change for').locator('option').count()) < 2) break;
      await form.getByLabel('Your suggestion').fill(hp ? 'I drank my potion before the fight' : 'the torches go out');
      if (hp) {
        await form.getByLabel('HP change for').selectOption({ index: 1 });
        await form.getByLabel('New HP').fill('1');
      }
      const v = await version(gm);
      await form.getByRole('button', { name: 'Suggest' }).click();
      await waitVersion(gm, v + 1);
    }
    await gm.getByRole('region', { name: 'Suggestions for the GM' }).waitFor();
  }
  if (n === 2) {
    const v = await version(gm);
    await gm.getByLabel('Note to the table').fill('Rain starts to fall.');
    await gm.getByRole('form', { name: 'Note' }).getByRole('button', { name: 'Post' }).click();
    await waitVersion(gm, v + 1);
  }
  if (n === 4) {
    // the HP (or first pool) of a unit a player plays, one below what it is now, with a reason
    const [unit] = t.seats.keys();
    await gm.locator(`.turn-order li[data-unit="${unit}"] button.order-unit`).first().click();
    const adjust = gm.locator('form.override[aria-label^="Adjust "]');
    await gm.locator('.gm-unit summary', { hasText: 'Adjust' }).click();
    const now = /\(now (-?\d+)\//.exec(await adjust.innerText());
    const v = await version(gm);
    await adjust.getByLabel('New value').fill(String(Math.max(1, Number(now?.[1] ?? 2) - 1)));
    await adjust.getByLabel('Reason (optional)').fill('a splinter of the gate');
    await adjust.getByRole('button', { name: 'Set', exact: true }).click();
    await waitVersion(gm, v + 1);
    await gm.locator('.gm-unit summary', { hasText: 'Adjust' }).click();
  }
  if (n === 6) {
    const controls = gm.getByRole('region', { name: 'GM controls' });
    await controls.getByRole('button', { name: 'Pause' }).click();
    for (const p of [gm, ...t.players]) await p.getByTestId('paused-banner').waitFor();
    await noMachineWords(t, ids, 'while paused');
    await gm.getByTestId('paused-banner').getByRole('button', { name: 'Resume' }).click();
    for (const p of [gm, ...t.players]) await p.getByTestId('paused-banner').waitFor({ state: 'detached' });
  }
  if (n === 8) {
    const v = await version(gm);
    await gm.getByTestId('undo').click();
    await waitVersion(gm, v + 1);
    await expect.poll(() => gm.locator('.log-line.is-undone').count()).toBeGreaterThan(0);
  }
}

/** A player's page mid-session, at desktop and phone size. */
async function shots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every rule id in the page's log opens the rule's text from the catalogue shipped with the page. */
async function ruleIdsOpen(page: Page): Promise<number> {
  const log = page.getByRole('region', { name: 'Combat log' });
  await page.evaluate(() => document.querySelectorAll('.log details:not([open])').forEach((d) => d.setAttribute('open', '')));
  // a rule id the catalogue does not know is shown as plain text: none may be
  expect(await log.locator('.rule-id.is-unknown').allInnerTexts()).toEqual([]);
  const refs = log.locator('button.rule-id');
  const count = await refs.count();
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const ref = refs.nth(i);
    const id = (await ref.getAttribute('data-rule'))!;
    if (seen.has(id)) continue;
    seen.add(id);
    await ref.click();
    const text = ref.locator('xpath=..').getByTestId('rule-text');
    expect(await text.innerText()).toMatch(new RegExp(`^${id}\\s+\\S.{8,}`, 's'));
    await ref.click();
    expect(await text.count()).toBe(0);
  }
  return seen.size;
}

describe('no machine words on any page', () => {
  for (const [ruleset, example] of EXAMPLES) {
    it(`${ruleset}: a GM and two players play ${example} in the game's own words`, async () => {
      if (!example) throw new Error(`${ruleset} ships no example in examples/${ruleset}/`);
      const t = await openTable(table.browser, table.server.url, example);
      try {
        const ours = await seatTwoPlayers(t);
        const ids = await rawIds(t.gm);
        await inSync(t);
        // each page's log names the player a unit was given to, the other player's page too
        const names = (await gmState(t.gm)).units as Record<string, { name: string }>;
        for (const p of [t.gm, ...t.players]) {
          for (const [i, id] of ours.entries()) await p.locator('.log-line', { hasText: `${names[id].name} is now played by ${['Ana', 'Ben'][i]}` }).waitFor();
        }
        await noMachineWords(t, ids, 'in setup', true);
        await start(t);
        let shot = false;
        let rounds = 0;
        const steps = await playToEnd(t, {
          async beforeStep(n) {
            await gmActs(t, n, ids);
            await inSync(t);
            await noMachineWords(t, ids, `before command ${n}`, n % 20 === 10);
            rounds = Math.max(rounds, Number(/Round (\d+)/.exec(await t.gm.getByTestId('round').innerText())?.[1] ?? 0));
            // a player's page while one of its units acts, past the GM's moves
            const actor = await activeUnit(t.gm);
            if (!shot && n > 8 && actor && t.seats.has(actor)) {
              shot = true;
              const page = t.seats.get(actor)!;
              await caughtUp(page);
              await shots(page, `${ruleset}-player`);
            }
          },
          // two full rounds: stop as the third begins
          until: async () => rounds > 2,
        });
        await inSync(t);
        await noMachineWords(t, ids, 'at the end', true);
        const over = await t.gm.locator('main.layout[data-status=ended]').count();
        console.log(`${example}: ${steps} commands, ${await t.gm.locator('.turn-order h2').innerText()}`);
        expect(over || rounds > 2, 'two full rounds played, or the fight over').toBeTruthy();
        for (const p of [t.gm, ...t.players]) expect(await ruleIdsOpen(p)).toBeGreaterThan(0);
        expect(shot, 'a player acted after the GM had made its changes').toBe(true);
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    }, 400_000);
  }
});

/**
 * The builder too (issue 36, point 13): a GM opens each ruleset's showcase in the builder and reads every
 * unit's form, the encounter's and the gear's, every fold opened, and the problems of a new encounter —
 * no file places, no field names, no ids of the file (`units[0].hp`, `generalSkill`, `content.weapons`,
 * a unit's or a weapon's id that is not its name, a player's id).
 */
describe('no machine words in the builder', () => {
  /** Every fold of the builder's page opened, its words read, folded again. */
  const unfoldedBuilder = async (page: Page) => {
    await page.evaluate(() => document.querySelectorAll('.b-page details:not([open])').forEach((d) => d.setAttribute('open', '')));
    const words = await visibleWords(page);
    await page.evaluate(() => document.querySelectorAll('.b-page details[open]').forEach((d) => d.removeAttribute('open')));
    return words;
  };
  for (const [ruleset, example] of EXAMPLES) {
    it(`${ruleset}: ${example} in the builder, every form opened, and a new encounter's problems`, async () => {
      if (!example) throw new Error(`${ruleset} ships no example in examples/${ruleset}/`);
      const ctx = await table.browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(`${table.server.url}/`);
        await page.getByRole('button', { name: 'Create a table' }).click();
        await page.waitForURL(/#\/gm\//);
        await page.getByRole('region', { name: 'Players' }).getByLabel('Player name').fill('Ana');
        await page.getByRole('region', { name: 'Players' }).getByRole('button', { name: 'Invite' }).click();
        await page.getByRole('region', { name: 'Players' }).getByTestId('invite-url').waitFor();
        await page.locator(`[data-edit-example="${example}"]`).click();
        await page.waitForSelector('.b-layout');
        const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download YAML' }).click()]);
        const { parse } = await import('yaml');
        const file = parse(readFileSync((await d.path())!, 'utf8')) as { units: { id: string; name: string }[]; content?: Record<string, unknown[]> };
        const named = [...file.units, ...Object.values(file.content ?? {}).flat()].filter((x): x is { id: string; name: string } => typeof (x as { id?: unknown }).id === 'string' && typeof (x as { name?: unknown }).name === 'string');
        const tableIds = await page.evaluate(async () => {
          const id = decodeURIComponent(/#\/build\/([^?]+)/.exec(location.hash)![1]);
          const r = await fetch(`/api/tables/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${id}`)}` } });
          const t = (await r.json()) as { id: string; players: { playerId: string }[] };
          return [t.id, ...t.players.map((p) => p.playerId)];
        });
        // an id that reads as its name (a weapon "Club" with id "club") is no machine word
        const ids = [...tableIds, ...named.filter((x) => x.id.toLowerCase() !== x.name.toLowerCase().replace(/\s+/g, '-')).map((x) => x.id)];
        const found: string[] = [];
        const read = async (where: string) => found.push(...machineWordsIn(await unfoldedBuilder(page), ids).map((w) => `${where}: ${w}`));
        await read('the encounter');
        await page.getByRole('tab', { name: 'Gear' }).click();
        await read('the gear');
        for (const u of file.units) {
          await page.locator(`.b-token[data-unit="${u.id}"], .b-chip[data-unit="${u.id}"]`).click();
          await page.locator(`[data-unit-form="${u.id}"]`).waitFor();
          await read(u.name);
        }
        // a new encounter, its problems listed
        await page.getByRole('button', { name: 'Open…' }).click();
        await page.getByLabel('Ruleset').selectOption(ruleset);
        await page.getByLabel('Name').fill('Empty');
        await page.getByRole('button', { name: 'Create' }).click();
        await page.locator('.b-problem-list').waitFor();
        await read('a new encounter');
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    }, 300_000);
  }
});
