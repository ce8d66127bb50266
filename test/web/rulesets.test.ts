/**
 * Every registered ruleset at the table, in a real browser: for each, the GM loads its showcase example
 * (Ruleset.showcase), gives the first two units of the first side to two players (each in its own
 * browser context), and the bot plays it to its end — the players from their own pages, the GM for
 * everyone else.
 */
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../src/rulesets/index.ts';
import { showcaseOf } from '../../src/server/examples.ts';
import { atTheTable } from './at-the-table.ts';
import { inSync, openTable, playToEnd, seatTwoPlayers, start } from './session.ts';

const table = atTheTable();

const EXAMPLES = Object.keys(rulesets).map((id) => [id, showcaseOf(id)] as const);

describe('every ruleset in the browser', () => {
  for (const [ruleset, example] of EXAMPLES) {
    it(`${ruleset}: a GM and two players play ${example} to its end`, async () => {
      if (!example) throw new Error(`${ruleset} ships no example in examples/${ruleset}/`);
      const t = await openTable(table.browser, table.server.url, example);
      try {
        await seatTwoPlayers(t);
        await inSync(t);
        await start(t);
        const steps = await playToEnd(t);
        await inSync(t);
        console.log(`${example}: ${steps} commands, ${await t.gm.locator('.turn-order h2').innerText()}`);
        for (const p of [t.gm, ...t.players]) await expect.poll(() => p.locator('main.layout').getAttribute('data-status')).toBe('ended');
        expect(t.errors).toEqual([]);
      } finally {
        await t.close();
      }
    }, 240_000);
  }
});
