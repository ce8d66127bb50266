// Who joins the roster after a fight: the file's characters as written, and those the GM added in the
// engine's shape through the ruleset's writer — or, when that cannot be done faithfully, listed with why.
import { describe, expect, it } from 'vitest';
import { GmTable } from '../gm/testkit.ts';
import { reject } from '../rejection.ts';
import type { Ruleset } from '../ruleset.ts';
import { toyGm } from '../testing/toy-gm.ts';
import { toyDoc } from '../testing/toy.ts';
import type { Json, Unit } from '../types.ts';
import { carryBack } from './carry.ts';
import { newcomers, unitsAsAdded, type Newcomer } from './joins.ts';
import { rosterEntry } from './next.ts';

const fileUnits = [
  { id: 'a', side: 'x', hp: 10, controller: 'p1' },
  { id: 'b', side: 'y', hp: 10 },
];
const file = toyDoc(fileUnits) as unknown as Record<string, unknown>;

// the toy file names a unit by its id in capitals, so KARA is one the toy file can write back
const kara = (over: Partial<Unit> = {}): Unit => ({ id: 'kara', name: 'KARA', side: 'x', controller: 'p2', status: 'active', stats: {}, pools: { hp: { value: 10, max: 10 } }, data: {}, ...over });

const toyEntry = (u: Unit): Record<string, Json> => ({ id: u.id, side: u.side, hp: u.pools.hp.max, ...(u.controller ? { controller: u.controller } : {}) });
const writing: Ruleset = { ...toyGm, fileEntry: toyEntry };

function fight(unit: Unit, ruleset: Ruleset = writing) {
  const t = new GmTable(fileUnits, ruleset);
  t.run({ type: 'gm.add_unit', unit: unit as unknown as Json });
  return t;
}

const summary = (list: Newcomer[]) => list.map((n) => ('entry' in n ? { unit: n.unit, from: n.from, entry: n.entry.unit } : { unit: n.unit, code: n.rejection.code }));

