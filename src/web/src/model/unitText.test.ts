import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { EncounterState, Unit } from '../../../engine/index.ts';
import { freshId, parseUnitText, placements, unitTemplate } from './unitText.ts';

const goblin: Unit = {
  id: 'g1',
  name: 'Goblin Cutter',
  side: 'goblins',
  controller: 'p2',
  status: 'down',
  hidden: true,
  stats: {},
  pools: { hp: { value: 0, max: 9 }, movement: { value: 3, max: 20 } },
  position: { x: 7, y: 1 },
  data: { dv: 12, weapons: [{ id: 'rusty', damage: '1d6' }], links: [{ with: 'wolf', kind: 'pet', lead: true }] },
};

describe('parseUnitText', () => {
  it('reads YAML and JSON alike', () => {
    expect(parseUnitText('id: wolf\nname: Wolf\nside: goblins\npools:\n  hp: { value: 6, max: 6 }')).toEqual({
      ok: true,
      unit: { id: 'wolf', name: 'Wolf', side: 'goblins', pools: { hp: { value: 6, max: 6 } } },
    });
    expect(parseUnitText('{"id": "wolf", "name": "Wolf", "side": "goblins"}')).toEqual({ ok: true, unit: { id: 'wolf', name: 'Wolf', side: 'goblins' } });
  });

  it('takes the one unit of a list pasted from a file', () => {
    expect(parseUnitText('- id: wolf\n  name: Wolf\n  side: goblins')).toEqual({ ok: true, unit: { id: 'wolf', name: 'Wolf', side: 'goblins' } });
  });

  it('says where text that is not YAML goes wrong, and refuses what is not one unit', () => {
    const broken = parseUnitText('id: wolf\nname: [Wolf\nside: goblins');
    expect(broken).toMatchObject({ ok: false, problem: { code: 'input/unreadable', field: 'unit' } });
    expect(!broken.ok && broken.problem.message).toMatch(/at line \d+, column \d+$/);
    expect(parseUnitText('id: a\nid: b')).toMatchObject({ ok: false, problem: { message: 'Map keys must be unique at line 2, column 1' } });
    expect(parseUnitText('   ')).toMatchObject({ ok: false, problem: { message: 'Paste or type the unit first, in YAML or JSON.' } });
    expect(parseUnitText('- id: a\n- id: b')).toMatchObject({ ok: false, problem: { message: 'that is a list of 2 items; add one unit at a time' } });
    expect(parseUnitText('wolf')).toMatchObject({ ok: false, problem: { message: expect.stringContaining('not a single value') } });
  });
});

describe('unitTemplate', () => {
  it('copies a unit with a fresh id and name, HP full, without its player, links, hiding or status', () => {
    const copy = parse(unitTemplate(goblin, new Set(['g1', 'g2', 'g1-2'])));
    expect(copy).toEqual({
      id: 'g1-3',
      name: 'Goblin Cutter 3',
      side: 'goblins',
      stats: {},
      position: { x: 7, y: 1 },
      pools: { hp: { value: 9, max: 9 }, movement: { value: 3, max: 20 } },
      data: { dv: 12, weapons: [{ id: 'rusty', damage: '1d6' }] },
    });
    expect(goblin.data.links).toBeDefined(); // the original is untouched
  });

  it('numbers from the stem of a copy', () => {
    expect(freshId('wolf-2', new Set(['wolf', 'wolf-2']))).toBe('wolf-3');
    expect(freshId('wolf', new Set())).toBe('wolf-2');
  });
});

describe('placements', () => {
  const state = (over: Partial<EncounterState['turn']>, status: EncounterState['status'] = 'active') =>
    ({
      status,
      units: { a: { name: 'Kara' }, b: { name: 'Pell' }, c: { name: 'Goblin' } },
      turn: { round: 1, index: 0, order: [{ unit: 'a' }, { unit: 'b' }, { unit: 'c', kind: 'extra' }], ...over },
    }) as unknown as EncounterState;

  it('offers the rules, each slot still to come, and the end of the round', () => {
    expect(placements(state({}), true)).toEqual([
      { label: 'by the rules' },
      { label: 'before Pell', slot: 1 },
      { label: 'before Goblin (extra turn)', slot: 2 },
      { label: 'at the end of the round', slot: 3 },
    ]);
  });

  it('without a rule of the ruleset, the default is the end of the round', () => {
    expect(placements(state({ index: 1 }), false)).toEqual([{ label: 'at the end of the round' }, { label: 'before Goblin (extra turn)', slot: 2 }]);
  });

  it('before the start there is nothing to choose', () => {
    expect(placements(state({ round: 0, index: -1, order: [] }, 'setup'), true)).toEqual([{ label: 'the start orders everyone' }]);
  });
});
