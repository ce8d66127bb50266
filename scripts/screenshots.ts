/**
 * Regenerates docs/screenshots/: the GM's and a player's page for each ruleset, mid-fight, with the
 * player aiming an attack (odds showing; phase20's GM page with a quick simulation run), plus the home
 * page, a tablet-sized player page, the GM's override controls, an airship's firing arc and the roster
 * review after a fight (with a character that cannot join) and the simulator's HTML report.
 *
 *   node --import tsx scripts/screenshots.ts
 *   node --import tsx scripts/screenshots.ts --board   # only the board's story (board-*.png)
 *
 * Starts its own server (temp database) and drives Debian's Chromium like the browser tests do.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { activeUnit, aimAndConfirm, caughtUp, freshActions, step, type TurnMemo } from '../test/web/bot.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { showcaseOf } from '../src/server/examples.ts';
import { buildWeb, launchBrowser, ROOT, startServer } from '../test/web/harness.ts';
import { BORDER_QUAKE, borderQuake, javelinDodge, type At } from '../test/web/board-story.ts';
import { assign, gmCommand, gmStartsAlone, gmState, inSync, openTable, start, type Table } from '../test/web/session.ts';

const OUT = join(ROOT, 'docs/screenshots');
// every registered ruleset, at its showcase example (Ruleset.showcase), some commands in
const SHOTS = Object.keys(rulesets).flatMap((ruleset) => {
  const example = showcaseOf(ruleset);
  return example ? [{ ruleset, example, steps: 8 }] : [];
});

/** Play on until one of the players' units is to act with an attack available; aim it without sending. */
async function playUntilPlayerAims(t: Table, minSteps: number): Promise<Page | undefined> {
  const memo: TurnMemo = { key: '', attacks: 0, moved: 0 };
  for (let n = 0; n < 200; n++) {
    if ((await t.gm.locator('main.layout[data-status=ended]').count()) > 0) return undefined;
    const actor = await activeUnit(t.gm);
    if (!actor) {
      await t.gm.waitForTimeout(50);
      continue;
    }
    const key = `${await t.gm.getByTestId('round').innerText()}|${actor}`;
    if (memo.key !== key) Object.assign(memo, { key, attacks: 0, moved: 0 });
    const page = t.seats.get(actor) ?? t.gm;
    if (page !== t.gm) await caughtUp(page);
    if (n >= minSteps && page !== t.gm) {
      await freshActions(page);
      const attack = page.locator('.actions button.action[data-group=attack]:not([disabled]), .actions button.action[data-group=spell]:not([disabled])');
      if (await attack.count()) {
        await attack.first().click();
        const target = page.locator('.aiming button.target');
        // leave the choice of target open on the board when there are several, odds when one
        if ((await target.count()) > 1) {
          await target.first().click();
        }
        await aimAndConfirm(page);
        return page;
      }
    }
    await step(page, actor, memo);
  }
  return undefined;
}

/**
 * The board telling the story (test/web/board-story.ts): javelins in flight and the dodge asked of the
 * player, and an area skill's preview with allies in it — each at desktop size and on a phone (390×844).
 */
