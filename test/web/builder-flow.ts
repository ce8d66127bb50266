/**
 * The encounter builder driven as a GM drives it, for the browser tests and the screenshots: from the GM
 * page's loader to a new encounter of a ruleset, terrain painted, units put on the map with gear, one
 * hidden — all with the mouse and the forms, never typing YAML.
 */
import type { Page } from 'playwright-core';

/** The centre of a cell of the builder's map, on the screen. */
async function cellPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.b-map rect[data-cell="${x},${y}"]`).boundingBox();
  if (!box) throw new Error(`no cell ${x},${y} on the map`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Press on one cell and drag to another (a paint stroke, a unit moved, a box). */
export async function dragCells(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await cellPoint(page, ...from);
  const b = await cellPoint(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** GM page → "Build an encounter" → a new encounter of `ruleset`. */
export async function newEncounter(page: Page, ruleset: string, name: string, size = { width: 9, height: 6 }): Promise<void> {
  await page.getByTestId('build-encounter').click();
  await page.waitForURL(/#\/build\//);
  await page.getByLabel('Ruleset').selectOption(ruleset);
  await page.getByLabel('Name').fill(name);
  if (await page.getByLabel('Width (cells)').count()) {
    await page.getByLabel('Width (cells)').fill(String(size.width));
    await page.getByLabel('Height (cells)').fill(String(size.height));
  }
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForSelector('.b-layout');
}

export const unitIds = (page: Page) => page.locator('.b-token[data-unit], .b-chip[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')!));

export async function selectUnit(page: Page, id: string): Promise<void> {
  await page.locator(`.b-token[data-unit="${id}"], .b-chip[data-unit="${id}"]`).click();
  await page.waitForSelector(`[data-unit-form="${id}"]`);
}

/**
 * A fight built from the empty page: a wall of the ruleset's first terrain kind (grid rulesets), four
 * units — one dragged onto the map (or into the enemies' rearguard), three put by pressing — each given a
 * weapon (the first a new one, made from the form), the last hidden from the players.
 */
export async function buildFight(page: Page, ruleset: string): Promise<{ units: string[]; grid: boolean }> {
  await newEncounter(page, ruleset, `Built ${ruleset}`);
  const grid = (await page.locator('.b-map').count()) > 0;
  const count = (n: number) => page.waitForFunction((n) => document.querySelectorAll('.b-token[data-unit], .b-chip[data-unit]').length === n, n);
  if (grid) {
    await page.locator('[data-brush]').first().click();
    await dragCells(page, [3, 5], [7, 5]);
    await page.getByRole('button', { name: 'Select and move' }).click();
    await page.locator('[data-new-side=heroes]').dragTo(page.locator('.b-map rect[data-cell="1,2"]'));
    await page.locator('.b-token[data-at="1,2"]').waitFor();
  } else {
    await page.locator('[data-new-side=foes]').dragTo(page.locator('.b-zone[data-zone=rearguard][data-side=foes]'));
    await page.locator('.b-zone[data-zone=rearguard][data-side=foes] .b-chip').waitFor();
  }
  await page.locator('[data-new-side=heroes]').click();
  await count(2);
  await page.locator('[data-new-side=foes]').click();
  await count(3);
  await page.locator('[data-new-side=foes]').click();
  await count(4);
  const units = await unitIds(page);
  for (const [i, id] of units.entries()) {
    await selectUnit(page, id);
    const give = page.locator(`[data-unit-form="${id}"]`).getByLabel('Give weapon');
    await give.selectOption({ label: i === 0 ? 'a new weapon…' : 'New weapon' });
    await page.locator(`[data-unit-form="${id}"] [data-gear="new-weapon"]`).waitFor();
  }
  await selectUnit(page, units[units.length - 1]);
  await page.locator(`[data-unit-form="${units[units.length - 1]}"]`).getByLabel('Hidden', { exact: true }).check();
  return { units, grid };
}
