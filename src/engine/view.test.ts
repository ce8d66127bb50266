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
  it("projects other sides' unit data; pools and the own side are as they are; hidden units are not there", () => {
    const s = encounter();
    const k = knownState(s, p1, rules);
    expect(k.units.foe.data).toEqual({ traits: {}, gmNotes: 'foe note' });
    expect(k.units.spy.data).toEqual({ traits: {}, gmNotes: 'spy note' });
    expect(k.units.foe.pools.hp).toEqual({ value: 10, max: 10 });
    expect(k.units.hero).toBe(s.units.hero);
    expect(k.units.squire).toBe(s.units.squire);
    // the lurker is hidden: the player's odds cannot count it
    expect(k.units.lurker).toBeUndefined();
    expect(k.unitOrder).toEqual(['hero', 'squire', 'foe', 'spy']);
    expect(knownState(s, gm, rules)).toBe(s);
    expect(s.units.foe.data.secret).toBe('foe-plan');
    expect(s.units.lurker.hidden).toBe(true);
  });

  it('without hidden units or a projection, is the state itself; with hidden units, their slots, effects and decisions go too', () => {
    const s = encounter();
    const open = { ...s, units: { ...s.units, lurker: { ...s.units.lurker, hidden: false } } };
    expect(knownState(open, p1, { secretPools: ['hp'] })).toBe(open);
    const fighting: EncounterState = {
      ...s,
      turn: { round: 1, index: 1, order: [{ unit: 'hero' }, { unit: 'lurker' }, { unit: 'foe' }] },
      effects: [
        { id: 'fx1', name: 'Shroud', target: 'lurker', categories: [] },
        { id: 'fx2', name: 'Bless', target: 'hero', categories: [] },
      ] as unknown as EncounterState['effects'],
    };
    const k = knownState(fighting, p1, { secretPools: ['hp'] });
    expect(k.turn.order.map((x) => x.unit)).toEqual(['hero', 'foe']);
    // the hidden lurker is acting: the player knows of no one's turn
    expect(k.turn.index).toBe(-1);
    expect(k.effects.map((f) => f.id)).toEqual(['fx2']);
  });
});

/** The events of one viewer's log after the creation, as plain objects without seq and cmd. */
const tail = (log: LoggedEvent[], viewer: typeof p1 | typeof gm, r: ViewRules = rules) => viewLog(log, viewer, undefined, r).slice(1).map(({ seq: _s, cmd: _c, ...e }) => e);
const slots = (...ids: string[]) => ids.map((unit) => ({ unit }));

describe('viewLog: the turn order and other free text never name a hidden unit', () => {
  it('a turn.order naming a hidden unit: withheld when nothing visible changed, else reworded without its reason', () => {
    const log = logOf(
      { type: 'turn.order', order: slots('hero', 'lurker', 'foe'), index: -1, why: 'round 1' }, // 2: no mention: shown, filtered
      { type: 'turn.started', unit: 'hero', index: 0 }, // 3
      { type: 'turn.order', order: [{ unit: 'hero' }, { unit: 'lurker', initiative: 22 }, { unit: 'foe' }, { unit: 'lurker', kind: 'extra' }], index: 0, why: 'LURKER gets an extra turn (GM)', reason: 'it was waiting in the dark' }, // 4: withheld
      { type: 'turn.order', order: [{ unit: 'hero' }, { unit: 'lurker', initiative: 22 }, { unit: 'squire' }, { unit: 'foe' }], index: 0, why: 'the squire joins before LURKER', reason: 'sent by lurker' }, // 5: reworded
      { type: 'turn.order', order: [{ unit: 'lurker', initiative: 22 }, { unit: 'hero' }, { unit: 'foe' }, { unit: 'squire' }], index: 1, why: 'reordered by the GM', reason: 'the squire waits' }, // 6: no mention: shown, pointer moved
      { type: 'turn.order', order: [{ unit: 'lurker', initiative: 22 }, { unit: 'hero' }, { unit: 'foe' }, { unit: 'squire' }], index: 3, why: 'the GM ends the round: LURKER, FOE do not act' }, // 7: reworded
    );
    expect(tail(log, p1)).toEqual([
      { type: 'turn.order', order: slots('hero', 'foe'), index: -1, why: 'round 1' },
      { type: 'turn.started', unit: 'hero', index: 0 },
      { type: 'turn.order', order: slots('hero', 'squire', 'foe'), index: 0, why: 'the turn order changes' },
      // the pointer indexes the player's order: the hero's slot is its first
      { type: 'turn.order', order: slots('hero', 'foe', 'squire'), index: 0, why: 'reordered by the GM', reason: 'the squire waits' },
      { type: 'turn.order', order: slots('hero', 'foe', 'squire'), index: 2, why: 'the turn order changes' },
    ]);
    const seen = JSON.stringify(viewLog(log, p1, undefined, rules));
    expect(seen).not.toMatch(/lurker|LURKER|in the dark/);
    expect(viewLog(log, gm, undefined, rules)).toEqual(log);
  });

  it('a hidden newcomer placed in the order leaves no trace', () => {
    const log = logOf(
      { type: 'turn.order', order: slots('hero', 'foe'), index: 0, why: 'round 1' },
      { type: 'unit.added', unit: unit('sneak', 'b', { hidden: true }), reason: 'it was waiting in the dark' },
      { type: 'turn.order', order: [{ unit: 'hero' }, { unit: 'sneak', initiative: 22 }, { unit: 'foe' }], index: 0, why: 'SNEAK joins at initiative 22', reason: 'it was waiting in the dark' },
    );
    expect(tail(log, p1)).toEqual([{ type: 'turn.order', order: slots('hero', 'foe'), index: 0, why: 'round 1' }]);
  });

  it('events redacted on their way (secret pools, projected data, GM decisions) still pass the mention check', () => {
    const pending = { id: 'q1', kind: 'suggestion', answeredBy: 'gm' as const, prompt: 'let LURKER flee?', options: ['accept', 'reject'], data: {}, blocking: false as const };
    const log = logOf(
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -2, value: 8, kind: 'damage', reason: 'LURKER stabbed it' },
      { type: 'unit.data', unit: 'foe', key: 'seen', value: ['ice'], reason: 'LURKER told them' },
      { type: 'pending.opened', pending },
      { type: 'pending.closed', id: 'q1', answer: 'accept', reason: 'LURKER may go' },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -1, value: 7, kind: 'damage', reason: 'a clean hit' },
    );
    // the GM's decision shows waiting (the player's state shows it too), in neutral words, closed without the GM's reason
    expect(tail(log, p1)).toEqual([
      { type: 'pending.opened', pending: { ...pending, prompt: 'the GM is deciding something', options: [], data: {} } },
      { type: 'pending.closed', id: 'q1', answer: null, said: 'The GM has decided' },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -1, kind: 'damage', reason: 'a clean hit' },
    ]);
  });
});

