/**
 * A table set up through the pages themselves: the GM creates it and loads an example, invites two
 * players (each joins in its own browser context), hands them units, and the fight is played by the bot.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { activeUnit, caughtUp, ended, step, version, waitVersion, type TurnMemo } from './bot.ts';

export interface Table {
  gm: Page;
  players: Page[];
  contexts: BrowserContext[];
  /** unit id → the page that plays it (absent: the GM). */
  seats: Map<string, Page>;
  errors: string[];
  close(): Promise<void>;
}

function watch(page: Page, who: string, errors: string[]) {
  page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
}

/** A table with `example` loaded: an example's path (phase20/goblin-cave.yaml) or a file's absolute path. */
export async function openTable(browser: Browser, url: string, example: string, viewport = { width: 1280, height: 900 }): Promise<Table> {
  const errors: string[] = [];
  const gmCtx = await browser.newContext({ viewport });
  const gm = await gmCtx.newPage();
  watch(gm, 'gm', errors);
  await gm.goto(`${url}/`);
  await gm.getByRole('button', { name: 'Create a table' }).click();
  await gm.waitForURL(/#\/gm\//);
  // an example by its path, or (an absolute path) a file of this computer, loaded as a GM would
  if (example.startsWith('/')) await gm.locator('.loader input[type=file]').setInputFiles(example);
  else await gm.locator(`[data-example="${example}"]`).click();
  await gm.waitForSelector('main.layout').catch(async (e) => {
    await gm.screenshot({ path: '/tmp/shots/fail.png' });
    throw e;
  });
  const players: Page[] = [];
  const contexts = [gmCtx];
  for (const name of ['Ana', 'Ben']) {
    await gm.getByLabel('Player name').fill(name);
    await gm.getByRole('button', { name: 'Invite' }).click();
    const link = gm.locator('.invite-link', { hasText: `Link for ${name}` }).getByTestId('invite-url');
    await link.waitFor();
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    watch(page, name, errors);
    await page.goto(await link.inputValue());
    await page.waitForURL(/#\/play\//);
    await page.waitForSelector('main.layout');
    players.push(page);
    contexts.push(ctx);
  }
  return {
    gm,
    players,
    contexts,
    seats: new Map(),
    errors,
    async close() {
      for (const c of contexts) await c.close();
    },
  };
}

/** On a GM's fresh page: create a table, load `example`, start the fight (no players invited). */
export async function gmStartsAlone(gm: Page, url: string, example: string): Promise<void> {
  await gm.goto(`${url}/`);
  await gm.getByRole('button', { name: 'Create a table' }).click();
  await gm.waitForURL(/#\/gm\//);
  await gm.locator(`[data-example="${example}"]`).click();
  await gm.waitForSelector('main.layout[data-status=setup]');
  await gm.getByTestId('start').click();
  await gm.waitForSelector('main.layout[data-status=active]');
}

/** The GM gives `unit` to player n (0 or 1) with the "Controlled by" select. */
export async function assign(t: Table, unit: string, n: number): Promise<void> {
  const before = await version(t.gm);
  await t.gm.locator(`.turn-order li[data-unit="${unit}"] button.order-unit`).click();
  await t.gm.getByTestId('assign').selectOption(`p${n + 1}`);
  await waitVersion(t.gm, before + 1);
  t.seats.set(unit, t.players[n]);
}

/** The first two units of the side listed first in the turn order, given to the two players in turn; their ids. */
export async function seatTwoPlayers(t: Table): Promise<string[]> {
  const units = await t.gm.locator('.turn-order li[data-unit]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-unit')!, e.getAttribute('data-side')!]));
  const ours = units.filter(([, side]) => side === units[0][1]).slice(0, 2).map(([id]) => id);
  for (const [i, id] of ours.entries()) await assign(t, id, i);
  return ours;
}

export async function start(t: Table): Promise<void> {
  const before = await version(t.gm);
  await t.gm.getByTestId('start').click();
  await waitVersion(t.gm, before + 1);
}

/** Every page shows everything the server has for its viewer (a player's numbering counts only what it may see). */
export async function inSync(t: Table): Promise<void> {
  for (const p of [t.gm, ...t.players]) await caughtUp(p);
}

export interface PlayOptions {
  maxSteps?: number;
  /** Called before each step (tests hook reloads, hiding and restarts in here). */
  beforeStep?(n: number): Promise<void>;
  /** Stop early, before step n, when this says so (a test that needs only the first rounds). */
  until?(n: number): Promise<boolean>;
  onAim?: Parameters<typeof step>[3];
}

/** Play until the combat ends (or `until` says stop); returns the number of commands sent. */
export async function playToEnd(t: Table, opts: PlayOptions = {}): Promise<number> {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  let steps = 0;
  for (; steps < (opts.maxSteps ?? 800); steps++) {
    await opts.beforeStep?.(steps);
    if ((await ended(t.gm)) || (await opts.until?.(steps))) return steps;
    const actor = await activeUnit(t.gm);
    if (!actor) {
      await t.gm.waitForTimeout(50);
      continue;
    }
    const round = await t.gm.getByTestId('round').innerText();
    const key = `${round}|${actor}|${await t.gm.locator('.turn-order li.is-active').evaluate((li) => Array.from(li.parentElement!.children).indexOf(li))}`;
    if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: 0 });
    const page = t.seats.get(actor) ?? t.gm;
    if (page !== t.gm) await caughtUp(page);
    try {
      await step(page, actor, memo, opts.onAim);
    } catch (err) {
      const dir = process.env.SKIRMISH_SHOTS_ON_FAIL;
      if (dir) for (const [i, p] of [t.gm, ...t.players].entries()) await p.screenshot({ path: `${dir}/fail-${i}.png`, fullPage: true });
      throw err;
    }
  }
  throw new Error(`no result after ${steps} commands`);
}

/** The GM page's table, token and current encounter, read in the page (the GM's key stays in its storage). */
async function gmFetch<T>(gm: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return gm.evaluate(
    async ([path, body]) => {
      const table = location.hash.split('/')[2];
      const auth = { authorization: `Bearer ${localStorage.getItem(`skirmish.gm.${table}`)}` };
      const info = await (await fetch(`/api/tables/${table}`, { headers: auth })).json();
      const enc = info.encounters[info.encounters.length - 1].id as string;
      const url = path.replace('{enc}', enc);
      const init: RequestInit = body === undefined ? { headers: auth } : { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const r = await fetch(url, init);
      return { status: r.status, body: await r.json() };
    },
    [path, body] as const,
  );
}

/** The newest encounter's state as the GM sees it. */
export async function gmState(gm: Page): Promise<{ units: Record<string, Record<string, unknown> & { position?: { x: number; y: number } }> }> {
  return (await gmFetch<{ state: never }>(gm, '/api/encounters/{enc}')).body.state;
}

/** Send a command to the newest encounter as the GM (an override the test makes without its control); returns the HTTP status. */
export async function gmCommand(gm: Page, id: string, command: Record<string, unknown>): Promise<number> {
  const snap = await gmFetch<{ encounter: { version: number } }>(gm, '/api/encounters/{enc}');
  const r = await gmFetch(gm, '/api/encounters/{enc}/commands', { id, expectedVersion: snap.body.encounter.version, command });
  return r.status;
}
