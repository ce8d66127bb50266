/**
 * Chat and free rolls at the table, in Chromium: a GM and two players (Ana, Ben) on Goblin cave. A message
 * to everyone reaches all three; Ana's whisper to the GM and her secret roll reach the GM and never Ben; Ben's
 * open roll reaches everyone with its breakdown (the one line the log would print, then the table of dice);
 * the GM's whisper to Ben never reaches Ana; a bad notation is refused in words that say what and where.
 * Only visible words are read. Screenshots at desktop and phone size (390×844) go to $SKIRMISH_SHOTS
 * (default /tmp/shots/chat).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atTheTable } from './at-the-table.ts';
import { machineWords } from './machine-words.ts';
import { openTable } from './session.ts';

const table = atTheTable();
const SHOTS = process.env.SKIRMISH_SHOTS ?? '/tmp/shots/chat';
mkdirSync(SHOTS, { recursive: true });

const panel = (p: Page): Locator => p.getByRole('region', { name: 'Chat and rolls' });
const messages = (p: Page): Locator => panel(p).getByRole('list', { name: 'Messages' });
const words = (p: Page): Promise<string> => messages(p).innerText();

async function say(p: Page, text: string, to?: string): Promise<void> {
  const c = panel(p);
  if (to) await c.getByLabel('Send to').selectOption({ label: to });
  await c.getByRole('textbox', { name: 'Message' }).fill(text);
  await c.getByRole('button', { name: 'Send', exact: true }).click();
  await messages(p).getByText(text).waitFor();
  if (to) await c.getByLabel('Send to').selectOption({ label: 'Everyone' });
}

async function roll(p: Page, dice: string, forWhat: string, secretly = false): Promise<void> {
  const c = panel(p);
  await c.getByLabel('Dice to roll').fill(dice);
  await c.getByLabel('Roll for').fill(forWhat);
  await c.getByRole('button', { name: secretly ? 'Roll secretly' : 'Roll', exact: true }).click();
}

async function shots(page: Page, name: string): Promise<void> {
  await panel(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('chat and free rolls', () => {
  it('a message to everyone, a whisper and a secret roll only the GM sees, an open roll with its breakdown, a bad notation explained', async () => {
    const t = await openTable(table.browser, table.server.url, 'phase20/goblin-cave.yaml');
    try {
      const [ana, ben] = t.players;
      const gm = t.gm;
      for (const p of [gm, ana, ben]) expect(await words(p)).toContain('No messages yet.');

      // to everyone
      await say(ana, 'Hello, everyone — ready when you are');
      for (const p of [gm, ben]) await messages(p).getByText('Hello, everyone — ready when you are').waitFor();
      expect(await messages(gm).locator('li', { hasText: 'ready when you are' }).innerText()).toMatch(/^Ana\b/);

      // Ana whispers to the GM
      await say(ana, 'I pocket the ruby while nobody looks', 'The GM only (whisper)');
      const whisper = messages(gm).locator('li', { hasText: 'I pocket the ruby' });
      await whisper.waitFor();
      expect(await whisper.innerText()).toMatch(/Ana[\s\S]*whisper to the GM[\s\S]*I pocket the ruby while nobody looks/);

      // Ana rolls secretly: the GM sees the roll and its total, Ben nothing
      await roll(ana, '1d20+4', 'Sleight of Hand', true);
      const secret = messages(gm).locator('li', { hasText: 'Sleight of Hand' });
      await secret.waitFor();
      expect(await secret.innerText()).toMatch(/Ana[\s\S]*secret roll, only the GM sees it[\s\S]*rolls 1d20 \+ 4 for Sleight of Hand: \d+/);
      expect(await messages(ana).locator('li', { hasText: 'Sleight of Hand' }).innerText()).toContain('secret roll: only you and the GM see it');

      // Ben rolls openly: everyone sees the total, and the breakdown behind it
      await roll(ben, '4d6kh3+2', 'Strength');
      for (const p of [gm, ana, ben]) await messages(p).locator('li', { hasText: 'for Strength' }).waitFor();
      const open = messages(ana).locator('li', { hasText: 'for Strength' });
      const line = await open.locator('summary').innerText();
      expect(line).toMatch(/^4d6kh3 \[(\dd?, ){3}\dd?\] \+ 2 = \d+$/);
      const total = Number(line.split('= ')[1]);
      expect(await open.innerText()).toContain(`Ben\n`);
      expect(await open.innerText()).toContain(`rolls 4d6kh3 + 2 for Strength: ${total}`);
      await open.locator('summary').click();
      const table_ = open.locator('.breakdown table');
      await table_.waitFor();
      expect(await table_.innerText()).toMatch(new RegExp(`Strength[\\s\\S]*4d6kh3 \\+ 2[\\s\\S]*Total\\s+${total}`));
      expect(await open.locator('.dice-drawn').innerText()).toMatch(/^Dice drawn: (\d on d6\s*){4}$/);

      // the GM whispers to Ben
      await say(gm, 'You hear a click behind the door', 'Ben only (whisper)');
      await messages(ben).getByText('You hear a click behind the door').waitFor();
      expect(await messages(ben).locator('li', { hasText: 'click behind' }).innerText()).toMatch(/GM[\s\S]*whisper to you/);

      // a last word to everyone: once Ben and Ana have it, all before it has reached them too
      await say(gm, 'Roll for initiative!');
      for (const p of [ana, ben]) await messages(p).getByText('Roll for initiative!').waitFor();
      const benSees = await words(ben);
      expect(benSees).toContain('Hello, everyone');
      expect(benSees).toContain('for Strength');
      for (const hidden of ['ruby', 'Sleight of Hand', '1d20']) expect(benSees).not.toContain(hidden);
      const anaSees = await words(ana);
      expect(anaSees).not.toContain('click behind');
      expect(anaSees).toContain('I pocket the ruby');

      // a bad notation: refused in words, with where
      await roll(ana, '4d6kq3', 'Typo');
      const alert = panel(ana).getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/Those dice can't be rolled\.[\s\S]*4d6kq3: unexpected "q" at column 5/);
      expect(await words(ana)).not.toContain('Typo');
      await shots(ana, 'player-error');
      await alert.getByRole('button', { name: 'Dismiss' }).click();

      await open.scrollIntoViewIfNeeded();
      await shots(gm, 'gm');
      await shots(ana, 'ana');
      await shots(ben, 'ben');
      // the phone: the panel reads and works at 390×844 (Ben writes from it)
      await ben.setViewportSize({ width: 390, height: 844 });
      await say(ben, 'Typed on my phone');
      await messages(gm).getByText('Typed on my phone').waitFor();
      const box = await panel(ben).boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      await ben.setViewportSize({ width: 1280, height: 900 });

      // Ben's connection drops (the page's sockets are cut and new ones refused for a while): what is said
      // meanwhile is on his page once it is back, read again from the server
      await ben.addInitScript(() => {
        const w = window as unknown as { __sockets: WebSocket[]; __blocked: boolean; WebSocket: typeof WebSocket };
        const Real = w.WebSocket;
        w.__sockets = [];
        w.__blocked = false;
        w.WebSocket = class extends Real {
          constructor(url: string | URL, protocols?: string | string[]) {
            // refused by the server (no such path), as a connection that cannot get through
            super(w.__blocked ? String(url).replace('/api/ws', '/api/nowhere') : url, protocols);
            w.__sockets.push(this);
          }
        };
      });
      await ben.reload();
      await messages(ben).getByText('Typed on my phone').waitFor();
      await expect.poll(() => ben.getByTestId('link-status').innerText()).toBe('Live');
      await ben.evaluate(() => {
        const w = window as unknown as { __sockets: WebSocket[]; __blocked: boolean };
        w.__blocked = true;
        for (const s of w.__sockets) s.close();
      });
      await expect.poll(() => ben.getByTestId('link-status').innerText()).not.toBe('Live');
      await say(gm, 'Said while Ben was away');
      await say(ana, 'Ben, are you there?');
      await ben.waitForTimeout(300);
      expect(await words(ben)).not.toContain('Said while Ben was away');
      await ben.evaluate(() => ((window as unknown as { __blocked: boolean }).__blocked = false));
      await expect.poll(() => ben.getByTestId('link-status').innerText(), { timeout: 15_000 }).toBe('Live');
      await messages(ben).getByText('Said while Ben was away').waitFor();
      await messages(ben).getByText('Ben, are you there?').waitFor();
      // each once
      expect((await words(ben)).split('Said while Ben was away').length).toBe(2);

      for (const p of [gm, ana, ben]) expect(await machineWords(p, ['kara', 'pell'])).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
