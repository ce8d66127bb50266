/**
 * The builder as a new GM meets it (issue 36, points 11–14), read as a GM reads it: players seated at the
 * table before any encounter and handed units in the builder (one seated from "Played by" itself); a
 * weapon renamed keeps every unit that carries it whole (its id is never shown); skilled weapons ticked
 * by name; spells with nothing to cast them a problem in phase20's words; each problem named in the
 * page's words (no file places, no field names) and, pressed, putting the cursor in its field; frontline's
 * Start and weapon in hand as choices. At desktop and on a 390×844 phone, screenshots to $SKIRMISH_SHOTS.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { atTheTable } from './at-the-table.ts';
import { gmPage as gmAt, newEncounter, selectUnit, unitIds } from './builder-flow.ts';
import { machineWords } from './machine-words.ts';

const table = atTheTable();
const gmPage = (viewport?: { width: number; height: number }, touch?: boolean) => gmAt(table.browser, table.server.url, viewport, touch);
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/builder-problems';
mkdirSync(SHOTS, { recursive: true });

/** The page at desktop size and on a 390×844 phone, `at` scrolled into view. */
async function shots(page: Page, name: string, at: Locator): Promise<void> {
  const size = page.viewportSize()!;
  await at.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await at.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} on a phone`).toBeLessThanOrEqual(390);
  await page.setViewportSize(size);
}

/** The field the cursor is in: the `data-field` of the nearest form row around the focused element. */
const focusedField = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') ?? null);

/** The ids the page must never show: the table's, its players', and every id in the draft that is not its name. */
async function rawIds(page: Page, draft: { units: { id: string; name: string }[]; content?: Record<string, { id: string; name: string }[]> }): Promise<string[]> {
  const tableIds = await page.evaluate(async () => {
    const id = decodeURIComponent(/#\/(?:gm|build)\/([^?]+)/.exec(location.hash)![1]);
    const r = await fetch(`/api/tables/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${id}`)}` } });
    const t = (await r.json()) as { id: string; players: { playerId: string }[] };
    return [t.id, ...t.players.map((p) => p.playerId)];
  });
  const named = [...draft.units, ...Object.values(draft.content ?? {}).flat()];
  return [...tableIds, ...named.filter((x) => x.id.toLowerCase() !== x.name.toLowerCase()).map((x) => x.id)];
}

async function download(page: Page): Promise<Record<string, unknown>> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download YAML' }).click()]);
  return parse(readFileSync((await d.path())!, 'utf8')) as Record<string, unknown>;
}

