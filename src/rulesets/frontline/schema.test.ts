// Bad encounter files: each problem named with its line and field, in plain words.
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../engine/index.ts';
import { loadText } from '../load.ts';

const good = `ruleset: frontline
name: Bad file test
sides:
  heroes: { players: true }
  raiders: {}
content:
  weapons:
    - { id: sword, name: Sword, damage: 1d8 }
units:
  - { id: ria, name: Ria, side: heroes, hp: 20, weapons: [sword] }
  - { id: raider, name: Raider, side: raiders, hp: 15, start: rearguard, weapons: [sword] }
`;

function problems(text: string): string[] {
  const r = loadText(text, 'bad.yaml');
  return r.ok ? [] : r.problems.map(formatProblem);
}

describe('frontline encounter files', () => {
  it('a good file loads, with defaults filled in', () => {
    const r = loadText(good, 'good.yaml');
    expect(r.ok).toBe(true);
  });

  it('FRL-ZONE-1: an unknown starting zone', () => {
    expect(problems(good.replace('start: rearguard', 'start: middle'))).toEqual([
      'bad.yaml:11:63: units[1].start: unknown zone "middle": a unit starts in "frontline" or "rearguard" (its own side\'s) [FRL-ZONE-1]',
    ]);
  });

  it('duplicate unit ids, an unknown weapon, a unit on no side', () => {
    expect(problems(good.replace('id: raider', 'id: ria'))).toEqual(['bad.yaml:11:11: units[1].id: unit id "ria" is used twice']);
    expect(problems(good.replace('weapons: [sword] }\n  - { id: raider', 'weapons: [saber] }\n  - { id: raider'))).toEqual(['bad.yaml:10:59: units[0].weapons[0]: no weapon "saber" in content.weapons']);
    expect(problems(good.replace('side: raiders', 'side: pirates'))).toEqual([
      'bad.yaml:11:39: units[1].side: unit "raider" is on side "pirates", which is not one of the sides: heroes, raiders',
      'bad.yaml:5:12: sides.raiders: side "raiders" has no units',
    ]);
  });

  it('unknown fields, bad affinities, devices that do nothing', () => {
    expect(problems(good.replace('hp: 20,', 'hp: 20, armour: 3,'))[0]).toMatch(/units\[0\]: unknown field "armour"/);
    expect(problems(good.replace('hp: 15,', 'hp: 15, affinities: { kinetic: sturdy },'))[0]).toMatch(/units\[1\]\.affinities\.kinetic: must be one of "weak", "strong", "immune", "reflect", "drain", .* or "Dr", not the text "sturdy"$/);
    const gadget = good.replace('content:\n', 'content:\n  gadgets:\n    - { id: dud, name: Dud, target: enemy }\n');
    expect(problems(gadget)).toEqual(['bad.yaml:8:7: content.gadgets[0]: "dud" does nothing: give it damage, heal, effect or move']);
    const untyped = good.replace('content:\n', 'content:\n  gadgets:\n    - { id: bomb, name: Bomb, target: enemy, damage: 2d6 }\n');
    expect(problems(untyped)[0]).toMatch(/content\.gadgets\[0\]\.type: "bomb" deals damage: say its type \(kinetic or energy\)/);
  });

  it('sides: exactly two; an equipped weapon must be carried', () => {
    expect(problems(good.replace('  raiders: {}\n', '  raiders: {}\n  beasts: {}\n'))).toContain('bad.yaml:4:3: sides: a frontline battle has exactly two sides (the characters and their enemies); found 3');
    expect(problems(good.replace('hp: 20,', 'hp: 20, equipped: rifle,'))).toEqual(['bad.yaml:10:59: units[0].equipped: "rifle" is not one of ria\'s weapons']);
  });
});
