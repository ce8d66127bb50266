// The ruleset's projection of other sides' unit data (ViewRules.projectData): in the state, in the log
// (the creation's state and `unit.data` events), and the state a player's odds use.
import { describe, expect, it } from 'vitest';
import { newEncounter } from './apply.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import type { EncounterState, Json, Unit } from './types.ts';
import { knownState, viewLog, viewState, type ViewRules } from './view.ts';

const p1 = { role: 'player' as const, player: 'p1' };
const p2 = { role: 'player' as const, player: 'p2' };
const gm = { role: 'gm' as const };

/** A toy rule: `secret` is never shown to other sides; of `traits`, only the keys listed in `seen`. */
const rules: ViewRules = {
  secretPools: ['hp'],
  projectData(data) {
    const { secret: _s, ...rest } = data;
    const traits = (data.traits ?? {}) as Record<string, Json>;
    const seen = (data.seen ?? []) as string[];
    return { ...rest, ...(data.traits ? { traits: Object.fromEntries(Object.entries(traits).filter(([k]) => seen.includes(k))) } : {}) };
  },
};

const unit = (id: string, side: string, over: Partial<Unit> = {}): Unit => ({
  id, name: id.toUpperCase(), side, status: 'active', stats: {}, pools: { hp: { value: 10, max: 10 } },
  data: { secret: `${id}-plan`, traits: { fire: 'weak', ice: 'immune' }, gmNotes: `${id} note` }, ...over,
});

/** hero (p1) and squire (GM's) on side a; foe and spy (p2's, on side b); lurker hidden on side b. */
function encounter(): EncounterState {
  const units = {
    hero: unit('hero', 'a', { controller: 'p1' }),
    squire: unit('squire', 'a'),
    foe: unit('foe', 'b'),
    spy: unit('spy', 'b', { controller: 'p2' }),
    lurker: unit('lurker', 'b', { hidden: true }),
  };
  return newEncounter({ ruleset: 'toy', name: 'views', units, unitOrder: Object.keys(units), sides: ['a', 'b'] });
}

function logOf(...events: GameEvent[]): LoggedEvent[] {
  return [{ type: 'encounter.created', state: encounter() } as GameEvent, ...events].map((e, i) => ({ ...e, seq: i + 1, cmd: `c${i + 1}` }) as LoggedEvent);
}

const data = (e: GameEvent) => e as Extract<GameEvent, { type: 'unit.data' }>;

describe('viewState with a ruleset projectData', () => {
  it("shows other sides' units with their data projected; the own side's whole; the GM everything", () => {
    const s = encounter();
    const v = viewState(s, p1, rules);
    expect(v.units.foe.data).toEqual({ traits: {} });
    expect(v.units.spy.data).toEqual({ traits: {} });
    // own unit and a unit of its side: whole (GM-only keys aside)
    expect(v.units.hero.data).toEqual({ secret: 'hero-plan', traits: { fire: 'weak', ice: 'immune' } });
    expect(v.units.squire.data).toEqual({ secret: 'squire-plan', traits: { fire: 'weak', ice: 'immune' } });
    expect(v.units.lurker).toBeUndefined();
    // p2 fights on side b: its side whole, side a projected
    const w = viewState(s, p2, rules);
    expect(w.units.foe.data).toMatchObject({ secret: 'foe-plan', traits: { fire: 'weak', ice: 'immune' } });
    expect(w.units.hero.data).toEqual({ traits: {} });
    expect(viewState(s, gm, rules)).toBe(s);
    // the state itself is untouched
    expect(s.units.foe.data.secret).toBe('foe-plan');
  });

  it('keeps what has been seen, and nothing changes without the hook', () => {
    const s = encounter();
    s.units.foe.data.seen = ['ice'];
    expect(viewState(s, p1, rules).units.foe.data).toEqual({ seen: ['ice'], traits: { ice: 'immune' } });
    expect(viewState(s, p1, { secretPools: ['hp'] }).units.foe.data).toEqual({ secret: 'foe-plan', traits: { fire: 'weak', ice: 'immune' }, seen: ['ice'] });
  });
});

describe('viewLog with a ruleset projectData', () => {
  it("projects the creation's state and other sides' unit.data events: a secret key is withheld, a projected one carries what shows", () => {
    const log = logOf(
      { type: 'unit.data', unit: 'foe', key: 'secret', value: 'new plan' }, // 2: withheld
      { type: 'unit.data', unit: 'hero', key: 'secret', value: 'hero plan 2' }, // 3: own unit: as it is
      { type: 'unit.data', unit: 'foe', key: 'traits', value: { fire: 'weak', ice: 'drain' } }, // 4: no seen trait changed: withheld
      { type: 'unit.data', unit: 'foe', key: 'seen', value: ['ice'] }, // 5: shown
      { type: 'unit.data', unit: 'foe', key: 'traits', value: { fire: 'strong', ice: 'immune' } }, // 6: ice shows: only ice
      { type: 'unit.data', unit: 'foe', key: 'traits', value: undefined }, // 7: gone: shown as gone
      { type: 'unit.data', unit: 'squire', key: 'secret', value: 'squire plan 2' }, // 8: own side: as it is
    );
    const seen = viewLog(log, p1, undefined, rules);
    expect(seen.map((e) => e.seq)).toEqual([1, 3, 5, 6, 7, 8]);
    const created = seen[0] as Extract<LoggedEvent, { type: 'encounter.created' }>;
    expect(created.state.units.foe.data).toEqual({ traits: {} });
    expect(created.state.units.hero.data.secret).toBe('hero-plan');
    expect(data(seen[1]).value).toBe('hero plan 2');
    expect(data(seen[2]).value).toEqual(['ice']);
    expect(data(seen[3]).value).toEqual({ ice: 'immune' });
    expect('value' in seen[4]).toBe(false);
    // p2's side is b: the foe's events reach it as they are; side a's secrets are withheld
    const theirs = viewLog(log, p2, undefined, rules);
    expect(theirs.map((e) => e.seq)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(data(theirs[2]).value).toEqual({ fire: 'weak', ice: 'drain' });
    expect(viewLog(log, gm, undefined, rules)).toEqual(log);
    // without the hook, every one reaches the player
    expect(viewLog(log, p1, undefined, { secretPools: ['hp'] }).length).toBe(8);
  });
});

describe('knownState: what a player reckons from', () => {
  it("projects other sides' unit data only: pools, hidden units and the own side are as they are", () => {
    const s = encounter();
    const k = knownState(s, p1, rules);
    expect(k.units.foe.data).toEqual({ traits: {}, gmNotes: 'foe note' });
    expect(k.units.spy.data).toEqual({ traits: {}, gmNotes: 'spy note' });
    expect(k.units.foe.pools.hp).toEqual({ value: 10, max: 10 });
    expect(k.units.lurker.data).toEqual({ traits: {}, gmNotes: 'lurker note' });
    expect(k.units.hero).toBe(s.units.hero);
    expect(k.units.squire).toBe(s.units.squire);
    expect(knownState(s, gm, rules)).toBe(s);
    expect(knownState(s, p1, { secretPools: ['hp'] })).toBe(s);
    expect(s.units.foe.data.secret).toBe('foe-plan');
  });
});
