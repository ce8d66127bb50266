/** The page's pure parts, without a browser: action grouping, friendly errors, airship reading. */
import { describe, expect, it } from 'vitest';
import type { ActionOption, EncounterState } from '../../src/engine/index.ts';
import { shipsOf } from '../../src/web/src/board/ships.ts';
import { costOf, groupActions, rangeOf } from '../../src/web/src/model/actions.ts';
import { friendly } from '../../src/web/src/model/errors.ts';

const state = {
  units: {
    kara: { id: 'kara', name: 'Kara', side: 'heroes', status: 'active', stats: {}, pools: {}, data: { weapons: [{ id: 'bow', range: 8 }] }, position: { x: 1, y: 1 } },
    g1: { id: 'g1', name: 'Goblin Cutter', side: 'goblins', status: 'active', stats: {}, pools: {}, data: {} },
    g2: { id: 'g2', name: 'Goblin Brute', side: 'goblins', status: 'active', stats: {}, pools: {}, data: {} },
  },
  unitOrder: ['kara', 'g1', 'g2'],
  data: {},
} as unknown as EncounterState;

describe('groupActions', () => {
  const options: ActionOption[] = [
    { command: { type: 'attack', actor: 'kara', target: 'g1', weapon: 'bow' }, label: 'Attack Goblin Cutter with Bow', group: 'attack' },
    { command: { type: 'attack', actor: 'kara', target: 'g2', weapon: 'bow' }, label: 'Attack Goblin Brute with Bow', group: 'attack' },
    { command: { type: 'move', actor: 'kara', to: [2, 1] }, label: 'Move to (2, 1) — 1 movement', group: 'move' },
    { command: { type: 'move', actor: 'kara', to: [3, 1] }, label: 'Move to (3, 1) — 2 movement', group: 'move' },
    { command: { type: 'end_turn', actor: 'kara' }, label: 'End the turn', group: 'turn' },
  ];
  const choices = groupActions(options, state);

  it('makes one button per kind of action, the target left to the board', () => {
    expect(choices.map((c) => [c.label, c.aim, c.options.length])).toEqual([
      ['Attack … with Bow', 'unit', 2],
      ['Move', 'cell', 2],
      ['End the turn', 'none', 1],
    ]);
  });

  it('reads the movement cost and the weapon range from the typed fields, never the label', () => {
    const move: ActionOption = { command: { type: 'move', actor: 'kara', to: [1, 2] }, label: 'Move to (1, 2) — 3 Movement', group: 'move', move: { to: { x: 1, y: 2 }, cost: 5 } };
    expect(costOf(move)).toBe(5);
    // a label's words are not read: an option without its typed cost has none the page shows
    expect(costOf(options[3])).toBeUndefined();
    expect(rangeOf({ ...options[0], range: 8 })).toBe(8);
    expect(rangeOf(options[0])).toBeUndefined();
  });
});

describe('friendly errors', () => {
  it('words known codes for players and falls back by namespace', () => {
    expect(friendly({ code: 'turn/not_your_turn', message: '' })).toBe("It isn't your turn yet.");
    expect(friendly({ code: 'action/some_new_code', message: '' })).toMatch(/rules/);
    expect(friendly({ code: 'whatever', message: '' })).toBe('That did not work.');
  });
});

describe('shipsOf', () => {
  it('reads outerah ships (record of ships, list of sections with hp and max) and their decks', () => {
    const s = { ...state, data: { ships: { sky: { id: 'sky', name: 'Skylark', side: 'heroes', at: { x: 2, y: 3 }, size: { w: 4, h: 2 }, altitude: 2, wrecked: false, sections: [{ id: 'hull', name: 'Hull', hp: 90, max: 100 }, { id: 'mast1', name: 'Fore Mast', hp: 0, max: 25 }] } } } } as unknown as EncounterState;
    const [ship] = shipsOf(s);
    expect(ship.footprint).toEqual({ x: 2, y: 3, w: 4, h: 2 });
    expect(ship.sections.map((x) => [x.name, x.hp, x.max, x.destroyed])).toEqual([
      ['Hull', 90, 100, false],
      ['Fore Mast', 0, 25, true],
    ]);
  });

  it('reads nothing, without failing, from shapes it does not know', () => {
    expect(shipsOf({ ...state, data: { ships: 3 } } as unknown as EncounterState)).toEqual([]);
    expect(shipsOf({ ...state, data: { ship: { name: 'X', sections: { a: { hp: { value: 3, max: 5 } } } } } } as unknown as EncounterState)[0].sections[0]).toMatchObject({ hp: 3, max: 5 });
  });
});
