// Gear a duel60 unit can never use (issue 36): a weapon or an ability that costs more stamina than the
// unit's Stamina ever holds (D60-ATK-3, D60-ATK-4), a problem at that entry before the fight starts.
import { describe, expect, it } from 'vitest';
import { validateEncounter } from '../load.ts';
import { duel } from './fixtures.ts';

const problems = (doc: unknown) => {
  const r = validateEncounter(doc, 'test.yaml');
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('duel60 files', () => {
  it('D60-ATK-4: an ability costing more than the unit\'s Stamina is a problem; costing all of it is not', () => {
    // the Brute's Stamina is 8: a 9-stamina ability never fits, an 8-stamina one does
    const nova = { id: 'nova', name: 'Nova', power: 30, stamina: 9, range: 6 };
    const flare = { id: 'flare', name: 'Flare', power: 20, stamina: 8, range: 6 };
    expect(problems(duel({ foe: { abilities: ['bolt', nova, flare] } }))).toEqual([
      'units[1].abilities[1]: Nova costs 9 stamina, more than Brute\'s Stamina of 8: it can never be used [D60-ATK-4]',
    ]);
  });

  it('D60-ATK-3: a weapon costing more than the unit\'s Stamina is a problem at that weapon', () => {
    const maul = { id: 'maul', name: 'Maul', damage: 20, type: 'blunt', stamina: 11 };
    expect(problems(duel({ hero: { weapons: ['sword', maul] } }))).toEqual([
      'units[0].weapons[1]: Maul costs 11 stamina, more than Hero\'s Stamina of 10: it can never be used [D60-ATK-3]',
    ]);
  });
});
