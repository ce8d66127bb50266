/** Browser-test check that a page shows people words only (shared by the table tests). */
import type { Page } from 'playwright-core';

/**
 * Everything a person reads or hears on the page: the rendered text, the options of every select, the
 * tooltips (title attributes and SVG titles), the labels a screen reader speaks (aria-label and
 * friends), placeholders, image descriptions and the tab's title. One line per piece.
 */
export async function visibleWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const o of Array.from(document.querySelectorAll('option'))) out.push(o.textContent ?? '');
    for (const t of Array.from(document.querySelectorAll('svg title'))) out.push(t.textContent ?? '');
    for (const attr of ['title', 'aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'placeholder', 'alt']) {
      for (const e of Array.from(document.querySelectorAll(`[${attr}]`))) out.push(e.getAttribute(attr) ?? '');
    }
    return out.join('\n');
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Machine words in `text`, each with the line it stands in: JSON, command ids (c86), player ids (p1),
 * camelCase, snake_case or dotted field, command and event names, a missing value printed (undefined,
 * null, NaN, [object Object]), and any of `ids` (the raw unit, player or table ids of the encounter; an id that
 * reads the same as its name is no machine word and is left out by the caller).
 */
export function machineWordsIn(text: string, ids: readonly string[] = []): string[] {
  const found: string[] = [];
  const res = [
    /\{"/g,
    /\bc\d+\b/g,
    /\bp\d+\b/g,
    // camelCase, snake_case and dotted names of fields, commands and events (attackActions, end_turn, unit.controller)
    /\b[a-z]+[A-Z][A-Za-z]*\b/g,
    /\b[a-z]+_[a-z_]+\b/g,
    /\b[a-z]{2,}\.[a-z_]{2,}\b/g,
    // what a missing value prints as
    /\b(undefined|null|NaN)\b/g,
    /\[object \w+\]/g,
    ...ids.map((id) => new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`, 'g'))];
  for (const line of text.split('\n')) {
    for (const re of res) for (const m of line.matchAll(re)) found.push(`${m[0]} in “${line.trim().slice(0, 160)}”`);
  }
  return found;
}

/** Words a person should never read on `page` (see machineWordsIn). */
export async function machineWords(page: Page, ids: readonly string[]): Promise<string[]> {
  return machineWordsIn(await visibleWords(page), ids);
}
