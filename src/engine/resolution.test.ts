// One way to write a check: a breakdown (or a note's words) given as a function is built only when
// someone keeps the log; unlogged, the check is counted — the version steps as the event would have —
// and the dice drawn for it are let go, so the next check records only its own.
import { describe, expect, it } from 'vitest';
import { scriptedSource } from '../dice/index.ts';
import { emptyState } from './apply.ts';
import { Resolution } from './resolution.ts';

describe('Resolution.check and note', () => {
  it('build a lazy breakdown only when logging, and step the version alike either way', () => {
    let built = 0;
    const play = (logging: boolean) => {
      const ctx = new Resolution(emptyState(), scriptedSource([4, 2]), undefined, logging);
      const face = ctx.roll(6, 'hit');
      ctx.check(() => (built++, { label: 'hit', terms: [{ kind: 'dice', label: 'd6', faces: [face], value: face }], total: face, rules: [] }), 'a', 'b');
      ctx.note(() => (built++, `rolled ${face}`));
      const second = ctx.roll(6, 'damage');
      ctx.check({ label: 'damage', terms: [{ kind: 'dice', label: 'd6', faces: [second], value: second }], total: second, rules: [] });
      return ctx;
    };
    const unlogged = play(false);
    expect(built).toBe(0);
    expect(unlogged.events).toEqual([]);
    expect(unlogged.state.version).toBe(3);
    const logged = play(true);
    expect(built).toBe(2);
    expect(logged.state.version).toBe(3);
    expect(logged.events.map((e) => e.type)).toEqual(['check', 'note', 'check']);
    // each check carries the dice drawn since the last one
    expect(logged.events[0]).toMatchObject({ actor: 'a', target: 'b', dice: [{ sides: 6, face: 4, label: 'hit' }], breakdown: { total: 4 } });
    expect(logged.events[1]).toEqual({ type: 'note', text: 'rolled 4' });
    expect(logged.events[2]).toMatchObject({ dice: [{ sides: 6, face: 2, label: 'damage' }], breakdown: { total: 2 } });
  });
});

describe("Resolution's changers when no log is kept", () => {
  // a state with two units on a zone map, every changer called in turn: logged, unlogged, unlogged keeping damage
  const start = () => {
    const s = emptyState();
    s.map = { kind: 'zones', zones: ['near', 'far'], spacing: 20 } as typeof s.map;
    for (const id of ['a', 'b']) {
      s.units[id] = { id, name: id.toUpperCase(), side: id, status: 'active', stats: {}, pools: { hp: { value: 10, max: 10 }, ap: { value: 2, max: 2 } }, data: {}, zone: 'near' };
      s.unitOrder.push(id);
    }
    return s;
  };
  const play = (logging: boolean, keep?: ReadonlySet<string>) => {
    const ctx = new Resolution(start(), scriptedSource([]), undefined, logging, keep);
    const mark = { list: [1, 2] };
    ctx.changePool('a', 'ap', -1, 'spend');
    expect(ctx.damage('b', 14, { source: 'a', rule: 'X-1' })).toBe(10); // the bounds cut it: 10 moved
    ctx.heal('b', 3);
    ctx.setPhase('a', 'action');
    ctx.setData('a', 'mark', mark);
    mark.list.push(3); // the caller's value changed afterwards: the state keeps what was set
    ctx.setData('a', 'gone', 1);
    ctx.setData('a', 'gone', undefined);
    ctx.setEncounterData('weather', 'rain');
    ctx.moveToZone('b', 'far');
    const fx = ctx.applyEffect({ name: 'Burn', target: 'b', source: 'a', remaining: 2 }, () => 'b burns');
    const other = ctx.applyEffect({ name: 'Ward', target: 'a' });
    ctx.removeEffect(fx.id, 'cleansed');
    const p = ctx.openPending({ kind: 'tie', answeredBy: 'gm', prompt: 'who first?', options: ['a', 'b'], data: {} });
    ctx.closePending(p.id, 'settled');
    return { ctx, ids: [fx.id, other.id, p.id] };
  };

  it('write the draft directly, no event built: the same state, version and ids as the events give', () => {
    const logged = play(true);
    const unlogged = play(false);
    expect(unlogged.ctx.events).toEqual([]);
    expect(unlogged.ctx.state).toEqual(logged.ctx.state);
    expect(unlogged.ids).toEqual(logged.ids);
    expect(logged.ctx.events.length).toBe(14);
    expect(unlogged.ctx.state.version).toBe(14);
    expect(unlogged.ctx.state.turn.phase).toBe('action');
    expect(unlogged.ctx.state.units.a.data).toEqual({ mark: { list: [1, 2] } });
  });

  it('build the kinds `keep` names, as the log has them: only a pool\'s damage with pool.changed/damage', () => {
    const logged = play(true);
    const kept = play(false, new Set(['pool.changed/damage', 'unit.zone']));
    expect(kept.ctx.state).toEqual(logged.ctx.state);
    expect(kept.ctx.events).toEqual(logged.ctx.events.filter((e) => (e.type === 'pool.changed' && e.kind === 'damage') || e.type === 'unit.zone'));
    expect(kept.ctx.events.map((e) => e.type)).toEqual(['pool.changed', 'unit.zone']);
    expect(kept.ctx.events[1]).toEqual({ type: 'unit.zone', unit: 'b', from: 'near', to: 'far', metres: 20 });
  });
});
