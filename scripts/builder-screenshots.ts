/**
 * Regenerates the encounter builder's screenshots in docs/screenshots/: for each registered ruleset, its
 * showcase example open in the builder with a unit selected and the odds in, at desktop size and on a
 * 390×844 phone; the start page; and the comparison with the last version after a change.
 *
 *   node --import tsx scripts/builder-screenshots.ts
 *
 * Starts its own server (temp database) and drives Debian's Chromium like the browser tests do.
 */
import { mkdirSync } from 'node:fs';
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
    await start.waitForSelector('.b-start');
    await start.screenshot({ path: join(OUT, 'builder-start.png') });
    for (const ruleset of Object.keys(rulesets)) {
      const example = showcaseOf(ruleset);
      if (!example) continue;
      for (const [size, viewport] of [['', DESKTOP], ['-phone', PHONE]] as const) {
        const page = await gmAt(browser, server.url, viewport);
        await openExample(page, example);
        const first = page.locator('.b-token[data-unit], .b-chip[data-unit]').first();
        await first.click();
        await page.locator('[data-unit-form]').waitFor();
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
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
