// The kept odds (preview.ts keeps what it works out from dice text): a state whose numbers changed is
// worked out afresh, and the policy's expected damage is the preview's.
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';
import { dataOf } from './model.ts';
import { attackExpected, attackPreview, deviceExpected, preview } from './preview.ts';

/** Ria's sword (1d8 kinetic, melee; Might 2, Dexterity 3) on the Raider (Dodge 2) with the Raider's Defense and affinities changed. */
function swordOn(t: Table, defense: number, affinities: Record<string, string> = {}) {
  const state = structuredClone(t.state) as EncounterState;
  Object.assign(dataOf(state.units.foe).mods, { defense });
  dataOf(state.units.foe).affinities = affinities as never;
  const hero = state.units.hero;
  const sword = dataOf(hero).weapons.find((w) => w.id === 'sword')!;
  return { expected: attackExpected(state, hero, state.units.foe, sword), preview: attackPreview(state, hero, state.units.foe, sword) };
}

describe('frontline: kept odds', () => {
  it('FRL-DMG-3, FRL-DMG-2: a changed Defense or affinity is worked out afresh, and the expected damage is the preview\'s', () => {
    const t = new Table(frontline, battle());
    t.start(10, 12);
    // P(hit), d20 + 3 against d20 + 2 (FRL-ATK-1): a natural 20 hits (20 of 400); attacker faces 2..19
    // hit dodge faces d ≤ a + 1, so 3 + 4 + … + 20 = 207; a natural 1 misses: 227 / 400 = 0.5675
    // Defense 2: d8 + 2 − 2 = d8, mean 4.5 → 0.5675 × 4.5 = 2.55375
    const a = swordOn(t, 2);
    expect(a.expected).toBeCloseTo(2.55375, 10);
    // Defense 5: max(0, d8 − 3) = 0,0,0,1,2,3,4,5 → 15 / 8 = 1.875 → 0.5675 × 1.875 = 1.0640625
    const b = swordOn(t, 5);
    expect(b.expected).toBeCloseTo(1.0640625, 10);
    // weak to kinetic (FRL-DMG-2): the die's maximum, 8 + 2 − 2 = 8 → 0.5675 × 8 = 4.54
    const c = swordOn(t, 2, { kinetic: 'weak' });
    expect(c.expected).toBeCloseTo(4.54, 10);
    // back to the first numbers: the first answer again
    expect(swordOn(t, 2).expected).toBe(a.expected);
    for (const x of [a, b, c]) expect(x.expected).toBe(x.preview.expectedDamage);
  });

  it('FRL-ACT-2: a device\'s expected damage is its preview\'s, worked out without the words', () => {
    // Ria in her rearguard: the grenade (short range) reaches the next zone, the frontline, where the Raider is
    const t = new Table(frontline, battle({ hero: { start: 'rearguard' } }));
    t.start(10, 12);
    // Frag Grenade, 2d6 kinetic on the zone, no hit roll: 2d6 − Defense 2 is never below 0, mean 7 − 2 = 5
    const grenade = { type: 'gadget', actor: 'hero', gadget: 'grenade', zone: 'frontline' };
    expect(deviceExpected(t.state, grenade)).toBeCloseTo(5, 10);
    // Spark Stream, hit roll 0.5675 (as above), 1d8 energy − 2: 0,0,1,2,3,4,5,6 → 21 / 8 = 2.625 → 1.4896875
    const spark = { type: 'stream', actor: 'hero', stream: 'spark', target: 'foe' };
    expect(deviceExpected(t.state, spark)).toBeCloseTo(1.4896875, 10);
    for (const cmd of [grenade, spark]) expect(deviceExpected(t.state, cmd)).toBe((preview(t.state, cmd) as { expectedDamage: number }).expectedDamage);
    // the Medkit heals and harms no one; an unknown device is refused: nothing expected
    expect(deviceExpected(t.state, { type: 'gadget', actor: 'hero', gadget: 'medkit', target: 'hero' })).toBe(0);
    expect(deviceExpected(t.state, { type: 'gadget', actor: 'hero', gadget: 'nothing', zone: 'frontline' })).toBe(0);
  });
});
