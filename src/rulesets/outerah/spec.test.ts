// A strike's one shape, compiled once per weapon or skill record and shared by every fork (issue 40, point 2).
// OUT-WPN-1, OUT-DMG-2, OUT-PET-3, OUT-SHIP-2.
import { describe, expect, it } from 'vitest';
import type { EncounterState, Engine } from '../../engine/index.ts';
import { scriptedSource } from '../../dice/index.ts';
import { interfered } from './interference.ts';
import { dataOf, unitsOf, type Weapon } from './model.ts';
import type { Skill } from './schema.ts';
import { cannonSpec } from './ship-weapons.ts';
import { skillSpec, strikeSpec, weaponSpec, type StrikeSpec } from './spec.ts';
import { examplesOf } from '../../../test/rulesets/example-turns.ts';

/** Every example, set up. */
function examples(): { engine: Engine; state: EncounterState }[] {
  return examplesOf('outerah').map(({ engine, doc }) => ({ engine, state: engine.replay(engine.create(doc)) }));
}

// the strikes as they were built before the one shape (d857dc9's spec.ts), for the equality below
function weaponBefore(w: Weapon): StrikeSpec {
  const magical = w.delivery === 'magic';
  const s: StrikeSpec = magical
    ? { name: w.name, magical, element: w.element, improvised: w.kind === 'improvised' && !w.damage, upgrades: w.upgrades, delivery: w.delivery, weaponKind: w.kind, range: w.range, armorPiercing: w.armorPiercing, bypassHalfCover: false, weapon: w.id }
    : { name: w.name, magical, element: w.element, improvised: w.kind === 'improvised' && !w.damage, upgrades: w.upgrades, delivery: w.delivery, type: w.type, weaponKind: w.kind, range: w.range, armorPiercing: w.armorPiercing, bypassHalfCover: false, weapon: w.id };
  if (w.electric) s.electric = true;
  if (w.damage) s.dice = w.damage;
  return s;
}

function skillBefore(k: Skill): StrikeSpec {
  const s: StrikeSpec = {
    name: k.name, magical: k.magical, element: k.element, improvised: false, upgrades: 0, delivery: k.magical ? 'magic' : k.range >= 3 ? 'projectile' : 'melee',
    range: k.range, armorPiercing: false, bypassHalfCover: k.bypassHalfCover, skill: k.id, ...(k.electric ? { electric: true } : {}),
  };
  if (k.kind === 'attack' && k.dice) s.dice = k.dice;
  if (k.charge) s.charge = k.charge;
  return s;
}

describe('outerah strikes of one shape', () => {
  it('OUT-WPN-1, OUT-DMG-2: every weapon and skill of every example strikes as before, every strike with the same fields in the same order', () => {
    const keys = Object.keys(strikeSpec({ name: '', magical: false, element: 'neutral', improvised: false, upgrades: 0, delivery: 'melee', range: 1, armorPiercing: false, bypassHalfCover: false }));
    let n = 0;
    for (const { state } of examples()) {
      for (const u of unitsOf(state)) {
        const d = dataOf(u);
        for (const w of d.weapons) {
          const s = weaponSpec(w);
          // the same fields set, in the same order: as JSON (undefined fields left out) the same text
          expect(JSON.stringify(s)).toBe(JSON.stringify(weaponBefore(w)));
          for (const x of [s, interfered(s, 'pet', 'a pincer'), interfered(s, 'trainer')]) expect(Object.keys(x)).toEqual(keys);
          n++;
        }
        for (const k of d.skills) {
          expect(JSON.stringify(skillSpec(k))).toBe(JSON.stringify(skillBefore(k)));
          expect(Object.keys(skillSpec(k))).toEqual(keys);
          n++;
        }
      }
    }
    expect(Object.keys(cannonSpec(2, 30))).toEqual(keys);
    expect(n).toBeGreaterThan(40);
  });

  it('OUT-PET-3: interference copies the strike, the one it was given unchanged', () => {
    const { state } = examples().find(({ state }) => unitsOf(state).some((u) => dataOf(u).weapons.length))!;
    const w = unitsOf(state).flatMap((u) => dataOf(u).weapons)[0];
    const s = weaponSpec(w);
    const before = { ...s };
    const pet = interfered(s, 'pet', 'a pincer on X');
    expect(pet).toMatchObject({ noStatBonus: 'Trainer Interference', missHurtsSelf: 'Trainer Interference', noCrit: 'Trainer Interference', advantage: 'a pincer on X', factors: [{ name: 'Trainer Interference', factor: 0.5 }] });
    expect(interfered(s, 'trainer')).toMatchObject({ noStatBonus: 'Trainer Interference', noCrit: undefined, factors: undefined, advantage: undefined });
    expect(s).toEqual(before);
    expect(weaponSpec(w)).toBe(s);
  });

  it('compiled once per weapon record and shared by every fork; a weapon the GM replaces strikes as the new one (never stale)', () => {
    const { engine, state } = examples().find(({ state }) => unitsOf(state).some((u) => dataOf(u).weapons.some((w) => w.damage)))!;
    const u = unitsOf(state).find((x) => dataOf(x).weapons.some((w) => w.damage))!;
    const w = dataOf(u).weapons.find((x) => x.damage)!;
    const s = weaponSpec(w);
    const fork = engine.fork(state);
    const w2 = dataOf(fork.units[u.id]).weapons.find((x) => x.id === w.id)!;
    expect(w2).toBe(w);
    expect(weaponSpec(w2)).toBe(s);
    // the GM gives the unit a heavier blade: the event puts a fresh list in place, whose spec is built from it
    const heavier = dataOf(u).weapons.map((x) => (x.id === w.id ? { ...x, damage: '9d12' } : x));
    const r = engine.decide(fork, { type: 'gm.set_data', unit: u.id, key: 'weapons', value: heavier as never, reason: 'test' }, scriptedSource([]), { inPlace: true, unlogged: true });
    expect(r.ok).toBe(true);
    const w3 = dataOf(fork.units[u.id]).weapons.find((x) => x.id === w.id)!;
    expect(weaponSpec(w3).dice).toBe('9d12');
    // the set-up state and its spec are as they were
    expect(weaponSpec(dataOf(state.units[u.id]).weapons.find((x) => x.id === w.id)!)).toBe(s);
    expect(s.dice).toBe(w.damage);
  });
});
