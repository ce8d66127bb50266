// What a phase20 file may not hold (issue 36): a reference to a weapon that does not exist, and spells
// a unit can never cast (no catalyst, P20-SPL-1): each a problem at its field, before the fight starts.
import { describe, expect, it } from 'vitest';
import { validateEncounter } from '../load.ts';
import { duel } from './fixtures.ts';

const problems = (doc: unknown) => {
  const r = validateEncounter(doc, 'test.yaml');
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('phase20 files', () => {
  it('the fixture is valid: skilled with a weapon it carries, spells with a staff', () => {
    expect(problems(duel())).toEqual([]);
  });

  it('P20-ATK-3: skilled with a weapon that exists nowhere is a problem at that entry', () => {
    expect(problems(duel({ hero: { skilled: { weapons: ['sword', 'halberd'], schools: ['fire'] } } }))).toEqual([
      'units[0].skilled.weapons[1]: skilled with a weapon "halberd" that is not in content.weapons nor among its weapons',
    ]);
    // a weapon written on the unit itself counts
    const axe = { id: 'axe', name: 'Axe', damage: '1d10' };
    expect(problems(duel({ hero: { weapons: ['sword', 'staff', axe], skilled: { weapons: ['axe'], schools: [] } } }))).toEqual([]);
  });

  it('P20-SPL-1: spells with no magical weapon or catalyst to cast them are a problem at the unit\'s spells', () => {
    expect(problems(duel({ hero: { weapons: ['sword'], spells: ['mend'] } }))).toEqual([
      'units[0].spells: Hero knows Mend but carries no magical weapon or catalyst to cast with, so can never cast [P20-SPL-1]',
    ]);
    // a catalyst written on the unit itself is one
    const wand = { id: 'wand', name: 'Wand', damage: '1d4', physical: false, magical: true };
    expect(problems(duel({ hero: { weapons: ['sword', wand], spells: ['mend'] } }))).toEqual([]);
  });
});
