// Ruling on line of sight (sight.ts): walls that block sight stop weapon attacks and spells aimed through them.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { phase20 } from './index.ts';

const bow = { id: 'bow', name: 'Shortbow', damage: '1d6', scale: 'agility', range: 8 };
const shoot = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'bow' };

/** The Hero (1,1) with a bow and the Goblin (5,1), and at (3,1) between them a cell of the given terrain. */
function across(terrain: Record<string, unknown>) {
  return duel({
    hero: { weapons: [bow, 'staff'], skilled: { weapons: ['bow'], schools: ['fire'] } },
    foe: { at: [5, 1] },
    doc: { map: { width: 10, height: 10, terrain: [{ at: [3, 1], ...terrain }] } },
  });
}

describe('phase20 line of sight', () => {
  it('P20-ATK-1, P20-SPL-1: a wall that blocks sight stops arrows and spells; a step round it clears the line', () => {
    const t = new Table(phase20, across({ tags: ['wall'], blocksMove: true, blocksSight: true }));
    t.start(15, 1);
    expect(t.rejects(shoot)).toBe('action/no_line_of_sight');
    expect(t.rejects({ type: 'cast', actor: 'hero', spell: 'ignite', target: 'foe' })).toBe('action/no_line_of_sight');
    expect(t.engine.legalActions(t.state, 'hero').filter((o) => o.command.target === 'foe')).toEqual([]);
    t.do({ type: 'move', actor: 'hero', to: [1, 3] }); // the line (1,3)→(5,1) runs by (3,2): clear
    // d20 13 + General Skill 1 + Combat 2 = 16 > DV 15 → hit; 1d6 (4) + Scale (agility) 1 = 5 → 12 − 5 = 7
    const ev = t.dice(13, 4).do(shoot);
    expect(t.checks(ev)).toEqual(['d20(13) + General Skill 1 + Combat 2 = 16 > DV 15 → hit [P20-ATK-2]', '1d6(4) + Scale (agility) 1 = 5 → 5 damage [P20-ATK-3]']);
    expect(t.hp('foe')).toBe(7);
  });

  it('P20-ATK-1: what blocks only movement (rubble) does not block sight', () => {
    const t = new Table(phase20, across({ tags: ['rubble'], blocksMove: true }));
    t.start(15, 1);
    // d20 13 + 3 = 16 > 15 → hit; 1d6 (4) + 1 = 5 → 7
    t.dice(13, 4).do(shoot);
    expect(t.hp('foe')).toBe(7);
  });
});