async function boardStory(browser: Browser, url: string): Promise<void> {
  const both = async (page: Page, name: string) => {
    await page.screenshot({ path: join(OUT, `board-${name}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(OUT, `board-${name}-phone.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  const shots: Record<string, string> = { 'in flight': 'javelin-flight', asked: 'javelin-decision', area: 'area' };
  const at: At = async (moment, page) => {
    if (shots[moment]) await both(page, shots[moment]);
  };
  for (const [example, flow] of [['duel60/javelin-dodge.yaml', javelinDodge], [BORDER_QUAKE, borderQuake]] as const) {
    const t = await openTable(browser, url, example, { width: 1280, height: 900 });
    try {
      await flow(t, at);
    } finally {
      await t.close();
    }
  }
}

mkdirSync(OUT, { recursive: true });
await buildWeb();
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  await boardStory(browser, server.url);
  if (!process.argv.includes('--board')) await everythingElse(browser, server);
} finally {
  await browser.close();
  await server.stop();
}

/** Every other page's screenshots. */
async function everythingElse(browser: Browser, server: { url: string }): Promise<void> {
  // the front door
  const home = await (await browser.newContext({ viewport: { width: 1100, height: 700 } })).newPage();
  await home.goto(`${server.url}/`);
  await home.screenshot({ path: join(OUT, 'home.png') });

  // the simulator's HTML report, as `skirmish sim --report` writes it (seeded, so the shot is stable);
  // a viewport wider than the page's 1180 px column shows it whole, with no scrollbar
  const reportDir = mkdtempSync(join(tmpdir(), 'skirmish-report-'));
  try {
    const report = join(reportDir, 'report.html');
    const sim = spawnSync(process.execPath, [join(ROOT, 'bin/skirmish.js'), 'sim', join(ROOT, 'examples/phase20/goblin-cave.yaml'), '-n', '2000', '--seed', '1', '--workers', '1', '--report', report], { encoding: 'utf8' });
    if (sim.status !== 0) throw new Error(`sim --report failed:\n${sim.stderr}`);
    const reportPage = await (await browser.newContext({ viewport: { width: 1240, height: 900 } })).newPage();
    await reportPage.goto(pathToFileURL(report).href);
    await reportPage.screenshot({ path: join(OUT, 'sim-report.png'), fullPage: true });
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }

  for (const s of SHOTS) {
    const t = await openTable(browser, server.url, s.example, { width: 1366, height: 900 });
    try {
      const units = await t.gm.locator('.turn-order li[data-unit]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-unit')!, e.getAttribute('data-side')!]));
      const ours = units.filter(([, side]) => side === units[0][1]).slice(0, 2);
      for (const [i, [id]] of ours.entries()) await assign(t, id, i);
      await start(t);
      await inSync(t);
      const aiming = await playUntilPlayerAims(t, s.steps);
      await inSync(t);
      const player = aiming ?? t.players[0];
      // the GM watches the same moment, with the acting unit selected
      const active = await activeUnit(t.gm);
      if (active) await t.gm.locator(`.turn-order li[data-unit="${active}"] button.order-unit`).click();
      // one roll opened in each log, to show a breakdown
      for (const p of [t.gm, player]) await p.locator('.log-line details').last().evaluate((d) => ((d as HTMLDetailsElement).open = true)).catch(() => undefined);
      if (s.ruleset === 'phase20') {
        // the GM's quick simulation of the fight from here, with its charts
        await t.gm.getByRole('tab', { name: 'Simulation' }).click();
        const sim = t.gm.getByRole('region', { name: 'Quick simulation' });
        await sim.getByLabel('Fights').fill('500');
        await sim.getByRole('button', { name: 'Run' }).click();
        await sim.getByTestId('sim-results').waitFor({ timeout: 30_000 });
      }
      await t.gm.screenshot({ path: join(OUT, `${s.ruleset}-gm.png`), fullPage: true });
      await player.screenshot({ path: join(OUT, `${s.ruleset}-player.png`), fullPage: true });
      if (s.ruleset === 'phase20' && active) {
        // the GM's overrides: the last unit of the round selected (so it can be delayed), Adjust and
        // Damage / Heal opened; and its turn-order tools
        await t.gm.getByRole('tab', { name: 'Unit' }).click();
        await t.gm.locator('.turn-order li[data-unit] button.order-unit').last().click();
        const tools = t.gm.locator('.gm-unit');
        for (const name of ['Adjust', 'Damage / Heal']) await tools.locator('summary', { hasText: name }).first().click();
        await tools.screenshot({ path: join(OUT, 'gm-overrides.png') });
        await t.gm.locator('.turn-order').screenshot({ path: join(OUT, 'gm-overrides-turns.png') });
      }
      if (s.ruleset === 'phase20') {
        await player.setViewportSize({ width: 820, height: 1180 });
        await player.evaluate(() => window.scrollTo(0, 0));
        await player.screenshot({ path: join(OUT, 'phase20-player-tablet.png') });
      }
      console.log(`${s.ruleset}: ${aiming ? 'player aiming' : 'no player attack found'}`);
    } finally {
      await t.close();
    }
  }
  // an airship battle: bows, and the starboard gunner's firing arc
  const air = await openTable(browser, server.url, 'outerah/airship-battle.yaml', { width: 1366, height: 900 });
  try {
    await air.gm.locator('.turn-order li[data-unit="gunner2"] button.order-unit').click();
    await air.gm.getByTestId('cannon-arc').first().waitFor();
    await air.gm.locator('.board-grid').screenshot({ path: join(OUT, 'outerah-airship.png') });
  } finally {
    await air.close();
  }
  // the roster review after Goblin cave: Kara wounded, Wren brought in mid-fight (an entry written
  // from her unit), and Ghost, whose 40 movement no phase20 file can say, listed as not carried
  const rosterCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const gm = await rosterCtx.newPage();
    gm.on('dialog', (d) => void d.accept());
    await gmStartsAlone(gm, server.url, 'phase20/goblin-cave.yaml');
    const kara = (await gmState(gm)).units.kara;
    const copy = (id: string, name: string, y: number, controller: string) => ({ ...kara, id, name, controller, position: { x: 1, y } });
    const sent = [
      await gmCommand(gm, 'arrow', { type: 'gm.damage', unit: 'kara', amount: 7, rules: false, reason: 'an arrow' }),
      await gmCommand(gm, 'wren', { type: 'gm.add_unit', unit: copy('wren', 'Wren', 3, 'p1'), reason: 'Wren hears the fight' }),
      await gmCommand(gm, 'ghost', { type: 'gm.add_unit', unit: { ...copy('ghost', 'Ghost', 4, 'p2'), pools: { ...(kara.pools as object), movement: { value: 40, max: 40 } } } }),
      await gmCommand(gm, 'cut', { type: 'gm.damage', unit: 'wren', amount: 5, rules: false, reason: 'a goblin blade' }),
    ];
    if (sent.some((s) => s !== 200)) throw new Error(`roster shot: a GM command was refused (${sent.join(', ')})`);
    await gm.locator('.turn-order li[data-unit="ghost"]').waitFor();
    await gm.getByRole('button', { name: 'End combat' }).click();
    await gm.waitForSelector('main.layout[data-status=ended]');
    await gm.getByRole('tab', { name: 'Roster' }).click();
    const roster = gm.getByRole('region', { name: 'Roster', exact: true });
    await roster.getByRole('button', { name: 'Review what carries back' }).click();
    await roster.getByTestId('roster-not-carried').waitFor();
    await roster.screenshot({ path: join(OUT, 'roster-review.png') });
    await roster.getByRole('button', { name: 'Accept' }).click();
    await roster.getByRole('row', { name: /Wren/ }).waitFor();
    await roster.screenshot({ path: join(OUT, 'roster-accepted.png') });
  } finally {
    await rosterCtx.close();
  }
}
