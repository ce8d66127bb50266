/**
 * A simple player for browser tests: it reads the page (never the API) and clicks what a person would —
 * attack if it can, else walk toward the nearest foe, else end the turn. Each step waits for the command
 * to land (the page's log version moves) and for the new choices to arrive.
 */
import type { Page } from 'playwright-core';

const OFFENSIVE = ['attack', 'spell', 'gadget', 'stream', 'skill', 'ability', 'technique', 'strike', 'shot'];

export async function version(page: Page): Promise<number> {
  return Number(await page.locator('main.layout').getAttribute('data-version'));
}

export async function waitVersion(page: Page, atLeast: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction((v) => Number(document.querySelector('main.layout')?.getAttribute('data-version')) >= v, atLeast, { timeout });
}

/**
 * The version the server reports to this page's viewer now: the GM's is the log's, a player's counts only
 * the events it may see (so it stays below the GM's once anything was withheld from it).
 */
export async function serverVersion(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const m = /^#\/(gm|play)\/([^/?]+)/.exec(location.hash);
    if (!m) throw new Error(`not a table page: ${location.hash}`);
    const role = m[1] === 'gm' ? 'gm' : 'player';
    const table = decodeURIComponent(m[2]);
    const token = localStorage.getItem(`skirmish.${role}.${table}`) ?? new URLSearchParams(location.hash.split('?')[1] ?? '').get('token');
    const info = (await (await fetch(`/api/tables/${encodeURIComponent(table)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { encounters: { status: string; version: number }[] };
    // the encounter the page shows: the last one still running, else the last one (as the page picks it)
    const live = info.encounters.filter((e) => e.status !== 'ended');
    const list = live.length ? live : info.encounters;
    return list[list.length - 1].version;
  });
}

/** Wait until the page shows everything the server has for its viewer. */
export async function caughtUp(page: Page): Promise<void> {
  await waitVersion(page, await serverVersion(page));
}

export async function ended(page: Page): Promise<boolean> {
  return (await page.locator('main.layout[data-status=ended]').count()) > 0;
}

/** The unit whose turn it is, from the turn order. */
export async function activeUnit(page: Page): Promise<string | undefined> {
  const li = page.locator('.turn-order li.is-active');
  return (await li.count()) ? ((await li.first().getAttribute('data-unit')) ?? undefined) : undefined;
}

/** Wait until the action panel holds choices read at the page's current version. */
export async function freshActions(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('main.layout')?.getAttribute('data-version');
      const a = document.querySelector('.actions[data-actions-version]');
      return !!a && a.getAttribute('data-actions-version') === v;
    },
    undefined,
    { timeout },
  );
}

export interface TurnMemo {
  key: string;
  attacks: number;
  moved: number;
}

const cheb = (a: number[], b: number[]) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

/** Walk to the reachable cell nearest a foe, if that gets closer. */
async function moveToward(page: Page, actor: string): Promise<boolean> {
  const me = page.locator(`.board g.token[data-unit="${actor}"]`);
  if (!(await me.count())) return false;
  const side = await me.getAttribute('data-side');
  const at = (await me.getAttribute('data-at'))?.split(',').map(Number);
  if (!at) return false;
  const foes = await page.locator('.board g.token[data-status=active]').evaluateAll((els, s) => els.filter((e) => e.getAttribute('data-side') !== s).map((e) => e.getAttribute('data-at')!.split(',').map(Number)), side);
  if (!foes.length) return false;
  const cells = await page.locator('.board g.cell-button[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')!));
  const near = (c: number[]) => Math.min(...foes.map((f) => cheb(c, f)));
  let best: string | undefined;
  let bestD = near(at);
  for (const c of cells) {
    const d = near(c.split(',').map(Number));
    if (d < bestD) [best, bestD] = [c, d];
  }
  if (!best) return false;
  await page.locator(`.board g.cell-button[data-cell="${best}"]`).click();
  return true;
}

async function landed(page: Page, before: number): Promise<void> {
  // the command lands (version moves) or the server refuses it (an error note)
  await page.waitForFunction(
    (v) => Number(document.querySelector('main.layout')?.getAttribute('data-version')) > v || !!document.querySelector('.actions .error-note'),
    before,
    { timeout: 15_000 },
  ).catch(async (e) => {
    if (process.env.SKIRMISH_SHOTS_ON_FAIL) await page.screenshot({ path: `${process.env.SKIRMISH_SHOTS_ON_FAIL}/landed.png`, fullPage: true });
    throw e;
  });
  const err = page.locator('.actions .error-note');
  if (await err.count()) throw new Error(`refused: ${await err.first().innerText()}`);
}

/** Choose a target (if asked) and confirm; returns what the odds panel showed. */
export async function aimAndConfirm(page: Page): Promise<{ command: Record<string, unknown>; chance?: number }> {
  const target = page.locator('.aiming button.target').first();
  if (await target.count()) await target.click();
  const confirm = page.getByTestId('confirm');
  await confirm.waitFor();
  await page.waitForFunction(() => !document.querySelector('.odds.muted'));
  const command = JSON.parse((await page.locator('.confirm').getAttribute('data-command-json')) ?? '{}');
  const chanceEl = page.getByTestId('odds-chance');
  const chance = (await chanceEl.count()) ? Number(await chanceEl.getAttribute('data-value')) : undefined;
  return { command, chance };
}

/**
 * One command for `actor` on `page`. `onAim` sees the odds before Confirm (tests compare them with the
 * server's preview). Returns a word for what it did.
 */
export async function step(page: Page, actor: string, memo: TurnMemo, onAim?: (a: { command: Record<string, unknown>; chance?: number }) => Promise<void>): Promise<string> {
  await freshActions(page);
  const before = await version(page);
  const panel = page.locator('.actions');
  const answer = panel.locator('button.action[data-group=answer]');
  if (await answer.count()) {
    await answer.first().click();
    if (await page.getByTestId('confirm').count()) await page.getByTestId('confirm').click();
    await landed(page, before);
    return 'answer';
  }
  // a plain attack first: a gadget or stream may be a shield or a heal, and a bot that only ever
  // raises shields never ends the fight
  const attacks = panel.locator('button.action[data-group=attack]:not([disabled])');
  const offensive = (await attacks.count()) ? attacks : panel.locator(OFFENSIVE.map((g) => `button.action[data-group=${g}]:not([disabled])`).join(', '));
  if (memo.attacks < 2 && (await offensive.count())) {
    memo.attacks++;
    await offensive.first().click();
    // an action with nothing to aim and no odds is sent at once; otherwise a target or Confirm appears
    await page.waitForFunction(
      (v) => !!document.querySelector('[data-testid=confirm], .aiming, .actions .error-note') || Number(document.querySelector('main.layout')?.getAttribute('data-version')) > v,
      before,
    );
    if (!(await page.locator('[data-testid=confirm], .aiming').count())) {
      await landed(page, before);
      return 'attack';
    }
    const aimed = await aimAndConfirm(page);
    await onAim?.(aimed);
    await page.getByTestId('confirm').click();
    await landed(page, before);
    return 'attack';
  }
  if (memo.moved < 2) {
    memo.moved++;
    if (await moveToward(page, actor)) {
      await landed(page, before);
      return 'move';
    }
    const zoneMove = panel.locator('button.action[data-group=move]');
    if ((await zoneMove.count()) && memo.moved === 1) {
      await zoneMove.first().click();
      await landed(page, before);
      return 'move';
    }
  }
  const end = panel.locator('button.action[data-command=end_turn]');
  if (await end.count()) {
    await end.first().click();
    await page.waitForFunction((v) => !!document.querySelector('[data-testid=confirm]') || Number(document.querySelector('main.layout')?.getAttribute('data-version')) > v, before);
    if (await page.getByTestId('confirm').count()) await page.getByTestId('confirm').click();
    await landed(page, before);
    return 'end';
  }
  throw new Error(`no way forward for ${actor}: ${await panel.innerText()}`);
}
