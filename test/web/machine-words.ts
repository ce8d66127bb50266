/** Browser-test check that a page shows people words only (shared by the table tests). */
import type { Page } from 'playwright-core';

/** Words a person should never read: JSON, command ids (c86), player ids (p1), camelCase field names, unit ids. */
export async function machineWords(page: Page, unitIds: readonly string[]): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const found: string[] = [];
  for (const re of [/\{"/g, /\bc\d+\b/g, /\bp\d+\b/g, /\b[a-z]+[A-Z][A-Za-z]*\b/g]) for (const m of text.matchAll(re)) found.push(m[0]);
  for (const id of unitIds) if (new RegExp(`\\b${id}\\b`).test(text)) found.push(id);
  return found;
}
