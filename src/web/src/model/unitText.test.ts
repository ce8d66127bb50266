import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { EncounterState, Json, RosterEntry, Unit } from '../../../engine/index.ts';
import { addUnitCommand, entryTemplate, entryYaml, freeCellNear, freshId, parseUnitText, placements, rosterChoices, rosterEntryText } from './unitText.ts';

describe('parseUnitText', () => {
  it('reads YAML and JSON alike, as the file writes a unit', () => {
    expect(parseUnitText('id: g4\nname: Goblin Scout\nside: goblins\nat: [7, 2]\nhp: 9\nweapons: [rusty]')).toEqual({
      ok: true,
      entry: { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [7, 2], hp: 9, weapons: ['rusty'] },
    });
    expect(parseUnitText('{"id": "g4", "name": "Goblin Scout", "side": "goblins", "at": [7, 2], "hp": 9}')).toEqual({
      ok: true,
      entry: { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [7, 2], hp: 9 },
    });
  });

  it('takes the one unit of a list pasted from a file', () => {
    expect(parseUnitText('- { id: g4, name: Goblin Scout, side: goblins, at: [7, 2], hp: 9 }')).toEqual({ ok: true, entry: { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [7, 2], hp: 9 } });
  });

  it('says where text that is not YAML goes wrong, and refuses what is not one unit', () => {
    const broken = parseUnitText('id: wolf\nname: [Wolf\nside: goblins');
    expect(broken).toMatchObject({ ok: false, problem: { code: 'input/unreadable', field: 'entry' } });
    expect(!broken.ok && broken.problem.message).toMatch(/at line \d+, column \d+$/);
    expect(parseUnitText('id: a\nid: b')).toMatchObject({ ok: false, problem: { message: 'Map keys must be unique at line 2, column 1' } });
    expect(parseUnitText('   ')).toMatchObject({ ok: false, problem: { message: expect.stringContaining('as the encounter file writes it') } });
    expect(parseUnitText('- id: a\n- id: b')).toMatchObject({ ok: false, problem: { message: 'that is a list of 2 items; add one unit at a time' } });
    expect(parseUnitText('wolf')).toMatchObject({ ok: false, problem: { message: expect.stringContaining('not a single value') } });
  });
});

describe('addUnitCommand', () => {
  const text = 'id: g4\nname: Goblin Scout\nside: goblins\nat: [7, 2]\nhp: 9';
  const entry = { id: 'g4', name: 'Goblin Scout', side: 'goblins', at: [7, 2], hp: 9 };

  it('sends the entry as typed, with the slot and hiding when chosen', () => {
    expect(addUnitCommand(text)).toEqual({ ok: true, name: 'Goblin Scout', command: { type: 'gm.add_unit', entry } });
    expect(addUnitCommand(text, { slot: 3, hidden: true })).toEqual({ ok: true, name: 'Goblin Scout', command: { type: 'gm.add_unit', entry, slot: 3, hidden: true } });
    // unticked, the entry's own `hidden` decides
    expect(addUnitCommand(`${text}\nhidden: true`, { hidden: false })).toMatchObject({ ok: true, command: { entry: { hidden: true } } });
    expect(addUnitCommand(`${text}\nhidden: true`, { hidden: false })).not.toHaveProperty('command.hidden');
  });

  it('refuses text that is not YAML before anything is sent', () => {
    expect(addUnitCommand('')).toMatchObject({ ok: false, problem: { code: 'input/unreadable', field: 'entry' } });
    expect(addUnitCommand('name: [x')).toMatchObject({ ok: false, problem: { code: 'input/unreadable' } });
  });
});

const unit = (id: string, name: string, x: number, y: number, over: Partial<Unit> = {}): Unit => ({ id, name, side: 'goblins', status: 'active', stats: {}, pools: {}, position: { x, y }, data: {}, ...over });

/** Goblin cave, round 1: a 9×5 grid with a rock wall in column 4; Kara has walked from [1, 2] to [6, 1]. */
const cave = {
  status: 'active',
  map: { kind: 'grid', width: 9, height: 5, cells: { '4,0': { blocksMove: true }, '4,1': { blocksMove: true }, '4,3': { blocksMove: true }, '4,4': { blocksMove: true } } },
  units: {
    kara: unit('kara', 'Kara', 6, 1, { side: 'heroes' }),
    g1: unit('g1', 'Goblin Cutter', 7, 1),
    g2: unit('g2', 'Goblin Brute', 8, 2),
    g3: unit('g3', 'Goblin Sneak', 7, 3, { status: 'dead' }),
    'g1-2': unit('g1-2', 'Goblin Cutter 2', 8, 0),
  },
  turn: { round: 1, index: 0, order: [] },
} as unknown as EncounterState;

