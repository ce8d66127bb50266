/**
 * Regenerates the encounter builder's screenshots in docs/screenshots/: for each registered ruleset, its
 * showcase example open in the builder with a unit selected and the odds in, at desktop size and on a
 * 390×844 phone; the start page; the comparison with the last version after a change; and problems in the
 * page's words, one pressed (the cursor in its field), at both sizes.
 *
 *   node --import tsx scripts/builder-screenshots.ts
 *
 * Starts its own server (temp database) and drives Debian's Chromium like the browser tests do.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rulesets } from '../src/rulesets/index.ts';
import { showcaseOf } from '../src/server/examples.ts';
import { buildWeb, launchBrowser, ROOT, startServer } from '../test/web/harness.ts';

const OUT = join(ROOT, 'docs/screenshots');
const DESKTOP = { width: 1440, height: 1000 };
const PHONE = { width: 390, height: 844 };

async function gmAt(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, deviceScaleFactor: 1 })).newPage();
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.waitForURL(/#\/gm\//);
  return page;
}

async function openExample(page: Page, example: string): Promise<void> {
  await page.locator(`[data-edit-example="${example}"]`).click();
  await page.waitForSelector('.b-layout');
  await page.locator('.b-difficulty[data-done=yes][data-stale=no]').waitFor({ timeout: 120_000 });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await buildWeb();
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const start = await gmAt(browser, server.url, DESKTOP);
    await start.getByTestId('build-encounter').click();
    await start.waitForSelector('.b-start [data-edit-example]');
    await start.screenshot({ path: join(OUT, 'builder-start.png') });
    const startPhone = await gmAt(browser, server.url, PHONE);
    await startPhone.getByTestId('build-encounter').click();
    await startPhone.waitForSelector('.b-start [data-edit-example]');
    await startPhone.screenshot({ path: join(OUT, 'builder-start-phone.png') });
    await startPhone.context().close();
    for (const ruleset of Object.keys(rulesets)) {
      const example = showcaseOf(ruleset);
      if (!example) continue;
      for (const [size, viewport] of [['', DESKTOP], ['-phone', PHONE]] as const) {
        const page = await gmAt(browser, server.url, viewport);
        await openExample(page, example);
        const first = page.locator('.b-token[data-unit], .b-chip[data-unit]').first();
        await first.click();
        await page.locator('[data-unit-form]').waitFor();
        // the whole phone page, to look at (not in the docs: too tall)
        if (size) await page.screenshot({ path: join(tmpdir(), `builder-${ruleset}-phone-full.png`), fullPage: true });
        if (size) await page.locator('.b-centre').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(OUT, `builder-${ruleset}${size}.png`) });
        console.log(`builder-${ruleset}${size}.png`);
        await page.context().close();
      }
    }
    // the comparison: Goblin cave, then the Brute made much tougher
    const page = await gmAt(browser, server.url, DESKTOP);
    await openExample(page, 'phase20/goblin-cave.yaml');
    await page.locator('.b-token[data-unit=g2]').click();
    const t0 = Date.now();
    await page.locator('[data-unit-form=g2] [data-field="units[3].hp"] input').fill('40');
    // how long a change takes to show in the odds (docs/builder.md quotes it)
    await page.waitForFunction(() => document.querySelector('.b-difficulty')?.getAttribute('data-stale') === 'no' && Number(document.querySelector('.b-difficulty')?.getAttribute('data-played')) > 0);
    const first = Date.now() - t0;
    await page.locator('.b-compare').waitFor({ timeout: 120_000 });
    console.log(`after the change: first numbers in ${first} ms, all ${await page.locator('.b-difficulty').getAttribute('data-runs')} fights in ${Date.now() - t0} ms`);
    await page.locator('.b-difficulty').screenshot({ path: join(OUT, 'builder-compare.png') });
    console.log('builder-compare.png');
    await page.context().close();
    // problems in the page's words, and one pressed on a phone: the cursor in its field
    for (const [size, viewport] of [['', DESKTOP], ['-phone', PHONE]] as const) {
      const p = await gmAt(browser, server.url, viewport);
      await p.getByTestId('build-encounter').click();
      await p.getByLabel('Ruleset').selectOption('phase20');
      await p.getByLabel('Name').fill('Bridge ambush');
      await p.getByRole('button', { name: 'Create' }).click();
      for (const side of ['heroes', 'foes']) await p.locator(`[data-new-side=${side}]`).click();
      const [kara] = await p.locator('.b-token[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')!));
      await p.locator(`.b-token[data-unit="${kara}"]`).click();
      const form = p.locator(`[data-unit-form="${kara}"]`);
      await form.locator('[data-field="units[0].name"] input').fill('Kara');
      await form.locator('[data-field="units[0].startHp"] input').fill('30');
      await form.getByLabel('Give spell').selectOption({ label: 'a new spell…' });
      await p.locator(`.b-token[data-unit]:not([data-unit="${kara}"])`).click();
      await p.locator('.b-problem-list').getByRole('button', { name: /Kara › Start HP/ }).click();
      await p.waitForFunction(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') === 'units[0].startHp');
      if (!size) await p.locator('.b-problem-list').scrollIntoViewIfNeeded();
      await p.screenshot({ path: join(OUT, `builder-problems${size}.png`) });
      console.log(`builder-problems${size}.png`);
      await p.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
