// What players see of enemies' affinities (ruling "Revealed affinities"): only the damage types a hit has
// revealed, in the state and in the log — the ruleset's projectData hook, applied by the engine's views.
import { describe, expect, it } from 'vitest';
import { viewLog, viewState, type LoggedEvent, type ViewRules } from '../../engine/index.ts';
import { Table } from '../testing.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';
import { dataOf, dataKnownToOthers } from './model.ts';

const p1 = { role: 'player' as const, player: 'p1' };
const rules: ViewRules = { secretPools: frontline.secretPools, projectData: frontline.projectData };
const atk = (target: string) => ({ type: 'attack', actor: 'hero', target });
const affinitiesSeen = (t: Table, unit: string, viewer: Parameters<typeof viewState>[1] = p1) => dataOf(viewState(t.state, viewer, rules).units[unit]).affinities;

/** Ria (p1; Strong against energy) against the Raider: IMMUNE to kinetic, Weak to energy. */
function table() {
  const t = new Table(frontline, battle({ hero: { affinities: { energy: 'strong' } }, foe: { affinities: { kinetic: 'immune', energy: 'weak' } } }));
  t.start(10, 12);
  return t;
}

describe('frontline: players see only revealed affinities (ruling "Revealed affinities")', () => {
  it("a player sees none of an enemy's affinities until a hit shows one, then that one; its own in full", () => {
    const t = table();
    expect(affinitiesSeen(t, 'foe')).toEqual({});
    expect(affinitiesSeen(t, 'hero')).toEqual({ energy: 'strong' });
    expect(affinitiesSeen(t, 'foe', { role: 'gm' })).toEqual({ kinetic: 'immune', energy: 'weak' });
    // the rest of the enemy's data is there: its weapons, its modifiers
    expect(dataOf(viewState(t.state, p1, rules).units.foe).weapons.map((w) => w.id)).toEqual(['claws']);
    // a miss shows nothing: d20 2 + 3 = 5 < Dodge d20 10 + 2 = 12
    t.dice(2, 10).do(atk('foe'));
    expect(affinitiesSeen(t, 'foe')).toEqual({});
    t.passUntil('hero');
    // a hit with the sword (kinetic): IMMUNE shows, and from now on the player's view has it
    t.dice(15, 3).do(atk('foe'));
    expect(affinitiesSeen(t, 'foe')).toEqual({ kinetic: 'immune' });
    expect(dataOf(viewState(t.state, p1, rules).units.foe).revealed).toEqual(['kinetic']);
    expect(dataOf(t.unit('foe')).affinities).toEqual({ kinetic: 'immune', energy: 'weak' }); // the state itself is whole
  });

  it("the player's log: the creation's state without the unseen affinities, the reveal as it happens, no unseen label anywhere", () => {
    const t = table();
    t.dice(15, 3).do(atk('foe'));
    const log = viewLog(t.log.events, p1, frontline.appliers, rules);
    const created = log.find((e) => e.type === 'encounter.created') as Extract<LoggedEvent, { type: 'encounter.created' }>;
    expect(dataOf(created.state.units.foe).affinities).toEqual({});
    expect(dataOf(created.state.units.hero).affinities).toEqual({ energy: 'strong' });
    expect(log.filter((e) => e.type === 'unit.data' && e.key === 'revealed')).toMatchObject([{ unit: 'foe', value: ['kinetic'] }]);
    expect(JSON.stringify(log)).not.toMatch(/"energy":"weak"/);
    expect(JSON.stringify(viewLog(t.log.events, { role: 'gm' }, frontline.appliers, rules))).toMatch(/"energy":"weak"/);
  });

  it('the hook keeps only revealed types, leaves every other key, and changes nothing it is given', () => {
    const data = { affinities: { kinetic: 'immune', energy: 'weak' }, revealed: ['energy'], battlescars: 1 };
    expect(dataKnownToOthers(data)).toEqual({ affinities: { energy: 'weak' }, revealed: ['energy'], battlescars: 1 });
    expect(data.affinities).toEqual({ kinetic: 'immune', energy: 'weak' });
    const all = { affinities: { kinetic: 'immune' }, revealed: ['kinetic', 'energy'] };
    expect(dataKnownToOthers(all)).toBe(all);
  });
});
