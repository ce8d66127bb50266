/**
 * The encounter builder in a real browser (issue 15). For every registered ruleset a GM builds a fight
 * from the empty page — the map and its terrain (zones for frontline), four units with gear, one hidden —
 * sees it validate, saves it to the table, downloads it, opens the download again (the same file comes
 * back), starts it and plays a round, without typing YAML. And the odds the builder shows for a seed are
 * `skirmish sim`'s for the same file and seed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rulesets } from '../../src/rulesets/index.ts';
import { atTheTable } from './at-the-table.ts';
import { activeUnit, ended, step, type TurnMemo } from './bot.ts';
import { buildFight, gmPage as gmAt, selectUnit } from './builder-flow.ts';
import { ROOT } from './harness.ts';

const table = atTheTable();
// files the test writes for the page to open and the CLI to read: its own folder, which a fresh clone need not have made
const scratch = mkdtempSync(join(tmpdir(), 'skirmish-builder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const gmPage = (viewport?: { width: number; height: number }, touch?: boolean) => gmAt(table.browser, table.server.url, viewport, touch);

/** The CLI, run without blocking this test's event loop (vitest's worker must keep answering). */
async function skirmish(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [join(ROOT, 'bin/skirmish.js'), ...args], { encoding: 'utf8', maxBuffer: 20_000_000 });
    return { status: 0, ...r };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function download(page: Page): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download YAML' }).click()]);
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'utf8') };
}

/** Play until round 2 begins (or the fight ends), the GM acting for every unit. */
async function playRound(page: Page): Promise<void> {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  for (let n = 0; n < 200; n++) {
    if (await ended(page)) return;
    const round = await page.getByTestId('round').innerText();
    if (round !== 'Round 1') return;
    const actor = await activeUnit(page);
    if (!actor) {
      await page.waitForTimeout(50);
      continue;
    }
    const key = `${actor}|${await page.locator('.turn-order li.is-active').evaluate((li) => Array.from(li.parentElement!.children).indexOf(li))}`;
    if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: 0 });
    await step(page, actor, memo);
  }
  throw new Error('round 1 did not end');
}

