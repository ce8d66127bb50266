// The engine's loop: turns and rounds, effect clocks, turn-order changes, undo/redo, replay, rejections.
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import { lastSideStanding } from './flow.ts';
import { EncounterLog, replayLog } from './log.ts';
import { insertNext, addSlot, removeUpcoming, moveUpcoming } from './order.ts';
import { Resolution } from './resolution.ts';
import { toy, toyDoc } from './testing/toy.ts';
import type { DiceSource } from '../dice/source.ts';
import type { Command } from './ruleset.ts';

const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });
const three = toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 10 }, { id: 'c', side: 'y', hp: 10 }]);

function started(doc = three) {
  const log = new EncounterLog(createEngine(toy));
  log.create(doc);
  const r = log.execute({ type: 'start' }, queue());
  if (!r.ok) throw new Error(r.rejection.message);
  return log;
}
const run = (log: EncounterLog, cmd: Command, ...faces: number[]) => {
  const r = log.execute(cmd, queue(...faces));
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r.events;
};
const active = (log: EncounterLog) => log.engine.activeUnit(log.state);

describe('turn flow', () => {
  it('walks the order, ends rounds, skips units that cannot act', () => {
    const log = started();
    expect([log.state.turn.round, active(log)]).toEqual([1, 'a']);
    run(log, { type: 'end_turn', actor: 'a' });
    expect(active(log)).toBe('b');
    run(log, { type: 'hit', actor: 'b', target: 'a' }, 4); // a: 10 → 6
    expect(log.state.units.a.pools.hp.value).toBe(6);
    expect(active(log)).toBe('c');
    run(log, { type: 'end_turn', actor: 'c' });
    expect([log.state.turn.round, active(log)]).toEqual([2, 'a']);
  });

  it('a rejected command changes nothing and says why', () => {
    const log = started();
    const before = JSON.stringify(log.state);
    const r = log.execute({ type: 'end_turn', actor: 'b' }, queue());
    expect(r.ok ? '' : r.rejection.code).toBe('turn/not_your_turn');
    const r2 = log.execute({ type: 'nope', actor: 'a' }, queue());
    expect(r2.ok ? '' : r2.rejection.code).toBe('command/unknown');
    const r3 = log.execute({ type: 'hit', actor: 'a', target: 'zzz' }, queue());
    expect(r3.ok ? '' : r3.rejection.code).toBe('action/bad_target');
    expect(JSON.stringify(log.state)).toBe(before);
  });

  it('ends the combat when one side is left', () => {
    const log = started(toyDoc([{ id: 'a', side: 'x', hp: 10 }, { id: 'b', side: 'y', hp: 3 }]));
    const ev = run(log, { type: 'hit', actor: 'a', target: 'b' }, 6);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'victory', winner: 'x' } });
    expect(log.execute({ type: 'end_turn', actor: 'b' }, queue()).ok).toBe(false);
  });
});

describe('the outcome, asked when something but the turn flow changed', () => {
  const counting = (doc = three) => {
    let asked = 0;
    const ruleset = { ...toy, outcome: (state: Parameters<typeof lastSideStanding>[0]) => (asked++, lastSideStanding(state)) };
    const log = new EncounterLog(createEngine(ruleset));
    log.create(doc);
    if (!log.execute({ type: 'start' }, queue()).ok) throw new Error('no start');
    return { log, asked: () => asked };
  };

  it('an ended turn and the next begun ask it once: a turn ended and begun decides no fight', () => {
    const { log, asked } = counting();
    const before = asked();
    run(log, { type: 'end_turn', actor: 'a' }); // after the command, then (skipped) after a's turn ended and after b's began
    expect(active(log)).toBe('b');
    expect(asked() - before).toBe(1);
  });

  it('is asked again after a clock changed something, and ends the fight there', () => {
    const { log, asked } = counting(toyDoc([{ id: 'a', side: 'x', hp: 1 }, { id: 'b', side: 'y', hp: 10 }, { id: 'c', side: 'y', hp: 10 }]));
    run(log, { type: 'end_turn', actor: 'a' });
    run(log, { type: 'end_turn', actor: 'b' });
    // c poisons a (1 HP) at a's turn start: a falls there, the last of side x
    run(log, { type: 'afflict', actor: 'c', target: 'a', name: 'Poison', remaining: 1, clock: { at: 'turn_start', unit: 'a' }, tick: 'turn_start' });
    const before = asked();
    const ev = run(log, { type: 'end_turn', actor: 'c' });
    expect(asked() - before).toBeGreaterThan(1);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.ended', result: { outcome: 'victory', winner: 'y' } });
  });
});

