// Frontline's odds, worked out by hand: the numbers are played out from decide (Ruleset.oddsByEnumeration),
// the words are preview.ts's, and the policy's quick reckoning (expected.ts) is the same number.
import { describe, expect, it } from 'vitest';
import { createEngine, isRejection, type Command, type EncounterState, type Preview } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { attackExpected, deviceExpected } from './expected.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';
import { dataOf } from './model.ts';

const engine = createEngine(frontline);
const odds = (state: EncounterState, cmd: Command): Preview => {
  const p = engine.preview(state, cmd);
  if (isRejection(p)) throw new Error(p.message);
  return p;
};

/** Ria's sword (1d8 kinetic, melee; Might 2, Dexterity 3) on the Raider (Dodge 2) with the Raider's Defense and affinities changed. */
function swordOn(t: Table, defense: number, affinities: Record<string, string> = {}) {
  const state = structuredClone(t.state) as EncounterState;
  Object.assign(dataOf(state.units.foe).mods, { defense });
  dataOf(state.units.foe).affinities = affinities as never;
  const hero = state.units.hero;
  const sword = dataOf(hero).weapons.find((w) => w.id === 'sword')!;
  return { expected: attackExpected(state, hero, state.units.foe, sword), preview: odds(state, { type: 'attack', actor: 'hero', target: 'foe' }) };
}

describe('frontline: odds', () => {
  it('FRL-ATK-1, FRL-DMG-3, FRL-DMG-2: the chance and damage of a sword, with Defense and affinity changed', () => {
    const t = new Table(frontline, battle());
    t.start(10, 12);
    // P(hit), d20 + 3 against d20 + 2 (FRL-ATK-1): a natural 20 hits (20 of 400); attacker faces 2..19
    // hit dodge faces d ≤ a + 1, so 3 + 4 + … + 20 = 207; a natural 1 misses: 227 / 400 = 0.5675
    // Defense 2: d8 + 2 − 2 = d8, mean 4.5 → 0.5675 × 4.5 = 2.55375
    const a = swordOn(t, 2);
    expect(a.preview.chance).toBeCloseTo(0.5675, 12);
    expect(a.preview.damageOnHit).toEqual({ min: 1, max: 8, mean: expect.closeTo(4.5, 12) });
    expect(a.expected).toBeCloseTo(2.55375, 10);
    // Defense 5: max(0, d8 − 3) = 0,0,0,1,2,3,4,5 → 15 / 8 = 1.875 → 0.5675 × 1.875 = 1.0640625
    const b = swordOn(t, 5);
    expect(b.expected).toBeCloseTo(1.0640625, 10);
    // a hit that does nothing is still a hit: the chance stays the contest's
    expect(b.preview.chance).toBeCloseTo(0.5675, 12);
    expect(b.preview.damage!.probOf(0)).toBeCloseTo(1 - 0.5675 + 0.5675 * 3 / 8, 12);
    // weak to kinetic (FRL-DMG-2): the die's maximum, 8 + 2 − 2 = 8 → 0.5675 × 8 = 4.54
    const c = swordOn(t, 2, { kinetic: 'weak' });
    expect(c.expected).toBeCloseTo(4.54, 10);
    expect(c.preview.notes).toContain('Raider is weak to kinetic: MAX DMG!');
    // back to the first numbers: the first answer again (the policy's reckoning keeps what it worked out)
    expect(swordOn(t, 2).expected).toBe(a.expected);
    for (const x of [a, b, c]) expect(x.expected).toBeCloseTo(x.preview.expectedDamage!, 12);
  });

  it('FRL-ACT-2: a device\'s odds, and the policy\'s expected damage the same', () => {
    // Ria in her rearguard: the grenade (short range) reaches the next zone, the frontline, where the Raider is
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' } }));
    t.start(10, 12);
    // Frag Grenade, 2d6 kinetic on the zone, no hit roll: 2d6 − Defense 2 is never below 0, mean 7 − 2 = 5
    const grenade = { type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' };
    expect(odds(t.state, grenade)).toMatchObject({ chance: 1, expectedDamage: expect.closeTo(5, 12), why: 'Frag Grenade needs no roll to land' });
    expect(deviceExpected(t.state, grenade)).toBeCloseTo(5, 10);
    // Spark Stream, hit roll 0.5675 (as above), 1d8 energy − 2: 0,0,1,2,3,4,5,6 → 21 / 8 = 2.625 → 1.4896875
    const spark = { type: 'stream', actor: 'hero', stream: 'spark', target: 'foe' };
    expect(odds(t.state, spark)).toMatchObject({ chance: expect.closeTo(0.5675, 12), expectedDamage: expect.closeTo(1.4896875, 12) });
    expect(deviceExpected(t.state, spark)).toBeCloseTo(1.4896875, 10);
    // the Medkit heals and harms no one: no damage charted, the heal said in words; an unknown device is refused
    const medkit = odds(t.state, { type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' });
    expect(medkit.damage).toBeUndefined();
    expect(medkit.chance).toBe(1);
    expect(medkit.notes?.[0]).toMatch(/^heals \d+–\d+/);
    expect(deviceExpected(t.state, { type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' })).toBe(0);
    expect(deviceExpected(t.state, { type: 'gadget', actor: 'hero', gadget: 'nothing', zone: 'frontline' })).toBe(0);
    expect(isRejection(engine.preview(t.state, { type: 'gadget', actor: 'hero', gadget: 'nothing', zone: 'frontline' }))).toBe(true);
  });

  it('FRL-ACT-5: the chance to flee, from the flight played on every face of its d20', () => {
    const t = new Table(frontline, battle());
    t.start(10, 12);
    // the Raider's Evasion is 10 + Dodge 2 = 12; Ria rolls d20 + Might 2: 10+ on the die, 11 faces of 20
    const p = odds(t.state, { type: 'flee', actor: 'hero' });
    expect(p.chance).toBeCloseTo(11 / 20, 14);
    expect(p.why).toBe('d20 + 2 must reach the highest Evasion, 12: 10+ on the die');
    expect(p.damage).toBeUndefined();
  });
});