describe('the encounter builder', () => {
  for (const ruleset of Object.keys(rulesets)) {
    it(`${ruleset}: built from an empty page, saved, downloaded, opened again, started and played for a round`, async () => {
      const { page, errors, close } = await gmPage();
      try {
        const { units, grid } = await buildFight(page, ruleset);
        expect(units.length).toBe(4);
        await page.locator('[data-valid=yes]').waitFor();
        if (grid) expect(await page.locator('.b-map rect[data-cell][data-terrain]').count()).toBe(5);
        // the odds arrive while building
        await page.locator('.b-difficulty[data-done=yes][data-stale=no]').waitFor({ timeout: 60_000 });
        expect(await page.locator('.b-difficulty').innerText()).toMatch(/heroes win\s*\d+%/);

        await page.getByRole('button', { name: 'Save to the table' }).click();
        await expect.poll(() => page.locator('.b-ok').innerText()).toMatch(/Saved to the table as "Built/);

        const first = await download(page);
        expect(first.name).toBe(`built-${ruleset}.yaml`);
        const file = parse(first.text) as { units: Record<string, unknown>[]; map?: { terrain?: unknown[] }; content: { weapons: unknown[] } };
        expect(file.units).toHaveLength(4);
        expect(file.units.filter((u) => u.hidden === true).map((u) => u.id)).toEqual([units[3]]);
        expect(file.units.every((u) => Array.isArray(u.weapons) && u.weapons[0] === 'new-weapon')).toBe(true);
        expect(file.content.weapons).toHaveLength(1);
        if (grid) expect(file.map?.terrain).toHaveLength(5);
        // the CLI reads the downloaded file as a valid encounter
        const path = join(scratch, `builder-${ruleset}.yaml`);
        writeFileSync(path, first.text);
        const v = await skirmish('validate', path);
        expect(v.stdout + v.stderr).toMatch(/valid .* encounter "Built .*" with 4 units/);

        // open the download again: the same encounter comes back, and downloads the same text
        await page.getByRole('button', { name: 'Open…' }).click();
        await page.locator(`[data-saved="built-${ruleset}"]`).waitFor();
        await page.getByLabel('A file (YAML or JSON)').setInputFiles(path);
        await page.waitForSelector('.b-layout');
        expect((await download(page)).text).toBe(first.text);
        await page.locator('[data-valid=yes]').waitFor();

        await page.getByRole('button', { name: 'Start the fight' }).click();
        await page.waitForURL(/#\/gm\//);
        await page.waitForSelector('main.layout[data-status=active]');
        await playRound(page);
        expect(await page.getByTestId('round').innerText()).toMatch(/Round 2|Combat over/);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }, 300_000);
  }

  it('keeps a character in the table\'s library: saved from one encounter, put into another, edited, exported, deleted and imported', async () => {
    const { page, errors, close } = await gmPage();
    try {
      const { units } = await buildFight(page, 'phase20');
      await selectUnit(page, units[0]);
      const form = page.locator(`[data-unit-form="${units[0]}"]`);
      await form.locator('[data-field="units[0].name"] input').fill('Kara');
      await page.getByRole('button', { name: 'Save to the library as a character' }).click();
      await expect.poll(() => page.locator('.b-ok').innerText()).toMatch(/Kara is in the table's library/);
      // a second encounter of the same ruleset: Kara is in the palette; pressed, she comes in with her spear
      await page.getByRole('button', { name: 'Open…' }).click();
      await page.getByLabel('Ruleset').selectOption('phase20');
      await page.getByLabel('Name').fill('Second fight');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.locator(`[data-character="character/${units[0]}"]`).click();
      await page.locator(`[data-unit-form="${units[0]}"]`).waitFor();
      expect(await page.locator(`[data-unit-form="${units[0]}"] [data-gear="new-weapon"]`).count()).toBe(1);
      // edited on its own: a bad HP is refused at the field, a good one saved
      await page.getByRole('button', { name: 'Edit Kara' }).click();
      const sheet = page.locator(`[data-character-form="${units[0]}"]`);
      await sheet.locator('[data-field$="].hp"] input').fill('0');
      await expect.poll(() => sheet.locator('[data-field$="].hp"] .b-problems-at').innerText()).toBe('must be at least 1');
      expect(await sheet.getByRole('button', { name: 'Save to the library' }).isDisabled()).toBe(true);
      await sheet.locator('[data-field$="].hp"] input').fill('31');
      await sheet.getByRole('button', { name: 'Save to the library' }).click();
      await expect.poll(() => page.locator('.b-ok').innerText()).toMatch(/Kara is saved in the table's library/);
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export library' }).click()]);
      const exported = JSON.parse(readFileSync((await d.path())!, 'utf8')) as { format: string; entries: { kind: string; id: string; data: { hp: number; weapons: unknown[] } }[] };
      expect(exported.format).toBe('skirmish-library');
      const kara = exported.entries.find((e) => e.kind === 'character' && e.id === units[0])!;
      expect(kara.data.hp).toBe(31);
      expect(kara.data.weapons).toEqual([expect.objectContaining({ id: 'new-weapon', name: 'New weapon' })]);
      await page.getByRole('button', { name: 'Delete from the library' }).click();
      await page.locator(`[data-character="character/${units[0]}"]`).waitFor({ state: 'detached' });
      const file = join(scratch, 'builder-library.json');
      writeFileSync(file, JSON.stringify(exported));
      await page.locator('.b-palette input[type=file]').setInputFiles(file);
      await expect.poll(() => page.locator('.b-ok').innerText()).toMatch(/Imported \d+ entr/);
      await page.locator(`[data-character="character/${units[0]}"]`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('shows a problem at its field with validate\'s words, and the fight cannot start until it is fixed', async () => {
    const { page, errors, close } = await gmPage();
    try {
      await buildFight(page, 'phase20');
      const [id] = await page.locator('.b-token[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')!));
      await selectUnit(page, id);
      const form = page.locator(`[data-unit-form="${id}"]`);
      await form.locator('[data-field="units[0].hp"] input').fill('0');
      await expect.poll(() => form.locator('[data-field="units[0].hp"] .b-problems-at').innerText()).toBe('must be at least 1');
      // listed in the page's words (issue 36): the unit by its name, the field as the form labels it
      expect(await page.locator('.b-problem-list').innerText()).toMatch(/New heroes › HP: must be at least 1/);
      expect(await page.getByRole('button', { name: 'Start the fight' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.locator('[data-valid=yes]').waitFor();
      expect(await page.getByRole('button', { name: 'Start the fight' }).isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});

describe('the builder\'s odds are skirmish sim\'s', () => {
  for (const ruleset of Object.keys(rulesets)) {
    it(`${ruleset}: the first example, seed 7, 100 fights: the same wins, downs and rounds as the CLI`, async () => {
      const list = (await (await fetch(`${table.server.url}/api/examples`)).json()) as { path: string; ruleset: string }[];
      const example = list.find((e) => e.ruleset === ruleset)!.path;
      const { page, errors, close } = await gmPage();
      try {
        await page.locator(`[data-edit-example="${example}"]`).click();
        await page.waitForSelector('.b-layout');
        await page.getByLabel('Fights').selectOption('100');
        await page.getByLabel('Seed').fill('7');
        await page.locator('.b-difficulty[data-done=yes][data-stale=no][data-seed="7"][data-runs="100"]').waitFor({ timeout: 90_000 });
        const shown = await page.locator('.b-difficulty').evaluate((el) => ({
          played: Number(el.getAttribute('data-played')),
          wins: Object.fromEntries(Array.from(el.querySelectorAll('.b-sides li[data-side]')).map((li) => [li.getAttribute('data-side'), Number(li.getAttribute('data-wins'))])),
          down: Object.fromEntries(Array.from(el.querySelectorAll('.b-down li[data-unit]')).map((li) => [li.getAttribute('data-unit'), Number(li.getAttribute('data-down'))])),
          rounds: Number(el.querySelector('[data-rounds-mean]')!.getAttribute('data-rounds-mean')),
          text: (el as HTMLElement).innerText,
        }));
        const cli = await skirmish('sim', join(ROOT, 'examples', example), '--seed', '7', '--runs', '100', '--json');
        expect(cli.status, cli.stderr).toBe(0);
        const s = JSON.parse(cli.stdout) as { runs: number; sides: Record<string, { wins: number; winRate: number }>; units: { id: string; down: number }[]; rounds: { mean: number } };
        expect(shown.played).toBe(s.runs);
        expect(shown.wins).toEqual(Object.fromEntries(Object.entries(s.sides).map(([k, v]) => [k, v.wins])));
        // the page lists who went down most often first (eight at most), each with its count
        const cliDown = Object.fromEntries(s.units.filter((u) => u.down > 0).map((u) => [u.id, u.down]));
        expect(Object.keys(shown.down).length).toBe(Math.min(8, Object.keys(cliDown).length));
        for (const [id, n] of Object.entries(shown.down)) expect(n, id).toBe(cliDown[id]);
        expect(shown.rounds).toBeCloseTo(s.rounds.mean, 9);
        // and the words a GM reads are those numbers
        for (const [side, v] of Object.entries(s.sides)) expect(shown.text).toMatch(new RegExp(`${side} win\\s*${Math.round(v.winRate * 100)}%`));
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }, 240_000);
  }
});
