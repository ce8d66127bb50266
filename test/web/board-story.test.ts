/**
 * Issue 21, point 4 and the board half of point 1, as a GM and players see them: a javelin's question in
 * words answered by tapping a square (and the one that no longer matters closed by the rules), projectiles
 * drawn in flight for the player, an area previewed with allies marked, the stray-shot risk in the odds,
 * damage from a hidden unit logged without naming it, no turn ending unsaid, and a board that zooms, pans
 * and labels every token apart at phone size. Screenshots go to $SKIRMISH_SHOTS (default /tmp/shots/board).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { caughtUp } from './bot.ts';
import { BORDER_QUAKE, borderQuake, gmDoes, javelinDodge, logLines } from './board-story.ts';
import { machineWords } from './machine-words.ts';
import { gmState, openTable } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/board';
mkdirSync(SHOTS, { recursive: true });

/** The page at desktop size, then at a phone's (390×844), then back. */
async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize(size);
}

/** Every element matching `sel` on the board lies inside the board's frame (scrolled into view). */
async function inView(page: Page, sel: string): Promise<boolean> {
  return page.getByTestId('board-frame').evaluate((frame, sel) => {
    const f = frame.getBoundingClientRect();
    const all = Array.from(frame.querySelectorAll(sel)).map((e) => e.getBoundingClientRect());
    return all.length > 0 && all.every((b) => b.left >= f.left - 1 && b.right <= f.right + 1 && b.top >= f.top - 1 && b.bottom <= f.bottom + 1);
  }, sel);
}

/** A line of the log (rule ids are chips: their brackets come apart from the words). */
const flat = (lines: string[]) => lines.map((l) => l.replace(/\s+/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']'));

