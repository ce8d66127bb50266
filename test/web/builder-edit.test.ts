/**
 * The encounter builder's editing tools in a real browser (issue 15), read as a GM reads them: the palette
 * lists only the terrain the chosen ruleset knows; a unit's form shows the guide's words and the bounds;
 * several units selected (shift-click, a box) move together, undo and redo walk it back and forth; a unit
 * duplicated, handed to a player of the table, given GM notes — all in the downloaded file; the odds
 * compare the version before a change with the one after. And the same builder on a 390×844 phone, by
 * finger: nothing runs off the side of the screen.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rulesets } from '../../src/rulesets/index.ts';
import { atTheTable } from './at-the-table.ts';
import { dragCells, newEncounter, selectUnit, unitIds } from './builder-flow.ts';

const table = atTheTable();

async function gmPage(viewport = { width: 1400, height: 1000 }, touch = false): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const ctx = await table.browser.newContext({ viewport, acceptDownloads: true, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${table.server.url}/`);
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.waitForURL(/#\/gm\//);
  return { page, errors, close: () => ctx.close() };
}

/** Invite a player to this page's table (as the GM page's invite panel does), so "Played by" can name them. */
async function invite(page: Page, name: string): Promise<string> {
  return page.evaluate(async (name) => {
    const tableId = decodeURIComponent(/#\/gm\/([^?]+)/.exec(location.hash)![1]);
    const token = localStorage.getItem(`skirmish.gm.${tableId}`)!;
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/invites`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    return ((await r.json()) as { playerId: string }).playerId;
  }, name);
}

const at = (page: Page, id: string) => page.locator(`.b-token[data-unit="${id}"]`).getAttribute('data-at');
const cellOf = async (page: Page, id: string) => (await at(page, id))!.split(',').map(Number) as [number, number];

describe('the builder\'s editing tools', () => {
  it('offers only the terrain each ruleset\'s rules read, with what each does', async () => {
    const { page, errors, close } = await gmPage();
    try {
      for (const [id, r] of Object.entries(rulesets)) {
        if (id !== 'phase20') {
          await page.getByRole('button', { name: 'Open…' }).click();
          await page.getByLabel('Ruleset').selectOption(id);
          await page.getByLabel('Name').fill(`Palette of ${id}`);
          await page.getByRole('button', { name: 'Create' }).click();
          await page.waitForSelector('.b-layout');
        } else await newEncounter(page, id, `Palette of ${id}`);
        const shown = await page.locator('[data-brush] .b-brush-name').allInnerTexts();
        expect(shown, id).toEqual((r.terrainKinds ?? []).map((k) => k.name));
        for (const k of r.terrainKinds ?? []) expect(await page.locator(`[data-brush="${k.id}"]`).innerText(), id).toContain(k.help);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('edits a fight as a GM does: help and bounds, several units moved together, undo and redo, duplicate, a player and GM notes, the odds compared', async () => {
    const { page, errors, close } = await gmPage();
    try {
      const anaId = await invite(page, 'Ana');
      await newEncounter(page, 'phase20', 'Edited');
      for (const side of ['heroes', 'heroes', 'foes']) await page.locator(`[data-new-side=${side}]`).click();
      await page.waitForFunction(() => document.querySelectorAll('.b-token[data-unit]').length === 3);
      const [a, b, foe] = await unitIds(page);

      // the form: the guide's words as help, the schema's bounds, a player of the table
      await selectUnit(page, a);
      const form = page.locator(`[data-unit-form="${a}"]`);
      const hp = form.locator('[data-field="units[0].hp"]');
      expect(await hp.innerText()).toMatch(/HP[\s\S]*at least 1[\s\S]*hit points/);
      expect(await form.getByLabel('Played by').locator('option').allInnerTexts()).toContain('Ana');
      await form.getByLabel('Played by').selectOption({ label: 'Ana' });
      await form.locator('[data-field="units[0].gmNotes"] textarea, [data-field="units[0].gmNotes"] input').fill('the one who knows the way out');
      await form.locator('[data-field="units[0].name"] input').fill('Kara');
      await page.locator(`.b-token[data-unit="${a}"][aria-label="Kara"]`).waitFor();

      // two heroes selected with shift, dragged together two cells right and two down
      await page.locator(`.b-token[data-unit="${b}"]`).click({ modifiers: ['Shift'] });
      await expect.poll(() => page.locator('.b-inspector h2').innerText()).toBe('2 units selected');
      const [a0, b0, f0] = [await cellOf(page, a), await cellOf(page, b), await cellOf(page, foe)];
      await dragCells(page, a0, [a0[0] + 2, a0[1] + 2]);
      await expect.poll(() => at(page, a)).toBe(`${a0[0] + 2},${a0[1] + 2}`);
      expect(await at(page, b)).toBe(`${b0[0] + 2},${b0[1] + 2}`);
      expect(await at(page, foe)).toBe(f0.join(','));
      // undo puts both back; redo moves them again
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => at(page, a)).toBe(a0.join(','));
      expect(await at(page, b)).toBe(b0.join(','));
      await page.getByRole('button', { name: 'Redo' }).click();
      await expect.poll(() => at(page, b)).toBe(`${b0[0] + 2},${b0[1] + 2}`);

      // a box drawn from open ground takes every unit in it; one click on open ground picks that cell
      await dragCells(page, [8, 5], [0, 0]);
      await expect.poll(() => page.locator('.b-inspector h2').innerText()).toBe('3 units selected');
      await page.getByRole('button', { name: 'Hide them from players' }).click();
      await expect.poll(() => page.locator('.b-token.is-hidden').count()).toBe(3);
      await page.getByRole('button', { name: 'Show them to players' }).click();
      await expect.poll(() => page.locator('.b-token.is-hidden').count()).toBe(0);

      // the foe duplicated: a fresh one on the next free cell, with its own name
      await selectUnit(page, foe);
      await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
      await page.waitForFunction(() => document.querySelectorAll('.b-token[data-unit]').length === 4);
      const names = await page.locator('.b-token[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(names).toEqual(['Kara', 'New heroes 2', 'New foes', 'New foes 2']);

      // the odds, then a change, then the comparison with the version before
      await page.locator('[data-valid=yes]').waitFor();
      await page.getByLabel('Fights').selectOption('100');
      await page.locator('.b-difficulty[data-done=yes][data-stale=no][data-runs="100"]').waitFor({ timeout: 120_000 });
      expect(await page.locator('.b-difficulty').innerText()).toMatch(/100 fights[\s\S]*heroes win\s*\d+%[\s\S]*95%/);
      await selectUnit(page, a);
      await form.locator('[data-field="units[0].hp"] input').fill('200');
      const compare = page.getByLabel('Compared with the last version');
      await compare.waitFor({ timeout: 120_000 });
      expect(await compare.innerText()).toMatch(/heroes[\s\S]*\d+% → \d+%/);

      // all of it is in the file
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download YAML' }).click()]);
      const file = parse(readFileSync((await d.path())!, 'utf8')) as { units: Record<string, unknown>[] };
      const kara = file.units.find((u) => u.id === a)!;
      expect(kara).toMatchObject({ name: 'Kara', controller: anaId, gmNotes: 'the one who knows the way out', hp: 200, at: [a0[0] + 2, a0[1] + 2] });
      expect(file.units.map((u) => u.name)).toEqual(names);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);
});

describe('the builder on a phone (390×844)', () => {
  it('builds a fight by finger: new encounter, terrain tapped in, units put, the odds read; nothing runs off the screen', async () => {
    const { page, errors, close } = await gmPage({ width: 390, height: 844 }, true);
    try {
      await newEncounter(page, 'phase20', 'On the phone', { width: 8, height: 8 });
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await wide()).toBeLessThanOrEqual(390);
      await page.locator('[data-brush]').first().tap();
      await page.locator('.b-map rect[data-cell="4,4"]').tap();
      await expect.poll(() => page.locator('.b-map rect[data-cell="4,4"][data-terrain]').count()).toBe(1);
      await page.getByRole('button', { name: 'Select and move' }).tap();
      for (const side of ['heroes', 'foes']) await page.locator(`[data-new-side=${side}]`).tap();
      await page.waitForFunction(() => document.querySelectorAll('.b-token[data-unit]').length === 2);
      const [id] = await unitIds(page);
      await page.locator(`.b-token[data-unit="${id}"]`).tap();
      await page.locator(`[data-unit-form="${id}"]`).waitFor();
      await page.locator('[data-valid=yes]').waitFor();
      await page.locator('.b-difficulty[data-done=yes][data-stale=no]').waitFor({ timeout: 120_000 });
      expect(await page.locator('.b-difficulty').innerText()).toMatch(/heroes win\s*\d+%/);
      expect(await wide()).toBeLessThanOrEqual(390);
      // the map is the first thing under the bar, and fits the screen's width
      const map = (await page.locator('.b-map').boundingBox())!;
      expect(map.x).toBeGreaterThanOrEqual(0);
      expect(map.x + map.width).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);
});
