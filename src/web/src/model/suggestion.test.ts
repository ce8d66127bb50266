import { describe, expect, it } from 'vitest';
import type { EncounterState, Pending } from '../../../engine/index.ts';
import { proposalWords, suggestionWords } from './suggestion.ts';

const state = {
  ruleset: 'phase20',
  units: { kara: { id: 'kara', name: 'Kara', controller: 'p1' }, g1: { id: 'g1', name: 'Goblin', controller: undefined } },
  effects: [{ id: 'fx1', name: 'Burning', target: 'g1' }],
} as unknown as EncounterState;
const name = (id: string) => ({ p1: 'Ana' })[id];
const suggestion = (proposal: Record<string, unknown>, from = 'kara', text = 'my ring heals 3 at dawn') =>
  ({ id: 'p9', kind: 'suggestion', answeredBy: 'gm', prompt: `Kara suggests: ${text}`, options: ['accept', 'reject'], data: { proposal, text, from } }) as unknown as Pending;

describe("a player's suggestion in words", () => {
  it('comes from the player, not the unit it was sent as, and a note of its own words is not said twice', () => {
    const w = suggestionWords(suggestion({ type: 'gm.note', text: 'my ring heals 3 at dawn', public: true }), state, name);
    expect(w).toEqual({ who: 'Ana suggests', text: 'my ring heals 3 at dawn', accepting: 'Accepting puts it in the log for everyone.' });
  });
  it('says what accepting changes, by name, for every GM change a player may propose', () => {
    expect(proposalWords({ type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 10 }, state)).toBe("sets Kara's HP to 10");
    expect(proposalWords({ type: 'gm.heal', unit: 'kara', amount: 3 }, state)).toBe('heals Kara by 3');
    expect(proposalWords({ type: 'gm.damage', unit: 'g1', amount: 5 }, state)).toBe('deals 5 damage to Goblin');
    expect(proposalWords({ type: 'gm.move', unit: 'g1', to: [2, 3] }, state)).toBe('moves Goblin to (2, 3)');
    expect(proposalWords({ type: 'gm.remove_effect', id: 'fx1' }, state)).toBe('ends Burning on Goblin');
    expect(proposalWords({ type: 'gm.note', text: 'the door creaks' }, state, 'listen')).toBe('puts in the log for the GM only: “the door creaks”');
    // a change without a sentence of its own still reads as words, never as the command
    expect(proposalWords({ type: 'gm.set_data', unit: 'g1', key: 'rageMeter', value: 3 }, state)).toBe('makes a change to Goblin only the GM can make');
  });
  it("a unit's player not invited yet, or a suggestion sent as no unit", () => {
    expect(suggestionWords(suggestion({ type: 'gm.end_round' }, 'g1'), { ...state, units: { ...state.units, g1: { ...state.units.g1, controller: 'p7' } } } as EncounterState, name).who).toBe('A player not invited yet suggests');
    expect(suggestionWords(suggestion({ type: 'gm.end_round' }, 'nobody'), state, name).who).toBe('A suggestion');
  });
});