describe('viewLog: damage from an unseen source', () => {
  it('reaches the player whose unit takes it, without naming the hidden unit that dealt it', () => {
    const log = logOf(
      { type: 'check', actor: 'lurker', target: 'hero', breakdown: { label: 'attack', terms: [], total: 15 }, dice: [] },
      { type: 'pool.changed', unit: 'hero', pool: 'hp', delta: -4, value: 6, kind: 'damage', source: 'lurker' },
      { type: 'pool.changed', unit: 'lurker', pool: 'hp', delta: -1, value: 9, kind: 'damage', source: 'hero' },
    );
    // the roll names the hidden attacker: withheld; the damage is told from "something unseen"; the lurker's own damage is not
    expect(tail(log, p1)).toEqual([{ type: 'pool.changed', unit: 'hero', pool: 'hp', delta: -4, value: 6, kind: 'damage', unseen: true }]);
    expect(JSON.stringify(viewLog(log, p1, undefined, rules))).not.toMatch(/lurker|LURKER/);
    expect(viewLog(log, gm, undefined, rules)).toEqual(log);
  });
});

describe('viewLog: a unit added mid-fight', () => {
  it('reaches players when visible, projected as viewState shows it; a hidden one does not', () => {
    const rook = unit('rook', 'b', { data: { secret: 'rook-plan', traits: { fire: 'weak' }, seen: [], gmNotes: 'rook note' } });
    const log = logOf(
      { type: 'unit.added', unit: rook, reason: 'the noise drew it' },
      { type: 'unit.added', unit: unit('sneak', 'b', { hidden: true }) },
    );
    const seen = tail(log, p1);
    expect(seen).toEqual([{ type: 'unit.added', unit: { ...rook, pools: {}, data: { traits: {}, seen: [] } }, reason: 'the noise drew it' }]);
    const withRook = encounter();
    withRook.units.rook = rook;
    withRook.unitOrder.push('rook');
    expect(seen[0]).toEqual({ type: 'unit.added', unit: viewState(withRook, p1, rules).units.rook, reason: 'the noise drew it' });
    // p2 fights on side b: the newcomer whole, but for the GM's notes
    expect(tail(log, p2)).toEqual([{ type: 'unit.added', unit: { ...rook, data: { secret: 'rook-plan', traits: { fire: 'weak' }, seen: [] } }, reason: 'the noise drew it' }]);
    expect(tail(log, gm).length).toBe(2);
  });
});

