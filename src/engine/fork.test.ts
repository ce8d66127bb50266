// engine.fork: a working copy that shares what events never change in place — and decide unlogged:
// the same state without the check and note records.
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { applyEvent } from './apply.ts';
import { cloneJson } from './clone.ts';
import type { GameEvent } from './events.ts';
import { createEngine } from './engine.ts';
import { forkState } from './fork.ts';
import { toy, toyDoc } from './testing/toy.ts';
import type { EncounterState } from './types.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });
const engine = createEngine(toy);

function started(): EncounterState {
  const s = engine.replay(engine.create(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }])));
  const d = engine.decide(s, { type: 'start' }, queue());
  if (!d.ok) throw new Error(d.rejection.message);
  d.state.units.a.data = { gear: { sword: { dice: '1d8' } } };
  d.state.effects = [{ id: 'fx1', name: 'Poison', target: 'b', stacks: 1, remaining: 3, data: { dot: '1d4' } }];
  return d.state;
}

describe('forkState', () => {
  it('is equal to a deep copy, with its own shells and shared values below them', () => {
    const s = started();
    const f = forkState(s);
    expect(f).toEqual(cloneJson(s));
    expect(f.units.a).not.toBe(s.units.a);
    expect(f.units.a.pools.hp).not.toBe(s.units.a.pools.hp);
    expect(f.effects[0]).not.toBe(s.effects[0]);
    expect(f.turn.order).not.toBe(s.turn.order);
    // what events only ever replace is shared, and a unit's data record until one side writes it
    expect(f.units.a.data).toBe(s.units.a.data);
    expect(f.effects[0].data).toBe(s.effects[0].data);
  });

  it('shares a unit\'s data until written: the side that writes copies it first, by event or unlogged', () => {
    const s = started();
    const before = JSON.stringify(s);
    const f = forkState(s);
    const g = forkState(s);
    // an event on one fork: its own copy, the original and the other fork as they were
    applyEvent(f, { type: 'unit.data', unit: 'a', key: 'mood', value: 'grim' });
    expect(f.units.a.data).toEqual({ gear: { sword: { dice: '1d8' } }, mood: 'grim' });
    expect(f.units.a.data.gear).toBe(s.units.a.data.gear);
    expect(JSON.stringify(s)).toBe(before);
    expect(g.units.a.data).toBe(s.units.a.data);
    // the unlogged write (Resolution.setData, through a GM's set_data) and a removal likewise
    const d = engine.decide(g, { type: 'gm.set_data', unit: 'a', key: 'gear', value: undefined }, queue(), { inPlace: true, unlogged: true });
    if (!d.ok) throw new Error(d.rejection.message);
    expect(d.state.units.a.data).toEqual({});
    expect(JSON.stringify(s)).toBe(before);
    // the original writing after its forks were made leaves them as they were
    applyEvent(s, { type: 'unit.data', unit: 'a', key: 'gear', value: { axe: { dice: '1d10' } } });
    expect(f.units.a.data.gear).toEqual({ sword: { dice: '1d8' } });
    // a fork of a fork shares the record its parent holds: its write leaves the parent's own copy alone
    const ff = forkState(f);
    applyEvent(ff, { type: 'unit.data', unit: 'a', key: 'mood', value: 'calm' });
    expect(f.units.a.data.mood).toBe('grim');
  });

  it('every kind of change applied to a fork leaves the original as it was', () => {
    const s = started();
    const before = JSON.stringify(s);
    let f = forkState(s);
    const events: GameEvent[] = [
      { type: 'pool.changed', unit: 'a', pool: 'hp', delta: -3, value: 7, kind: 'damage' },
      { type: 'pool.max', unit: 'b', pool: 'hp', max: 12, value: 12 },
      { type: 'stat.set', unit: 'a', stat: 'agility', value: 3 },
      { type: 'unit.data', unit: 'a', key: 'gear', value: { axe: { dice: '1d10' } } },
      { type: 'effect.changed', id: 'fx1', remaining: 2, stacks: 2, data: { dot: '1d6' } },
      { type: 'unit.moved', unit: 'a', to: { x: 3, y: 3 } },
      { type: 'turn.order', order: [{ unit: 'b' }, { unit: 'a' }], index: 0, why: 'test' },
      { type: 'encounter.data', key: 'weather', value: 'rain' },
      { type: 'unit.status', unit: 'b', status: 'down', cause: 'test' },
      { type: 'effect.removed', id: 'fx1', why: 'removed' },
    ];
    for (const e of events) f = applyEvent(f, e);
    expect(f.units.a.pools.hp.value).toBe(7);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('decide unlogged', () => {
  it('gives the same state, version included, with no check, note or change of the engine\'s own built', () => {
    const logged = engine.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4));
    const quiet = engine.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4), { unlogged: true });
    if (!logged.ok || !quiet.ok) throw new Error('refused');
    expect(quiet.state).toEqual(logged.state);
    expect(logged.events.some((e) => e.type === 'check')).toBe(true);
    expect(logged.events.some((e) => e.type === 'pool.changed')).toBe(true);
    // nothing is built: not even the turn flow's turns (placed in ctx.events only if a rule reads it: below)
    expect(quiet.events).toEqual([]);
    expect(logged.events.some((e) => e.type === 'turn.started')).toBe(true);
  });

  it('places the turn flow\'s records in ctx.events, where they happened, for a rule that reads them', () => {
    // a ruleset that looks back at the events at every turn's start (as duel60 looks for a skipped turn)
    const seen: string[][] = [];
    const looking = createEngine({ ...toy, onTurnStart: (ctx) => void seen.push(ctx.events.map((e) => `${e.type}${'unit' in e ? ` ${String(e.unit)}` : ''}`)) });
    const play = (unlogged: boolean) => {
      seen.length = 0;
      const d = looking.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4), { unlogged, keep: new Set(['pool.changed/damage']) });
      if (!d.ok) throw new Error('refused');
      return { d, seen: seen.map((x) => x.filter((t) => !t.startsWith('check') && !t.startsWith('note'))) };
    };
    const logged = play(false);
    const quiet = play(true);
    expect(quiet.d.state).toEqual(logged.d.state);
    expect(quiet.seen.length).toBeGreaterThan(0);
    // what the rule saw: the logged fight's events but checks and notes, the turns in their places
    expect(quiet.seen).toEqual(logged.seen);
    expect(quiet.seen[0]).toEqual(['pool.changed b', 'turn.ended a', 'turn.started b']);
  });

  it('builds the kinds asked for (DecideOptions.keep) as the log has them', () => {
    const logged = engine.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4));
    const kept = engine.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4), { unlogged: true, keep: new Set(['pool.changed/damage']) });
    if (!logged.ok || !kept.ok) throw new Error('refused');
    expect(kept.state).toEqual(logged.state);
    expect(kept.events).toEqual(logged.events.filter((e) => e.type === 'pool.changed'));
    // the turn flow's turns when asked for
    const turns = engine.decide(started(), { type: 'hit', actor: 'a', target: 'b' }, queue(4), { unlogged: true, keep: new Set(['turn.started', 'turn.ended']) });
    if (!turns.ok) throw new Error('refused');
    expect(turns.events).toEqual(logged.events.filter((e) => e.type === 'turn.ended' || e.type === 'turn.started'));
  });
});
