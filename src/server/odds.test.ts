/**
 * Odds on a big weapon (issue 37): a 100d100 weapon with 60 targets in range held the loop 7 s while the
 * GM (of a table anyone may create) or a player listed their unit's actions: the exact distribution, then
 * its 9 901 values sent twice for each of 60 options (24 MB). Now one request's odds share one budget of
 * dice work (`oddsWork`) and of values sent (`oddsValues`): measured by the work the dice layer was
 * charged and the values in the reply, not by a clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCharged } from '../dice/index.ts';
import { command, load, TEST_LIMITS, testTable, type TestTable } from './testing.ts';

/** A hero whose bomb deals 100d100 (strength-scaled), with 60 foes in its range. */
function bigWeapon(): string {
  const units = ['  - { id: hero, name: Hero, side: heroes, at: [10, 10], hp: 50, dv: 10, speed: 3, modifiers: { initiative: 1000, combat: 2, strength: 2 }, weapons: [bomb] }'];
  let k = 0;
  for (let x = 0; x < 21 && k < 60; x++) for (let y = 0; y < 21 && k < 60; y++) if (!(x === 10 && y === 10)) units.push(`  - { id: e${k}, name: Enemy ${k++}, side: foes, at: [${x}, ${y}], hp: 9, dv: 10 }`);
  return ['ruleset: phase20', 'name: odds', 'map: { width: 21, height: 21 }', 'content:', '  weapons:', '    - { id: bomb, name: Bomb, damage: "100d100", scale: strength, range: 30 }', 'units:', ...units].join('\n');
}

/** Damage values a listing's reply carries, every option's and every affected unit's. */
const valuesSent = (body: any): number =>
  body.actions.reduce((n: number, a: any) => n + (a.preview?.damage?.pmf.length ?? 0) + (a.preview?.affected ?? []).reduce((k: number, x: any) => k + (x.damage?.pmf.length ?? 0), 0), 0);

const ESTIMATED = 'too many dice to reckon exactly: the odds are an estimate from sampled rolls';

async function listedWork(t: TestTable, enc: string): Promise<{ work: number; body: any }> {
  const before = workCharged();
  const r = await t.gm.get(`/api/encounters/${enc}/actions?unit=hero`);
  expect(r.status, r.text).toBe(200);
  return { work: workCharged() - before, body: r.body };
}

let t: TestTable;
beforeAll(async () => {
  t = await testTable();
}, 60_000);
afterAll(() => t.close());

describe("one request's odds are bounded work", () => {
  it('a 100d100 weapon with 60 targets: the listing does at most oddsWork of dice work, its odds say they are estimated', async () => {
    const enc = await load(t, { text: bigWeapon() });
    await command(t.gm, enc, { type: 'start' });
    const { work, body } = await listedWork(t, enc);
    expect(work).toBeLessThanOrEqual(TEST_LIMITS.oddsWork);
    expect(valuesSent(body)).toBeLessThanOrEqual(TEST_LIMITS.oddsValues);
    const attacks = body.actions.filter((a: { group: string }) => a.group === 'attack');
    expect(attacks.length).toBe(60);
    const withOdds = attacks.filter((a: { preview?: unknown }) => a.preview);
    // whatever odds are given are the estimate, and say so; any left out are said to be
    for (const a of withOdds) expect(a.preview.notes).toContain(ESTIMATED);
    if (withOdds.length < attacks.length) expect(body.oddsLeftOut).toMatch(/not worked out/);
    // 100d100 + 2 averages 5052
    expect(withOdds.length).toBeGreaterThan(0);
    expect(Math.abs(withOdds[0].preview.damageOnHit.mean - 5052)).toBeLessThan(60);
    // one command's odds, asked alone, are the same bounded estimate
    const before = workCharged();
    const p = await t.gm.post(`/api/encounters/${enc}/preview`, { command: attacks[59].command });
    expect(p.status, p.text).toBe(200);
    expect(workCharged() - before).toBeLessThanOrEqual(TEST_LIMITS.oddsWork);
    expect(p.body.preview.notes).toContain(ESTIMATED);
  }, 60_000);

  it('distinct big weapons each cost their own estimate: past the budget the rest are listed without odds, and the reply says so', async () => {
    const text = bigWeapon()
      .replace('weapons: [bomb] }', `weapons: [${Array.from({ length: 8 }, (_, i) => `b${i}`).join(', ')}] }`)
      .replace(/ {4}- \{ id: bomb.*\n/, Array.from({ length: 8 }, (_, i) => `    - { id: b${i}, name: Bomb ${i}, damage: "${100 + i}d100", scale: strength, range: 30 }\n`).join(''));
    const enc = await load(t, { text });
    await command(t.gm, enc, { type: 'start' });
    const { work, body } = await listedWork(t, enc);
    expect(work).toBeLessThanOrEqual(TEST_LIMITS.oddsWork);
    const attacks = body.actions.filter((a: { group: string }) => a.group === 'attack');
    expect(attacks.some((a: { preview?: unknown }) => !a.preview)).toBe(true);
    expect(body.oddsLeftOut).toMatch(/ask for one at a time/);
  }, 60_000);

  it('without the bounds the same listing sends many times the values (what the loop was held for)', async () => {
    const loose = await testTable({ limits: { ...TEST_LIMITS, oddsWork: 1e12, oddsValues: 1e12 } });
    try {
      const enc = await load(loose, { text: bigWeapon() });
      await command(loose.gm, enc, { type: 'start' });
      const { body } = await listedWork(loose, enc);
      expect(body.oddsLeftOut).toBeUndefined();
      expect(valuesSent(body)).toBeGreaterThan(4 * TEST_LIMITS.oddsValues);
    } finally {
      await loose.close();
    }
  }, 120_000);
});