describe('the board tells the story', () => {
  it('duel60: javelins drawn in flight, a dodge tapped on the board, the moot question closed, no turn ending unsaid', async () => {
    const t = await openTable(table.browser, table.server.url, 'duel60/javelin-dodge.yaml');
    try {
      const [ana] = t.players;
      const seen = new Set<string>();
      await javelinDodge(t, async (moment, page) => {
        seen.add(moment);
        if (moment === 'stepped') {
          // the step spent Sefa's movement; her action is left with nothing to do: the rules end the turn, and say which
          const lines = flat(await logLines(page));
          const moved = lines.indexOf('Sefa moves to (5, 4), cost 1');
          const ends = lines.indexOf("Sefa's turn ends: its movement is spent and nothing is left that its action could do [D60-TURN-1]");
          expect(moved).toBeGreaterThan(0);
          expect(ends).toBeGreaterThan(moved);
          expect(lines.indexOf("Garr the Thrower's turn", moved)).toBeGreaterThan(ends);
        }
        if (moment === 'aim') {
          // the odds name who the javelin may hit instead: the first unit on its line, friend or foe
          expect(await page.getByTestId('odds-risk').innerText()).toMatch(/hits the first unit on its line, friend or foe/);
          // on a phone the bar at the bottom shows the whole action and its chance, none of it cut off
          await page.setViewportSize({ width: 390, height: 844 });
          const what = page.getByTestId('action-bar').locator('.action-bar-what');
          expect(await what.innerText()).toMatch(/^Throw 2 Javelins at Sefa · \d+(\.\d)?%$/);
          expect(await what.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1)).toBe(true);
          await page.setViewportSize({ width: 1280, height: 900 });
          await shots(page, 'javelin-aim');
        }
        if (moment === 'in flight') {
          // Ana's board: both javelins over (3, 4), their line on, the two tiles of the next flight, and where they will hang
          const flying = page.getByTestId('projectile');
          await expect.poll(() => flying.count()).toBe(2);
          for (const f of await flying.all()) {
            expect(await f.getAttribute('data-at')).toBe('3,4');
            expect(await f.getAttribute('data-next')).toBe('4,4 5,4');
            expect(await f.locator('title').textContent()).toBe("Javelin (Garr the Thrower's) over (3, 4); next turn it flies to (5, 4), reaching Sefa");
            expect(await f.locator('.flight-line').count()).toBe(1);
            expect(await f.getByTestId('projectile-next').getAttribute('data-at')).toBe('5,4');
          }
          // …and in words under the board, one line for the pair (a phone has no hover)
          expect(await page.getByTestId('in-the-air-line').allInnerTexts()).toEqual(["◆ Javelin ×2 (Garr the Thrower's) over (3, 4); next turn they fly to (5, 4), reaching Sefa"]);
          await shots(page, 'javelin-in-flight');
          await page.locator('.board-grid').screenshot({ path: `${SHOTS}/javelin-in-flight-board.png` });
          // a thrower the GM hides takes his javelins out of the players' sight, and back with him
          await gmDoes(t, 'hide', { type: 'gm.hide', unit: 'garr' });
          await caughtUp(page);
          await expect.poll(() => flying.count()).toBe(0);
          expect(await page.getByTestId('in-the-air').count()).toBe(0);
          expect(await t.gm.getByTestId('projectile').count()).toBe(2);
          await gmDoes(t, 'show', { type: 'gm.hide', unit: 'garr', hidden: false });
          await caughtUp(page);
          await expect.poll(() => flying.count()).toBe(2);
        }
        if (moment === 'asked') {
          // one question in words, a few buttons, and the evade squares on the board (a list only for the keyboard)
          const d = page.getByTestId('decision');
          expect(await d.locator('.decision-sentence').innerText()).toBe('Javelin is about to hit Sefa: block, evade or counter, or take it?');
          const buttons = await d.locator('button[data-group=answer]').allInnerTexts();
          expect(buttons).toContain('Take the hit');
          expect(buttons.length).toBeLessThanOrEqual(6);
          expect(await d.locator('button[data-group=answer-cell]').first().isVisible()).toBe(false);
          const squares = page.getByTestId('choice-cell');
          expect(await squares.count()).toBeGreaterThan(10);
          expect(await page.locator('.board g.cell-button[data-cell="5,2"]').getAttribute('aria-label')).toBe('Evade to (5, 2)');
          // the javelin's line is no escape: the squares on it are not offered
          for (const c of ['6,4', '7,4']) expect(await page.locator(`.board g[data-cell="${c}"] [data-testid=choice-cell]`).count()).toBe(0);
          // both javelins wait on her: marked in the corner of her square, over her token, and said in words
          expect(await page.getByTestId('projectile-over').evaluateAll((els) => els.map((e) => e.getAttribute('data-at')))).toEqual(['5,4', '5,4']);
          expect(await page.getByTestId('in-the-air-line').allInnerTexts()).toEqual([expect.stringMatching(/^◆ Javelin ×2 \(Garr the Thrower's\) reach Sefa at \(5, 4\): waiting for Sefa to react/)]);
          await shots(page, 'javelin-decision');
          await page.locator('.board-grid').screenshot({ path: `${SHOTS}/javelin-decision-board.png` });
        }
        if (moment === 'evaded') {
          // the tap answered the question; the other javelin no longer finds her: closed by the rules, never asked
          const lines = flat(await logLines(page));
          const evaded = lines.indexOf('Sefa evades to (5, 2)');
          expect(evaded).toBeGreaterThan(0);
          expect(lines.slice(evaded)).toContain('Javelin finds no one at (5, 4): Sefa is no longer there [D60-PRJ-1]');
          expect(lines.filter((l) => l.startsWith('Decided'))).toEqual([]);
          expect(await page.getByTestId('decision').count()).toBe(0);
          expect(await page.getByTestId('choice-cell').count()).toBe(0);
          expect(await page.locator('.board g.token[data-unit=sefa]').getAttribute('aria-label')).toMatch(/Sefa/);
          expect((await gmState(t.gm)).units.sefa.position).toEqual({ x: 5, y: 2 });
          expect(((await gmState(t.gm)) as unknown as { pending: unknown[] }).pending).toEqual([]);
          // both javelins fly on along their line, past where she stood
          expect(await page.getByTestId('in-the-air-line').allInnerTexts()).toEqual([expect.stringMatching(/^◆ Javelin ×2 \(Garr the Thrower's\) over \(5, 4\); next turn they fly to \(7, 4\)$/)]);
          await shots(page, 'javelin-evaded');
        }
      });
      expect([...seen]).toEqual(['stepped', 'aim', 'in flight', 'asked', 'evaded']);
      const ids = Object.keys((await gmState(t.gm)).units);
      for (const p of [t.gm, ana]) expect(await machineWords(p, ids)).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('outerah: an area with allies marked, the stray risk in the odds, a hidden hand logged unseen, a board that zooms, pans and tells tokens apart', async () => {
    const t = await openTable(table.browser, table.server.url, BORDER_QUAKE);
    try {
      const [ana, ben] = t.players;
      // the GM's board: every token labelled apart — the Raider Captain and the Raider Cutthroat are not both "RC"
      const labels = await t.gm.locator('.board g.token .token-text').allTextContents();
      expect(labels).toHaveLength(8);
      expect(new Set(labels).size).toBe(8);
      expect(labels).toEqual(expect.arrayContaining(['RCa', 'RCu']));
      const seen: string[] = [];
      await borderQuake(t, async (moment, page) => {
        seen.push(moment);
        if (moment === 'turn') {
          // Ilse's turn on a phone: squares a finger wide, the costs chips of readable text, zoom and pan
          await page.setViewportSize({ width: 390, height: 844 });
          const frame = page.getByTestId('board-frame');
          const px = async () => Number(await frame.getAttribute('data-cell-px'));
          await expect.poll(px).toBeGreaterThanOrEqual(44);
          const cost = page.locator('.cell-cost-chip .cell-cost').first();
          await cost.waitFor();
          expect((await cost.boundingBox())!.height).toBeGreaterThanOrEqual(9);
          expect(Number.parseFloat(await cost.evaluate((e) => getComputedStyle(e).fontSize)) * (await px()) / 48).toBeGreaterThanOrEqual(11);
          const start = await px();
          await page.getByRole('button', { name: 'Zoom in' }).click();
          await expect.poll(px).toBeGreaterThan(start);
          await page.getByRole('button', { name: 'Zoom out' }).click();
          await page.getByRole('button', { name: 'Zoom out' }).click();
          await expect.poll(px).toBeLessThan(start);
          await page.getByRole('button', { name: 'Zoom in' }).click();
          await page.getByRole('button', { name: 'Zoom in' }).click();
          await expect.poll(px).toBeGreaterThan(start);
          // a drag moves the map about (and lands on no square: nothing is sent)
          const before = await frame.evaluate((e) => [e.scrollLeft, e.scrollTop]);
          const v = Number(await page.locator('main.layout').getAttribute('data-version'));
          const box = (await frame.boundingBox())!;
          await page.mouse.move(box.x + box.width - 40, box.y + box.height - 40);
          await page.mouse.down();
          await page.mouse.move(box.x + 60, box.y + 60, { steps: 8 });
          await page.mouse.up();
          const after = await frame.evaluate((e) => [e.scrollLeft, e.scrollTop]);
          expect(after[0] + after[1]).toBeGreaterThan(before[0] + before[1]);
          expect(Number(await page.locator('main.layout').getAttribute('data-version'))).toBe(v);
          await page.screenshot({ path: `${SHOTS}/board-zoomed-phone.png` });
          // Fit: the whole map in the frame, whatever size its squares come to (issue 36)
          await page.getByRole('button', { name: 'Fit the board' }).click();
          await expect.poll(() => frame.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1)).toBe(true);
          await page.setViewportSize({ width: 1280, height: 900 });
          // Ana sees six tokens (the hidden Cutthroat is not one), labelled apart
          const hers = await page.locator('.board g.token .token-text').allTextContents();
          expect(hers).toHaveLength(7);
          expect(new Set(hers).size).toBe(7);
        }
        if (moment === 'area') {
          // Quake on the Raider Brute: its nine squares, and everyone inside ringed before Confirm — her allies too
          await expect.poll(() => page.getByTestId('area-cell').count()).toBe(9);
          const ring = async (id: string) => page.locator(`.board g.token[data-unit="${id}"]`).getAttribute('data-affected');
          expect(await ring('r2')).toBe('foe');
          expect(await ring('r1')).toBe('foe');
          expect(await ring('kaito')).toBe('ally');
          expect(await ring('brann')).toBe('ally');
          expect(await ring('wren')).toBeNull();
          // allies struck carry a warning badge as well as their colour
          expect(await page.getByTestId('ally-warning').count()).toBe(2);
          expect(await page.locator('.board g.token[data-unit="kaito"]').getAttribute('aria-label')).toMatch(/Kaito.*an ally it would affect/);
          const also = page.getByTestId('odds-affected');
          const rows = await also.locator('tbody th').allInnerTexts();
          expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(expect.arrayContaining(['Raider Captain', expect.stringMatching(/^Kaito ally/), expect.stringMatching(/^Brann ally/)]));
          expect(await page.getByTestId('confirm').isVisible()).toBe(true);
          // on a phone the zoomed board scrolls the whole preview into view, Confirm on screen below it
          await page.setViewportSize({ width: 390, height: 844 });
          await expect.poll(() => inView(page, '[data-testid=area-cell], g.token[data-affected]')).toBe(true);
          expect(await page.getByTestId('confirm').isVisible()).toBe(true);
          await page.setViewportSize({ width: 1280, height: 900 });
          await shots(page, 'area-quake');
          await page.locator('.board-grid').screenshot({ path: `${SHOTS}/area-quake-board.png` });
        }
        if (moment === 'stray') {
          // Wren’s longbow at the Raider Captain: a miss may stray into Brann beside him (or the Brute), said in the odds
          expect(page).toBe(ben);
          expect(await page.getByTestId('odds-risk').innerText()).toMatch(/^Risk: A miss may stray into .*Brann \(an ally\).*: \d+(\.\d)?% each \[OUT-MISS-2\]$/);
          await page.setViewportSize({ width: 390, height: 844 });
          await expect.poll(() => inView(page, 'g.token[data-affected]')).toBe(true);
          await page.setViewportSize({ width: 1280, height: 900 });
          await shots(page, 'stray-risk');
        }
        if (moment === 'unseen') {
          // the hidden Cutthroat's axe: Ana reads that Ilse was hurt, not by whom; the GM reads who
          const lines = flat(await logLines(page));
          expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Ilse takes \d+ \w+ damage from something unseen \(HP \d+\)/)]));
          expect(await page.locator('body').innerText()).not.toMatch(/Cutthroat/);
          expect(flat(await logLines(t.gm))).toEqual(expect.arrayContaining([expect.stringMatching(/^Ilse takes \d+ \w+ damage from Raider Cutthroat/)]));
        }
      });
      expect(new Set(seen)).toEqual(new Set(['turn', 'area', 'stray', 'unseen']));
      const ids = Object.keys((await gmState(t.gm)).units);
      for (const p of [t.gm, ana, ben]) expect(await machineWords(p, ids)).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);
});