describe('the builder for a new GM (issue 36)', () => {
  it('phase20: players seated before any encounter and handed units; a weapon renamed; problems in the page\'s words, pressed to their field', async () => {
    const { page, errors, close } = await gmPage();
    try {
      // 14: before any encounter the GM page seats players (a name, a link that works once)
      const players = page.getByRole('region', { name: 'Players' });
      await players.getByLabel('Player name').fill('Ana');
      await players.getByRole('button', { name: 'Invite' }).click();
      const anaLink = await players.getByTestId('invite-url').inputValue();
      expect(await players.innerText()).toMatch(/Ana/);
      await shots(page, 'gm-players-before-encounter', players);
      // Ana opens her link now: she waits at the table for an encounter
      const ana = await table.browser.newContext({ viewport: { width: 390, height: 844 } });
      const anaPage = await ana.newPage();
      await anaPage.goto(anaLink);
      await anaPage.getByText('Waiting for the GM to set up an encounter').waitFor();

      await newEncounter(page, 'phase20', 'Bridge ambush');
      for (const side of ['heroes', 'heroes', 'foes']) await page.locator(`[data-new-side=${side}]`).click();
      await page.waitForFunction(() => document.querySelectorAll('.b-token[data-unit]').length === 3);
      const [a, b, foe] = await unitIds(page);

      // Played by lists Ana; a new player is seated from the field itself
      await selectUnit(page, a);
      const form = page.locator(`[data-unit-form="${a}"]`);
      await form.locator('[data-field="units[0].name"] input').fill('Kara');
      expect(await form.getByLabel('Played by').locator('option').allInnerTexts()).toEqual(['the GM', 'Ana', 'a new player…']);
      await form.getByLabel('Played by').selectOption({ label: 'Ana' });
      await selectUnit(page, b);
      const formB = page.locator(`[data-unit-form="${b}"]`);
      await formB.getByLabel('Played by').selectOption({ label: 'a new player…' });
      await formB.getByLabel('The new player\'s name').fill('Ben');
      await formB.getByRole('button', { name: 'Seat' }).click();
      await expect.poll(async () => formB.getByLabel('Played by').locator('option:checked').innerText()).toBe('Ben');
      expect(await formB.getByTestId('invite-url').inputValue()).toMatch(/#\/join\//);
      await shots(page, 'played-by-seated', formB.locator('[data-field="units[1].controller"]'));
      await page.getByRole('tab', { name: 'Encounter' }).click();
      const seatedHere = page.getByRole('group', { name: 'Players at the table' });
      expect(await seatedHere.innerText()).toMatch(/Ana[\s\S]*Ben/);
      // the links made on the GM page and here are both at hand, to give out
      expect(await seatedHere.getByTestId('invite-url').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([anaLink, expect.stringMatching(/#\/join\//)]);

      // 11: a weapon made in Kara's form, renamed in the gear tab: no id shown, Kara still carries it
      await selectUnit(page, a);
      await form.getByLabel('Give weapon').selectOption({ label: 'a new weapon…' });
      await form.getByRole('button', { name: 'Edit New weapon' }).click();
      const gear = page.locator('.b-gear-panel');
      expect(await gear.getByText('Id (in the file)').count()).toBe(0);
      await gear.locator('[data-field="content.weapons[0].name"] input').fill('Short spear');
      await selectUnit(page, b);
      await formB.getByLabel('Give weapon').selectOption({ label: 'Short spear' });
      await selectUnit(page, a);
      expect(await form.locator('.b-gear-item').innerText()).toMatch(/Short spear/);
      // skilled with it, ticked by its name
      await form.locator('[data-field="units[0].skilled"] > summary').click();
      await form.locator('[data-field="units[0].skilled.weapons"]').getByLabel('Short spear').check();
      await selectUnit(page, foe);
      await page.locator(`[data-unit-form="${foe}"]`).getByLabel('Give weapon').selectOption({ label: 'Short spear' });
      await page.locator('[data-valid=yes]').waitFor();

      // 12: a spell and nothing to cast it with: a problem, in phase20's words, at the unit's spells
      await selectUnit(page, a);
      await form.getByLabel('Give spell').selectOption({ label: 'a new spell…' });
      const list = page.locator('.b-problem-list');
      await expect.poll(() => list.innerText()).toContain('Kara › Spells: Kara knows New spell but carries no magical weapon or catalyst to cast with, so can never cast [P20-SPL-1]');
      expect(await form.locator('[data-field="units[0].spells"] .b-problems-at').innerText()).toMatch(/carries no magical weapon or catalyst/);
      expect(await page.getByRole('button', { name: 'Start the fight' }).isDisabled()).toBe(true);

      // 13: a problem pressed from another unit's form opens Kara's and puts the cursor in the field
      await form.locator('[data-field="units[0].hp"] input').fill('0');
      await selectUnit(page, foe);
      const hp = list.getByRole('button', { name: 'Kara › HP: must be at least 1' });
      await hp.click();
      await expect.poll(() => focusedField(page)).toBe('units[0].hp');
      expect(await page.locator('[data-unit-form]').getAttribute('data-unit-form')).toBe(a);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('22');
      await list.getByRole('button', { name: /Kara › Spells/ }).click();
      // the cursor in Kara's spells (on the spell itself)
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-field="units[0].spells"]'))).toBe(true);
      // no file places, no field paths, no file-format words in the list
      const words = await list.innerText();
      expect(words).not.toMatch(/\.yaml|units\[|content\.|generalSkill/);
      await page.screenshot({ path: `${SHOTS}/problems-desktop.png` });
      // a catalyst: the staff, made here, magical — and the spell can be cast
      await form.getByLabel('Give weapon').selectOption({ label: 'a new weapon…' });
      await form.getByRole('button', { name: 'Edit New weapon' }).click();
      await gear.locator('[data-field="content.weapons[1].name"] input').fill('Oak staff');
      await gear.locator('[data-field="content.weapons[1].magical"] input').check();
      // the new spell still wants its school: pressed, the cursor is in it, in the gear tab
      await list.getByRole('button', { name: 'Gear › Spells › New spell › School: must not be empty' }).click();
      await expect.poll(() => focusedField(page)).toBe('content.spells[0].school');
      await page.keyboard.type('fire');
      await page.locator('[data-valid=yes]').waitFor();

      const file = (await download(page)) as { units: { id: string; name: string; controller?: string; weapons: unknown[]; skilled?: { weapons: string[] } }[]; content: Record<string, { id: string; name: string }[]> };
      const ids = await rawIds(page, file);
      expect(await machineWords(page, ids)).toEqual([]);
      const [kara, second] = file.units;
      expect(file.content.weapons.map((w) => [w.id, w.name])).toEqual([['short-spear', 'Short spear'], ['oak-staff', 'Oak staff']]);
      expect(kara.weapons).toEqual(['short-spear', 'oak-staff']);
      expect(kara.skilled?.weapons).toEqual(['short-spear']);
      const seated = await page.evaluate(async () => {
        const id = decodeURIComponent(/#\/build\/([^?]+)/.exec(location.hash)![1]);
        const r = await fetch(`/api/tables/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${id}`)}` } });
        return ((await r.json()) as { players: { playerId: string; name: string }[] }).players;
      });
      expect([kara.controller, second.controller]).toEqual(['Ana', 'Ben'].map((n) => seated.find((p) => p.name === n)!.playerId));

      // the fight starts; Ana, waiting since before it existed, sees it with her unit
      await page.getByRole('button', { name: 'Start the fight' }).click();
      await page.waitForURL(/#\/gm\//);
      // back at the table, Ben's link (made in the builder) is still there to hand over
      await page.getByRole('region', { name: 'Players' }).locator('.invite-link', { hasText: 'Link for Ben' }).waitFor();
      await anaPage.locator('main.layout').waitFor();
      await expect.poll(() => anaPage.locator('body').innerText()).toMatch(/Kara/);
      await ana.close();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);

  it('frontline: Start is a choice of two, the weapon in hand a choice of its weapons; a problem pressed on a phone scrolls to its field', async () => {
    const { page, errors, close } = await gmPage({ width: 390, height: 844 }, true);
    try {
      await newEncounter(page, 'frontline', 'Road');
      for (const side of ['heroes', 'foes']) await page.locator(`[data-new-side=${side}]`).tap();
      await page.waitForFunction(() => document.querySelectorAll('.b-chip[data-unit]').length === 2);
      const [a] = await unitIds(page);
      await selectUnit(page, a);
      const form = page.locator(`[data-unit-form="${a}"]`);
      const start = form.locator('[data-field="units[0].start"] select');
      expect(await start.locator('option').allInnerTexts()).toEqual(['— default frontline —', 'frontline', 'rearguard']);
      await start.selectOption('rearguard');
      await page.locator(`.b-zone[data-zone=rearguard][data-side=heroes] .b-chip[data-unit="${a}"]`).waitFor();
      // the weapon in hand: one of the weapons it carries, by name
      await form.getByLabel('Give weapon').selectOption({ label: 'a new weapon…' });
      const hand = form.locator('[data-field="units[0].equipped"] select');
      expect(await hand.locator('option').allInnerTexts()).toEqual(['— its first —', 'New weapon']);
      await hand.selectOption({ label: 'New weapon' });
      // a problem, pressed: the page scrolls down to the field and the cursor is in it
      await form.locator('[data-field="units[0].hp"] input').fill('0');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.b-problem-list').getByRole('button', { name: 'New heroes › HP: must be at least 1' }).tap();
      await expect.poll(() => focusedField(page)).toBe('units[0].hp');
      const top = await form.locator('[data-field="units[0].hp"]').evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(844);
      await page.screenshot({ path: `${SHOTS}/problem-pressed-phone.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);
});