describe('freeCellNear', () => {
  it('takes the nearest free cell, ring by ring, row by row: not taken, not a wall, on the map', () => {
    expect(freeCellNear(cave, { x: 7, y: 1 })).toEqual({ x: 6, y: 0 });
    expect(freeCellNear(cave, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(freeCellNear(cave, { x: 4, y: 0 })).toEqual({ x: 3, y: 0 });
    // the fallen do not hold a cell
    expect(freeCellNear(cave, { x: 7, y: 3 })).toEqual({ x: 7, y: 3 });
    expect(freeCellNear({ ...cave, map: { kind: 'zones', zones: ['a'], spacing: 20 } } as EncounterState, { x: 0, y: 0 })).toBeUndefined();
  });
});

describe('entryTemplate', () => {
  const g1 = { id: 'g1', name: 'Goblin Cutter', side: 'goblins', at: [7, 1], hp: 9, startHp: 4, dv: 12, controller: 'p2', hidden: true, gmNotes: 'the leader', modifiers: { initiative: 2, combat: 1 }, skilled: { weapons: ['rusty'] }, weapons: ['rusty'] };

  it('copies a unit of the file with a fresh id and name, full health, on a free cell near where it stands, without what is its own', () => {
    const text = entryTemplate(g1, cave);
    expect(parse(text)).toEqual({ id: 'g1-3', name: 'Goblin Cutter 3', side: 'goblins', at: [6, 0], hp: 9, dv: 12, modifiers: { initiative: 2, combat: 1 }, skilled: { weapons: ['rusty'] }, weapons: ['rusty'] });
    // written as a file writes it: the id first, plain lists on one line
    expect(text).toBe('id: g1-3\nname: Goblin Cutter 3\nside: goblins\nat: [6, 0]\nhp: 9\ndv: 12\nmodifiers:\n  initiative: 2\n  combat: 1\nskilled:\n  weapons: [rusty]\nweapons: [rusty]\n');
    expect(g1.controller).toBe('p2'); // the original is untouched
  });

  it('starts from where the original stands now: Kara left [1, 2]', () => {
    expect(parse(entryTemplate({ id: 'kara', name: 'Kara', side: 'heroes', at: [1, 2], hp: 22 }, cave)).at).toEqual([5, 0]);
  });

  it('keeps a zone (frontline) and drops a wounded start (duel60)', () => {
    expect(parse(entryTemplate({ id: 'wisp', name: 'Mirror Wisp', side: 'guardians', start: 'rearguard', hp: 10, battlescars: 2 }, cave))).toEqual({ id: 'wisp-2', name: 'Mirror Wisp 2', side: 'guardians', start: 'rearguard', hp: 10 });
    expect(parse(entryTemplate({ id: 'duelist', name: 'Duelist', side: 'a', at: [0, 0], start: { health: 3, stamina: 2 } }, cave))).toEqual({ id: 'duelist-2', name: 'Duelist 2', side: 'a', at: [0, 0] });
  });

  it('writes lists of values in flow style only', () => {
    expect(entryYaml({ id: 'x', at: [1, 2], items: [{ id: 'a' }] })).toBe('id: x\nat: [1, 2]\nitems:\n  - id: a\n');
  });

  it('numbers from the stem of a copy', () => {
    expect(freshId('wolf-2', new Set(['wolf', 'wolf-2']))).toBe('wolf-3');
    expect(freshId('wolf', new Set())).toBe('wolf-2');
  });
});

describe('a roster character for Add a unit', () => {
  const entry = (id: string, unit: Record<string, Json>, over: Partial<RosterEntry> = {}): RosterEntry => ({ id, name: String(unit.name), ruleset: 'phase20', unit, current: { pools: {}, data: {}, effects: [] }, ...over });
  const wren = entry('wren', { id: 'wren', name: 'Wren', side: 'heroes', controller: 'p1', at: [1, 3], hp: 22, dv: 15 }, { current: { pools: { hp: { value: 17, max: 22 } }, data: {}, effects: [] } });

  it('offers the characters of this ruleset not in the fight, by the id their unit has', () => {
    const kara = entry('kara', { id: 'kara', name: 'Kara', side: 'heroes', hp: 22 });
    // the roster entry's id is not the unit's: the unit's id is the one in encounters
    const other = entry('r-7', { id: 'g1', name: 'Not Goblin', side: 'x', hp: 3 });
    const duelist = entry('duelist', { id: 'duelist', name: 'Duelist', side: 'a' }, { ruleset: 'duel60' });
    expect(rosterChoices([kara, wren, other, duelist], { ...cave, ruleset: 'phase20' }).map((e) => e.id)).toEqual(['wren']);
  });

  it('writes the entry it joined with, its hit points as startHp when below its hp', () => {
    expect(parse(rosterEntryText(wren, cave))).toEqual({ id: 'wren', name: 'Wren', side: 'heroes', controller: 'p1', at: [1, 3], hp: 22, dv: 15, startHp: 17 });
    expect(wren.unit.startHp).toBeUndefined(); // the roster's entry is untouched
    // at full health, no startHp — not even a stale one from the file it joined from
    const healed = { ...wren, unit: { ...wren.unit, startHp: 5 }, current: { pools: { hp: { value: 22, max: 22 } }, data: {}, effects: [] } };
    expect(parse(rosterEntryText(healed, cave))).not.toHaveProperty('startHp');
    // nothing carried yet: the entry as it is
    expect(parse(rosterEntryText({ ...healed, current: { pools: {}, data: {}, effects: [] } }, cave)).startHp).toBe(5);
    // no `hp` in the entry (duel60 writes Health in stats): no startHp either
    const duelist = entry('duelist', { id: 'duelist', name: 'Duelist', side: 'a', stats: { health: 12 } }, { current: { pools: { hp: { value: 3, max: 12 } }, data: {}, effects: [] } });
    expect(parse(rosterEntryText(duelist, cave))).toEqual({ id: 'duelist', name: 'Duelist', side: 'a', stats: { health: 12 } });
    // down to nothing is 0, not below
    expect(parse(rosterEntryText({ ...wren, current: { pools: { hp: { value: -4, max: 22 } }, data: {}, effects: [] } }, cave)).startHp).toBe(0);
  });

  it('moves off a cell someone now stands on', () => {
    expect(parse(rosterEntryText({ ...wren, unit: { ...wren.unit, at: [7, 1] } }, cave)).at).toEqual([6, 0]);
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