describe('links to hidden units', () => {
  const link = (w: string, kind: string, lead = true) => ({ with: w, kind, lead });

  it('are left out of the state a player sees (the key goes when no link is left)', () => {
    const s = encounter();
    s.units.hero.data.links = [link('lurker', 'pet'), link('squire', 'bond')];
    s.units.squire.data.links = [link('hero', 'bond', false)];
    s.units.foe.data.links = [link('lurker', 'mount')];
    s.units.lurker.data.links = [link('hero', 'pet', false), link('foe', 'mount', false)];
    const v = viewState(s, p1, rules);
    expect(v.units.hero.data.links).toEqual([link('squire', 'bond')]);
    expect(v.units.squire.data.links).toEqual([link('hero', 'bond', false)]);
    expect('links' in v.units.foe.data).toBe(false);
    expect(JSON.stringify(v)).not.toContain('lurker');
    expect(viewState(s, gm, rules).units.hero.data.links).toHaveLength(2);
    expect(s.units.hero.data.links).toHaveLength(2);
  });

  it("are left out of unit.data events and the creation's state: a change only to them is withheld", () => {
    const created = encounter();
    created.units.foe.data.links = [link('lurker', 'mount')];
    const log = [{ type: 'encounter.created', state: created } as GameEvent, ...[
      { type: 'unit.data', unit: 'hero', key: 'links', value: [link('lurker', 'pet')], reason: 'linked by the GM' }, // 2: withheld
      { type: 'unit.data', unit: 'hero', key: 'links', value: [link('lurker', 'pet'), link('squire', 'bond')], reason: 'linked by the GM' }, // 3: the bond
      { type: 'unit.data', unit: 'foe', key: 'links', value: [link('lurker', 'mount'), link('spy', 'bond')], reason: 'linked by the GM' }, // 4: the bond
      { type: 'unit.data', unit: 'hero', key: 'links', value: [link('lurker', 'pet')], reason: 'unlinked by the GM' }, // 5: no link left
      { type: 'unit.data', unit: 'hero', key: 'links', value: undefined, reason: 'unlinked by the GM' }, // 6: withheld
    ] as GameEvent[]].map((e, i) => ({ ...e, seq: i + 1, cmd: `c${i + 1}` }) as LoggedEvent);
    const seen = viewLog(log, p1, undefined, rules);
    expect(seen.map((e) => e.seq)).toEqual([1, 3, 4, 5]);
    expect('links' in (seen[0] as Extract<LoggedEvent, { type: 'encounter.created' }>).state.units.foe.data).toBe(false);
    expect(data(seen[1]).value).toEqual([link('squire', 'bond')]);
    expect(data(seen[2]).value).toEqual([link('spy', 'bond')]);
    expect('value' in seen[3]).toBe(false);
    expect(JSON.stringify(seen)).not.toContain('lurker');
    // without a ruleset's hook too
    expect(viewLog(log, p1, undefined, { secretPools: ['hp'] }).map((e) => e.seq)).toEqual([1, 3, 4, 5]);
    expect(viewLog(log, gm, undefined, rules)).toEqual(log);
  });
});

describe('decisions waiting in the state', () => {
  it("a decision the GM owes shows no options, and no prompt naming a hidden unit; a player's own decision shows whole", () => {
    const s = encounter();
    s.pending = [
      { id: 'p1', kind: 'tie', answeredBy: 'gm', prompt: 'LURKER and FOE tie: who goes first?', options: ['lurker', 'foe'], data: { tied: ['lurker', 'foe'] } },
      { id: 'p2', kind: 'tie', answeredBy: 'gm', prompt: 'HERO and FOE tie: who goes first?', options: ['hero', 'foe'], data: {} },
      { id: 'p3', kind: 'reaction', answeredBy: 'hero', prompt: 'block or take it?', options: ['block', 'take'], data: { from: 'foe' } },
    ];
    const seen = viewState(s, p1).pending;
    expect(seen.map((p) => [p.prompt, p.options, p.data])).toEqual([
      ['the GM is deciding something', [], {}],
      ['HERO and FOE tie: who goes first?', [], {}],
      ['block or take it?', ['block', 'take'], { from: 'foe' }],
    ]);
    expect(JSON.stringify(viewState(s, p1))).not.toMatch(/lurker|LURKER/);
    expect(viewState(s, gm).pending[0].prompt).toBe('LURKER and FOE tie: who goes first?');
  });
});

describe('a secret pool in the log', () => {
  it("tells other sides what was dealt, not what the bounds let through; its own side and the GM what moved", () => {
    // foe has 10 HP: 4 damage (to 6), then 9 damage that can only move 6 (to 0), then a 5 heal that moves 5
    const log = logOf(
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -4, value: 6, kind: 'damage' },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -6, value: 0, asked: -9, kind: 'damage' },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: 5, value: 5, kind: 'heal' },
    );
    const hp = (l: LoggedEvent[]) => l.filter((e) => e.type === 'pool.changed').map((e) => ({ ...e, seq: undefined, cmd: undefined }));
    // p1 (side a): the amounts dealt, no values, nothing that says "it had 6 left"
    expect(hp(viewLog(log, p1, undefined, rules))).toEqual([
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -4, kind: 'damage', seq: undefined, cmd: undefined },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: -9, kind: 'damage', seq: undefined, cmd: undefined },
      { type: 'pool.changed', unit: 'foe', pool: 'hp', delta: 5, kind: 'heal', seq: undefined, cmd: undefined },
    ]);
    // p2 (side b) and the GM: what moved, with the values
    expect(hp(viewLog(log, p2, undefined, rules)).map((e) => [e.delta, e.value])).toEqual([[-4, 6], [-6, 0], [5, 5]]);
    expect(viewLog(log, gm, undefined, rules)).toEqual(log);
  });
});
