/**
 * What confused a new GM and players at the table (issue 36, the table page's points), driven as they
 * would drive it and read in the words they see:
 * - a player's suggestion reaches the GM as a sentence from the player, with what accepting would do (4);
 * - a tapped square aims a move — path drawn, cost, Confirm — and sends nothing by itself, on the GM's page
 *   for a player's unit too; while paused a player's buttons are off and nothing is sent (6);
 * - Add a unit opens the builder's unit form, starting from the table's library (7);
 * - an airship fight: Fit brings every unit into view, and steering reads as a captain's directions (8);
 * - walls, difficult ground and smoke each look their own, cover is a shield to read, with a key; the GM
 *   page fits a laptop's screen; a phone player scrolled down to the log still sees that it is their turn (9).
 * Screenshots at desktop and phone size go to $SKIRMISH_SHOTS (default /tmp/shots/confusions; docs/web.md's
 * come from SKIRMISH_SHOTS=docs/screenshots).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activeUnit, caughtUp, freshActions, step, version, waitVersion, type TurnMemo } from './bot.ts';
import { atTheTable } from './at-the-table.ts';
import { ROOT } from './harness.ts';
import { machineWords } from './machine-words.ts';
import { assign, gmCommand, gmState, inSync, openTable, start, type Table } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/confusions';
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** Play the bot (attacks and ends only) until `unit` is the one acting. */
async function untilTurnOf(t: Table, unit: string, limit = 60): Promise<void> {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  for (let i = 0; i < limit; i++) {
    const actor = await activeUnit(t.gm);
    if (actor === unit) return;
    if (!actor) {
      await t.gm.waitForTimeout(50);
      continue;
    }
    if (memo.key !== actor) Object.assign(memo, { key: actor, attacks: 0, moved: 0 });
    memo.moved = 2;
    await step(t.seats.get(actor) ?? t.gm, actor, memo);
  }
  throw new Error(`${unit} never came to act`);
}