describe('effect clocks', () => {
  it('ticks at the target\'s turn start, then counts down; three ticks for remaining 3', () => {
    const log = started();
    run(log, { type: 'afflict', actor: 'a', target: 'b', name: 'Poison', remaining: 3, clock: { at: 'turn_start', unit: 'b' }, tick: 'turn_start' });
    for (let round = 0; round < 4; round++) {
      run(log, { type: 'end_turn', actor: 'a' });
      if (active(log) === 'b') run(log, { type: 'end_turn', actor: 'b' });
      run(log, { type: 'end_turn', actor: 'c' });
    }
    expect(log.state.units.b.pools.hp.value).toBe(7);
    expect(log.state.effects).toEqual([]);
  });

  it('a duration anchored to ANOTHER unit\'s turn end expires exactly there', () => {
    const log = started();
    // b is stunned "until the end of a's next turn": anchored to a, not to b
    run(log, { type: 'afflict', actor: 'a', target: 'b', name: 'Stun', remaining: 2, clock: { at: 'turn_end', unit: 'a' } });
    // a's own turn ends now: 1 left; b's turn is skipped
    const ev = run(log, { type: 'end_turn', actor: 'a' });
    expect(ev.some((e) => e.type === 'turn.skipped' && e.unit === 'b')).toBe(true);
    expect(log.state.effects[0].remaining).toBe(1);
    run(log, { type: 'end_turn', actor: 'c' });
    expect(active(log)).toBe('a');
    const ev2 = run(log, { type: 'end_turn', actor: 'a' }); // a's next turn ends: Stun is gone, and b acts
    expect(ev2.some((e) => e.type === 'effect.removed' && e.why === 'expired')).toBe(true);
    expect(active(log)).toBe('b');
  });

  it('round clocks count rounds', () => {
    const log = started();
    run(log, { type: 'afflict', actor: 'a', target: 'c', name: 'Blessing', remaining: 2, clock: { at: 'round_end' } });
    for (const u of ['a', 'b', 'c']) run(log, { type: 'end_turn', actor: u });
    expect(log.state.effects[0].remaining).toBe(1);
    for (const u of ['a', 'b', 'c']) run(log, { type: 'end_turn', actor: u });
    expect(log.state.effects).toEqual([]);
  });
});

describe('turn order changes', () => {
  function ctxOf(log: EncounterLog) {
    return new Resolution(structuredClone(log.state), queue());
  }
  const units = (ctx: Resolution) => ctx.state.turn.order.map((s) => `${s.unit}${s.kind && s.kind !== 'normal' ? `:${s.kind}` : ''}`);

  it('insert next, extra turn at round end, remove, delay', () => {
    const log = started();
    const ctx = ctxOf(log);
    insertNext(ctx, 'c', 'inspired');
    expect(units(ctx)).toEqual(['a', 'c:inserted', 'b']);
    addSlot(ctx, { unit: 'a', kind: 'haste' }, 'haste');
    expect(units(ctx)).toEqual(['a', 'c:inserted', 'b', 'a:haste']);
    removeUpcoming(ctx, 'a', 'haste cancelled', 'haste');
    expect(units(ctx)).toEqual(['a', 'c:inserted', 'b']);
    moveUpcoming(ctx, 'c', 1, 'delay');
    expect(units(ctx)).toEqual(['a', 'b', 'c:inserted']);
    expect(ctx.events.every((e) => e.type === 'turn.order')).toBe(true);
  });
});

describe('pools', () => {
  it('a change the bounds cut records what was asked beside what moved; one they do not, only what moved', () => {
    const ctx = new Resolution(structuredClone(started().state), queue());
    // b has 10 HP: 4 damage moves 4; then 9 damage can only move 6; a heal of 3 from 0 moves 3
    expect(ctx.damage('b', 4)).toBe(4);
    expect(ctx.damage('b', 9)).toBe(6);
    expect(ctx.heal('b', 3)).toBe(3);
    expect(ctx.events.map((e) => e.type === 'pool.changed' && [e.delta, e.value, e.asked])).toEqual([[-4, 6, undefined], [-6, 0, -9], [3, 3, undefined]]);
    expect('asked' in ctx.events[0]).toBe(false);
  });
});

describe('undo and redo', () => {
  it('undo takes back the last command, redo brings it back, and both are logged', () => {
    const log = started();
    run(log, { type: 'end_turn', actor: 'a' });
    const afterFirst = JSON.stringify(log.state);
    run(log, { type: 'hit', actor: 'b', target: 'a' }, 5);
    const afterSecond = JSON.stringify(log.state);
    const n = log.events.length;
    expect(log.execute({ type: 'undo' }, queue()).ok).toBe(true);
    expect(JSON.stringify({ ...log.state, version: 0 })).toBe(JSON.stringify({ ...JSON.parse(afterFirst), version: 0 }));
    expect(log.events.length).toBe(n + 1); // nothing deleted, one event added
    expect(log.execute({ type: 'redo' }, queue()).ok).toBe(true);
    expect(JSON.stringify({ ...log.state, version: 0 })).toBe(JSON.stringify({ ...JSON.parse(afterSecond), version: 0 }));
    expect(replayLog(log.engine, log.events)).toEqual(log.state);
  });

  it('a new command after an undo clears the redo', () => {
    const log = started();
    run(log, { type: 'end_turn', actor: 'a' });
    log.execute({ type: 'undo' }, queue());
    run(log, { type: 'hit', actor: 'a', target: 'b' }, 2);
    const r = log.execute({ type: 'redo' }, queue());
    expect(r.ok ? '' : r.rejection.code).toBe('log/nothing_to_redo');
  });

  it('only the GM may undo', () => {
    const log = started();
    run(log, { type: 'end_turn', actor: 'a' });
    const r = log.execute({ type: 'undo' }, queue(), { asGm: false });
    expect(r.ok ? '' : r.rejection.code).toBe('auth/gm_only');
  });
});
