// outerah's resolution when no log is kept (issue 40, point 1): the same numbers and the same dice as with the
// log, without the words. OUT-DMG-1, OUT-DMG-2, OUT-CHG-1, OUT-HIT-2, OUT-RES-2, OUT-WPN-4, OUT-PET-3.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, type Unit } from '../../engine/index.ts';
import { CHARGES, type Charge, type ChargeName } from './charges.ts';
import { damageFrom, damageNumbers } from './damage.ts';
import { interfered } from './interference.ts';
import { dataOf, unitsOf } from './model.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';
import { loadText } from '../load.ts';

/** Every unit of every example, set up. */
function exampleUnits(): Unit[][] {
  const dir = new URL('../../../examples/outerah/', import.meta.url);
  const out: Unit[][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
    if (!loaded.ok) throw new Error(file);
    const engine = createEngine(loaded.value.ruleset);
    out.push([...unitsOf(engine.replay(engine.create(loaded.value.doc)))]);
  }
  return out;
}

describe('outerah without a log', () => {
  it('OUT-DMG-1, OUT-DMG-2, OUT-CHG-1, OUT-HIT-2, OUT-RES-2, OUT-WPN-4, OUT-PET-3: damageNumbers gives damageFrom\'s numbers for every attacker, weapon, skill and target of every example', () => {
    const charges: Charge[][] = [[], ...(Object.keys(CHARGES) as ChargeName[]).map((c) => [{ charge: c, why: 'test' }]), [{ charge: 'super', why: 'Opener' }, { charge: 'minus', why: 'underwater' }]];
    // resistances that weaken, absorb, block and double, besides each unit's own
    const resists = [undefined, { fire: 50, ice: -50, lightning: 0, wind: 200, earth: 150, water: 75 }];
    let compared = 0;
    let healed = 0;
    const differ: string[] = [];
    for (const units of exampleUnits()) {
      for (const a of units) {
        const d = dataOf(a);
        const specs: StrikeSpec[] = [...d.weapons.map(weaponSpec), ...d.skills.filter((k) => k.dice).map(skillSpec)];
        for (const base of specs) {
          for (const spec of [base, interfered(base, 'pet'), interfered(base, 'trainer')]) {
            for (const t0 of units) {
              for (const resist of resists) {
                const t = resist ? { ...t0, data: { ...t0.data, resist: { ...dataOf(t0).resist, ...resist } } } : t0;
                for (const dice of [0, 1, 7, 23]) {
                  for (const cs of charges) {
                    for (const critical of [false, true]) {
                      for (const share of [1, 0.5, 0.25]) {
                        const logged = damageFrom(a, t, spec, { kind: 'dice', label: 'test', faces: [dice], value: dice }, critical, cs, share);
                        const plain = damageNumbers(a, t, spec, dice, critical, cs, share);
                        // one expect for the lot (an expect per case is most of the time)
                        if (plain.raw !== logged.raw || plain.resistance !== logged.resistance || plain.damage !== logged.damage || plain.heals !== logged.heals) {
                          differ.push(`${a.id} ${spec.name} → ${t.id} dice ${dice} crit ${critical} share ${share}: ${JSON.stringify(plain)} vs raw ${logged.raw} damage ${logged.damage} heals ${logged.heals}`);
                        }
                        compared++;
                        if (plain.heals > 0) healed++;
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // every example's pairs, with hits that heal (absorbed) among them
    expect(compared).toBeGreaterThan(10_000);
    expect(healed).toBeGreaterThan(0);
  });
});