describe('what confused a new GM and players', () => {
  it("a suggestion reads as a sentence from the player; a move is aimed and confirmed, and waits while paused", async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana] = t.players;
      const gm = t.gm;
      await assign(t, 'kara', 0);
      await assign(t, 'pell', 1);
      await inSync(t);
      await start(t);
      await untilTurnOf(t, 'kara');
      await inSync(t);

      // --- 4: Ana suggests twice, in words and with an HP change; the GM reads sentences from Ana
      const suggest = async (text: string, hp?: string) => {
        const form = ana.getByRole('form', { name: 'Suggest to the GM' });
        if (!(await form.isVisible())) await ana.locator('details.suggest summary').click();
        await form.getByLabel('Your suggestion').fill(text);
        if (hp) {
          await form.getByLabel('HP change for').selectOption({ label: 'Kara' });
          await form.getByLabel('New HP').fill(hp);
        }
        const v = await version(gm);
        await form.getByRole('button', { name: 'Suggest' }).click();
        await waitVersion(gm, v + 1);
      };
      await suggest('my ring heals 3 at dawn');
      await suggest('I drank my potion before the fight', '20');
      const panel = gm.getByRole('region', { name: 'Suggestions for the GM' });
      await expect.poll(() => panel.getByTestId('suggestion').count()).toBe(2);
      const said = await panel.getByTestId('suggestion').allInnerTexts();
      expect(said[0]).toContain('Ana suggests: “my ring heals 3 at dawn”');
      expect(said[0]).toContain('Accepting puts it in the log for everyone.');
      expect(said[1]).toContain('Ana suggests: “I drank my potion before the fight”');
      expect(said[1]).toContain("Accepting sets Kara's HP to 20.");
      // no command, no JSON, and the unit is not who suggests
      const text = await panel.innerText();
      expect(text).not.toMatch(/Kara suggests|Proposed|gm\.|\{"/);
      const ids = Object.keys((await gmState(gm)).units).filter((id) => id !== 'kara' && id !== 'pell');
      expect(await machineWords(gm, ids)).toEqual([]);
      await panel.screenshot({ path: `${SHOTS}/table-suggestions.png` });
      await panel.getByRole('button', { name: 'Reject' }).first().click();
      await panel.getByRole('button', { name: 'Reject' }).first().click();
      await expect.poll(() => panel.count()).toBe(0);

      // --- 6: on the GM's page, Kara (Ana's) acting: one click on a highlighted square moves no one
      await inSync(t);
      await freshActions(gm);
      const square = gm.locator('.board g.cell-button').first();
      const cell = (await square.getAttribute('data-cell'))!;
      let v = await version(gm);
      await square.click();
      await gm.getByTestId('confirm').waitFor();
      expect(await gm.getByTestId('aimed-cell').getAttribute('data-cell')).toBe(cell);
      expect(await gm.getByTestId('move-facts').innerText()).toMatch(/costs \d+ of Kara's movement/);
      await gm.waitForTimeout(300);
      expect(await version(gm)).toBe(v);
      expect((await gmState(gm)).units.kara.position).not.toEqual({ x: Number(cell.split(',')[0]), y: Number(cell.split(',')[1]) });
      await gm.locator('.confirm').getByRole('button', { name: 'Cancel' }).click();

      // paused: Ana's buttons are off and say why; a tap aims nothing and sends nothing; the GM's page waits too
      await gm.getByRole('region', { name: 'GM controls' }).getByRole('button', { name: 'Pause' }).click();
      await ana.getByTestId('paused-banner').waitFor();
      await ana.getByTestId('actions-held').waitFor();
      expect(await ana.getByTestId('actions-held').innerText()).toContain('the GM has paused the fight');
      const live = ana.locator('.actions button.action:not([disabled])');
      expect(await live.count()).toBe(0);
      expect(await ana.locator('.board g.cell-button').count()).toBe(0);
      expect(await gm.getByTestId('actions-held').innerText()).toContain('resume the fight to play this turn for Ana');
      expect(await gm.locator('.board g.cell-button').count()).toBe(0);
      await ana.evaluate(() => window.scrollTo(0, 0));
      await shot(ana, 'table-player-paused');
      await gm.getByTestId('paused-banner').getByRole('button', { name: 'Resume' }).click();
      await ana.getByTestId('actions-held').waitFor({ state: 'detached' });

      // --- 6 on a phone: Ana taps a square — the path is drawn, the cost said, nothing sent until Confirm
      await ana.setViewportSize({ width: 390, height: 844 });
      await caughtUp(ana);
      await freshActions(ana);
      const target = ana.locator('.board g.cell-button').last();
      const to = (await target.getAttribute('data-cell'))!;
      v = await version(ana);
      await target.tap().catch(() => target.click());
      await ana.getByTestId('confirm').waitFor();
      const path = ana.getByTestId('aimed-path');
      expect((await path.getAttribute('data-cells'))!.split(' ').at(-1)).toBe(to);
      expect(await ana.getByTestId('action-bar').innerText()).toMatch(/Move to/);
      await ana.waitForTimeout(300);
      expect(await version(ana)).toBe(v);
      await shot(ana, 'table-move-aimed-phone');
      await ana.getByTestId('confirm').click();
      await waitVersion(ana, v + 1);
      const [x, y] = to.split(',').map(Number);
      await expect.poll(async () => (await gmState(gm)).units.kara.position).toEqual({ x, y });
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);

  it("Add a unit during a fight opens the builder's unit form, with the table's character library", async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const gm = t.gm;
      const [ana] = t.players;
      await start(t);
      // a character the GM keeps in the table's library (saved from the builder), her spear written on her
      const { parse } = await import('yaml');
      const file = parse(readFileSync(join(ROOT, 'examples/phase20/goblin-cave.yaml'), 'utf8')) as { units: Record<string, unknown>[]; content: { weapons: { id: string }[] } };
      const { controller: _c, ...kara } = file.units.find((u) => u.id === 'kara')!;
      const thorn = { ...kara, id: 'thorn', name: 'Thorn', at: [0, 0], weapons: [file.content.weapons.find((w) => w.id === 'spear')] };
      const saved = await gm.evaluate(async (data) => {
        const table = location.hash.split('/')[2];
        const r = await fetch(`/api/tables/${table}/library/character/thorn`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${table}`)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Thorn', ruleset: 'phase20', data }),
        });
        return r.status;
      }, thorn);
      expect(saved).toBe(200);
      await gm.reload();
      await gm.waitForSelector('main.layout[data-status=active]');
      await inSync(t);

      await gm.getByRole('region', { name: 'GM controls' }).locator('summary', { hasText: 'Add a unit' }).click();
      const form = gm.getByRole('form', { name: 'Add a unit' });
      // no box asking for YAML: it is folded away, for a unit written out elsewhere
      expect(await form.getByLabel('Unit (YAML or JSON)').isVisible()).toBe(false);
      // the picker in words (the builder's own field help is the builder's, checked by its tests)
      const ids = Object.keys((await gmState(gm)).units).filter((id) => !['kara', 'pell'].includes(id));
      expect(await machineWords(gm, ids)).toEqual([]);
      const starts = await form.getByLabel('Start from').locator('option').allInnerTexts();
      expect(starts).toEqual(expect.arrayContaining(['A new unit of heroes', 'A copy of Goblin Cutter', 'Thorn (a character of the library)']));
      await form.getByLabel('Start from').selectOption({ label: 'Thorn (a character of the library)' });
      await form.getByRole('button', { name: 'Open in the form' }).click();
      const unitForm = form.getByTestId('add-unit-form');
      await expect.poll(() => unitForm.getByRole('textbox', { name: /^Name(required)?$/ }).inputValue()).toBe('Thorn');
      // the builder's form: a mistake is said at its field, in words, and goes when fixed
      const hp = unitForm.getByRole('spinbutton', { name: /^HP(required)?$/ });
      await hp.fill('0');
      await expect.poll(() => unitForm.locator('.b-problems-at').count()).toBeGreaterThan(0);
      await hp.fill('20');
      await expect.poll(() => unitForm.locator('.b-problems-at').count()).toBe(0);
      await unitForm.scrollIntoViewIfNeeded();
      await shot(gm, 'gm-add-unit');
      const v = await version(gm);
      await form.getByRole('button', { name: 'Add unit' }).click();
      await waitVersion(gm, v + 1);
      await expect.poll(() => form.getByRole('status').innerText()).toBe('Thorn joined the fight.');
      await inSync(t);
      await expect.poll(() => ana.locator('.log-line', { hasText: 'Thorn joins the fight (heroes)' }).count()).toBe(1);
      expect((await gmState(gm)).units.thorn).toMatchObject({ name: 'Thorn', side: 'heroes', position: { x: 0, y: 0 } });
      expect(((await gmState(gm)).units.thorn as { pools: { hp: { max: number } } }).pools.hp.max).toBe(20);
      // at a phone's size the form is one column
      await gm.setViewportSize({ width: 390, height: 844 });
      await form.getByRole('button', { name: 'Open in the form' }).click();
      await unitForm.waitFor();
      await unitForm.scrollIntoViewIfNeeded();
      await shot(gm, 'gm-add-unit-phone');
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('an airship battle: Fit shows every unit, and the helm steers in a captain’s words', async () => {
    const t = await openTable(table.browser, table.server.url, 'outerah/airship-battle.yaml');
    try {
      const gm = t.gm;
      await start(t);
      // Fit: every unit's token inside the board's frame
      await gm.getByRole('button', { name: 'Fit the board' }).click();
      const outside = () =>
        gm.evaluate(() => {
          const f = document.querySelector('[data-testid=board-frame]')!.getBoundingClientRect();
          return Array.from(document.querySelectorAll('.board g.token')).filter((e) => {
            const b = e.getBoundingClientRect();
            return b.left < f.left - 1 || b.right > f.right + 1 || b.top < f.top - 1 || b.bottom > f.bottom + 1;
          }).length;
        });
      await expect.poll(outside).toBe(0);
      await shot(gm, 'airship-fit');
      await gm.setViewportSize({ width: 390, height: 844 });
      await gm.getByRole('button', { name: 'Fit the board' }).click();
      await expect.poll(outside).toBe(0);
      await shot(gm, 'airship-fit-phone');
      await gm.setViewportSize({ width: 1280, height: 900 });

      // the GM ends turns until a helm acts; its steering buttons are directions
      for (let i = 0; i < 12; i++) {
        const actor = await activeUnit(gm);
        if (actor === 'captain' || actor === 'corsair') break;
        const v = await version(gm);
        expect(await gmCommand(gm, `end${i}`, { type: 'gm.end_turn' })).toBe(200);
        await waitVersion(gm, v + 1);
      }
      const helm = await activeUnit(gm);
      expect(['captain', 'corsair']).toContain(helm);
      await freshActions(gm);
      const ship = gm.locator('.actions [role=group][aria-label="Ship"]');
      const words = await ship.innerText();
      expect(words).not.toMatch(/by \(|\(-?\d+, -?\d+\)/);
      const name = helm === 'captain' ? 'Steer Dawn Treader 4 cells east' : 'Steer Black Raven 3 cells west';
      await gm.getByRole('button', { name, exact: true }).waitFor();
      expect(words).toMatch(/Steer (Dawn Treader|Black Raven)/);
      expect(words).toMatch(/\b(north|south|east|west)\b/);
      await ship.scrollIntoViewIfNeeded();
      await shot(gm, 'airship-steer');
      expect(await machineWords(gm, [])).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('ground and cover read at a glance, with a key; the GM page fits a laptop; a phone player keeps the turn banner', async () => {
    // the ridge of examples/outerah/ridge-cover.yaml, with a bank of smoke and a patch of mud added
    const file = join(tmpdir(), `ridge-smoke-${process.pid}.yaml`);
    const ridge = readFileSync(join(ROOT, 'examples/outerah/ridge-cover.yaml'), 'utf8')
      .replace(/^ {2}image:.*\n/m, '')
      .replace('  terrain:\n', '  terrain:\n    - { at: [8, 4], blocksSight: true, tags: [smoke] }\n    - { at: [8, 6], cost: 2, tags: [mud] }\n');
    writeFileSync(file, ridge);
    const t = await openTable(table.browser, table.server.url, file, { width: 1366, height: 768 });
    try {
      const gm = t.gm;
      const key = gm.getByTestId('terrain-key');
      const words = await key.innerText();
      for (const w of ['Wall: no one moves through', 'Difficult ground: costs more to enter', 'Smoke or fog: blocks sight, not movement', 'Half cover', 'Full cover']) expect(words).toContain(w);
      // each kind of ground its own texture
      const fills = await gm.evaluate(() =>
        Object.fromEntries(['wall', 'difficult', 'smoke'].map((k) => [k, getComputedStyle(document.querySelector(`.board rect[data-ground=${k}]`)!).fill])),
      );
      expect(new Set(Object.values(fills)).size).toBe(3);
      // half cover: a shield the size of a quarter square, not a sliver
      const half = gm.locator('[data-testid=cover-mark][data-cover=half]').first();
      const box = await half.evaluate((e) => {
        const b = (e as SVGGraphicsElement).getBBox();
        return { width: b.width, height: b.height };
      });
      expect(box.width).toBeGreaterThanOrEqual(16);
      expect(box.height).toBeGreaterThanOrEqual(18);
      await gm.locator('.board-grid').screenshot({ path: `${SHOTS}/board-ground-and-cover.png` });

      // the GM page at a laptop's 1366×768: one screen tall (the columns scroll by themselves)
      await assign(t, 'ada', 0);
      await start(t);
      await inSync(t);
      const tall = await gm.evaluate(() => document.documentElement.scrollHeight);
      expect(tall).toBeLessThanOrEqual(768);
      await shot(gm, 'table-gm-laptop');

      // a phone player scrolled down to the log still sees that it is their turn
      const ana = t.players[0];
      await untilTurnOf(t, 'ada');
      await ana.setViewportSize({ width: 390, height: 844 });
      await caughtUp(ana);
      await ana.getByTestId('your-turn').waitFor();
      await ana.getByRole('region', { name: 'Combat log' }).scrollIntoViewIfNeeded();
      await ana.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const banner = (await ana.getByTestId('your-turn').boundingBox())!;
      expect(banner.y).toBeGreaterThanOrEqual(0);
      expect(banner.y + banner.height).toBeLessThanOrEqual(844);
      await shot(ana, 'table-phone-log');
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);
});