describe('newcomers', () => {
  it('offers a unit added in the engine shape, written as the file writes it, and carryBack takes it from there', () => {
    const t = fight(kara());
    t.run({ type: 'gm.damage', unit: 'kara', amount: 6, rules: false });
    t.run({ type: 'end_combat', outcome: 'victory', winner: 'x', reason: 'done' });
    const found = newcomers(t.state, [], writing, { file, added: unitsAsAdded(t.log.events) });
    expect(summary(found)).toEqual([
      { unit: 'a', from: 'file', entry: fileUnits[0] },
      { unit: 'kara', from: 'written', entry: { id: 'kara', side: 'x', hp: 10, controller: 'p2' } },
    ]);
    expect(found.map((n) => n.text)).toEqual(['A joins the roster', 'KARA joins the roster (an entry written from the unit)']);
    const joined = found.flatMap((n) => ('entry' in n ? [n.entry] : []));
    expect(carryBack({ entries: joined }, t.state, writing).changes.map((c) => c.text)).toEqual(['KARA: HP full → 4/10']);
  });

  it('without a writer the unit is still listed, with the reason, instead of being left out', () => {
    const t = fight(kara(), toyGm);
    const [, k] = newcomers(t.state, [], toyGm, { file });
    expect(k).toMatchObject({ unit: 'kara', rejection: { code: 'roster/no_file_entry' } });
    expect(k.text).toBe("KARA cannot join the roster: KARA was added in the engine's shape, with no entry in the encounter file, and toy cannot write one");
  });

  it("lists the writer's refusal, and a writer that throws on a hand-made unit, with their reasons", () => {
    const t = fight(kara());
    const refusing: Ruleset = { ...toyGm, fileEntry: () => reject('roster/not_writable', 'a toy file cannot say mana', 'mana') };
    expect(newcomers(t.state, [], refusing, { file })[1]).toMatchObject({
      rejection: { code: 'roster/not_writable', field: 'mana', message: "KARA was added in the engine's shape, with no entry in the encounter file, and toy cannot write one: a toy file cannot say mana" },
    });
    const throwing: Ruleset = { ...toyGm, fileEntry: (u) => ({ id: u.id, hp: (u.data.gear as Json[]).length }) };
    expect(newcomers(t.state, [], throwing, { file })[1]).toMatchObject({ rejection: { code: 'roster/not_writable', message: expect.stringContaining('its data is not what toy units hold') } });
  });

  it('checks the written entry against the file: what the ruleset would build back must be the unit', () => {
    // the toy file cannot name a unit "Kara", nor start one wounded
    const named = newcomers(fight(kara({ name: 'Kara' })).state, [], writing, { file })[1];
    expect(named).toMatchObject({ rejection: { code: 'roster/entry_differs' } });
    expect(named.text).toBe(`Kara cannot join the roster: Kara was added in the engine's shape, with no entry in the encounter file, and the entry toy writes for it builds it with name "KARA", not "Kara"`);
    const wounded = newcomers(fight(kara({ pools: { hp: { value: 4, max: 10 } } })).state, [], writing, { file })[1];
    expect(wounded.text).toContain('builds it with HP 10/10, not 4/10');
    // a written entry the file's schema refuses is named at its field
    const zero: Ruleset = { ...toyGm, fileEntry: (u) => ({ ...toyEntry(u), hp: 0 }) };
    expect(newcomers(fight(kara()).state, [], zero, { file })[1]).toMatchObject({ rejection: { code: 'roster/entry_invalid', message: expect.stringContaining("does not fit this encounter's file (entry.hp:") } });
    // with no file to check against, the writer's entry stands
    expect(newcomers(fight(kara({ name: 'Kara' })).state, [], writing)[1]).toMatchObject({ from: 'written' });
  });

  it('writes the unit as it joined, with whoever plays it at the end; a unit handed to a player counts', () => {
    const t = fight(kara({ controller: undefined }));
    t.run({ type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 12, max: 12 });
    // a monster (no controller, side not the players') is nobody's character
    expect(summary(newcomers(t.state, [], writing, { file })).map((n) => n.unit)).toEqual(['a']);
    t.run({ type: 'gm.set_controller', unit: 'kara', controller: 'p3' });
    const [, k] = newcomers(t.state, [], writing, { file, added: unitsAsAdded(t.log.events) });
    expect(k).toMatchObject({ from: 'written', entry: { unit: { id: 'kara', hp: 10, controller: 'p3' } } });
  });

  it("a side the file marks players: true makes its units characters, the file's and the added alike", () => {
    const t = fight(kara({ controller: undefined, side: 'y' }));
    const withSides = { ...file, sides: { y: { players: true } } };
    expect(summary(newcomers(t.state, [], writing, { file: withSides })).map((n) => n.unit)).toEqual(['a', 'b', 'kara']);
  });

  it('leaves out who is on the roster and units added then undone; lists an id the roster gives someone else', () => {
    const t = fight(kara());
    t.run({ type: 'gm.add_unit', unit: kara({ id: 'zed', name: 'ZED' }) as unknown as Json });
    t.run({ type: 'undo' });
    expect(Object.keys(unitsAsAdded(t.log.events))).toEqual(['kara']);
    const roster = [rosterEntry({ id: 'a', side: 'x', hp: 10 }, 'toy'), { ...rosterEntry({ id: 'kara' }, 'outerah'), name: 'Kara of Outerah' }];
    const found = newcomers(t.state, roster, writing, { file });
    expect(summary(found)).toEqual([{ unit: 'kara', code: 'roster/id_taken' }]);
    expect(found[0].text).toBe('KARA cannot join the roster: KARA has the id "kara", which the roster already gives Kara of Outerah (outerah): rename one of them to carry KARA');
  });

  it("a unit the GM added in the file's shape is in the file: it joins as written there; another ruleset's file is ignored", () => {
    const t = fight(kara());
    const withKara = toyDoc([...fileUnits, { id: 'kara', side: 'x', hp: 10, controller: 'p2' }]) as unknown as Record<string, unknown>;
    expect(summary(newcomers(t.state, [], toyGm, { file: withKara }))[1]).toEqual({ unit: 'kara', from: 'file', entry: { id: 'kara', side: 'x', hp: 10, controller: 'p2' } });
    expect(summary(newcomers(t.state, [], toyGm, { file: { ...withKara, ruleset: 'phase20' } }))[1]).toMatchObject({ code: 'roster/no_file_entry' });
  });
});
