/**
 * A simple player for browser tests: it reads the page (never the API) and clicks what a person would —
 * attack if it can, else walk toward the nearest foe, else rest if it may, else end the turn (the rule
 * itself is bot-choice.ts). Each step waits for the command to land (the page's log version moves) and
 * for the new choices to arrive.
 */
import type { Page } from 'playwright-core';
import { chooseStep, OFFENSIVE, type StepView, type TurnMemo } from './bot-choice.ts';

export type { TurnMemo };

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
    const info = (await (await fetch(`/api/tables/${encodeURIComponent(table)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { encounters: { id: string; status: string; version: number }[] };
    // the encounter the page shows (a table may run several), else the last one still running
    const shown = info.encounters.find((e) => e.id === document.querySelector('main.layout')?.getAttribute('data-encounter'));
    if (shown) return shown.version;
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

/**
 * What the page offers `actor` now, read in one round trip (a loaded machine pays per call): the panel's
 * buttons and the board cell nearest a foe, if that is nearer than the unit stands.
 */
async function readView(page: Page, actor: string, offensive: readonly string[]): Promise<StepView & { attackGroup: boolean; cell?: string }> {
  return page.evaluate(
    ({ actor, offensive }) => {
      const has = (sel: string) => document.querySelector(`.actions ${sel}`) !== null;
      const attackGroup = has('button.action[data-group=attack]:not([disabled])');
      const xy = (s: string) => s.split(',').map(Number);
      const cheb = (a: number[], b: number[]) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));
      const me = document.querySelector(`.board g.token[data-unit="${actor}"]`);
      const at = me?.getAttribute('data-at');
      let cell: string | undefined;
      if (me && at) {
        const side = me.getAttribute('data-side');
        const foes = Array.from(document.querySelectorAll('.board g.token[data-status=active]'))
          .filter((e) => e.getAttribute('data-side') !== side && e.getAttribute('data-at'))
          .map((e) => xy(e.getAttribute('data-at')!));
        const near = (c: number[]) => Math.min(...foes.map((f) => cheb(c, f)));
        let bestD = foes.length ? near(xy(at)) : -Infinity;
        for (const e of Array.from(document.querySelectorAll('.board g.cell-button[data-cell]'))) {
          const c = e.getAttribute('data-cell')!;
          const d = near(xy(c));
          if (d < bestD) [cell, bestD] = [c, d];
        }
      }
      return {
        answer: has('button.action[data-group=answer]'),
        attackGroup,
        offensive: attackGroup || offensive.some((g) => has(`button.action[data-group=${g}]:not([disabled])`)),
        nearer: cell !== undefined,
        cell,
        zoneMove: has('button.action[data-group=move]'),
        rest: has('button.action[data-group=rest]:not([disabled])'),
        endTurn: has('button.action[data-command=end_turn]'),
      };
    },
    { actor, offensive },
  );
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
  const view = await readView(page, actor, OFFENSIVE);
  // a plain attack first: a gadget or stream may be a shield or a heal, and a bot that only ever
  // raises shields never ends the fight
  const offensive = panel.locator((view.attackGroup ? ['attack'] : OFFENSIVE).map((g) => `button.action[data-group=${g}]:not([disabled])`).join(', '));
  const zoneMove = panel.locator('button.action[data-group=move]');
  const rest = panel.locator('button.action[data-group=rest]:not([disabled])');
  const end = panel.locator('button.action[data-command=end_turn]');
  const { cell } = view;
  const choice = chooseStep(view, memo);
  if (choice === 'answer') {
    await answer.first().click();
    if (await page.getByTestId('confirm').count()) await page.getByTestId('confirm').click();
    await landed(page, before);
    return 'answer';
  }
  if (choice === 'attack') {
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
  if (choice === 'move' || choice === 'zone-move') {
    await (choice === 'move' ? page.locator(`.board g.cell-button[data-cell="${cell}"]`) : zoneMove.first()).click();
    // a square tapped aims the move (its path drawn); Confirm sends it
    if (choice === 'move') await page.getByTestId('confirm').click();
    await landed(page, before);
    return 'move';
  }
  if (choice === 'rest' || choice === 'end') {
    await (choice === 'rest' ? rest : end).first().click();
    await page.waitForFunction((v) => !!document.querySelector('[data-testid=confirm]') || Number(document.querySelector('main.layout')?.getAttribute('data-version')) > v, before);
    if (await page.getByTestId('confirm').count()) await page.getByTestId('confirm').click();
    await landed(page, before);
    return choice;
  }
  throw new Error(`no way forward for ${actor}: ${await panel.innerText()}`);
}
