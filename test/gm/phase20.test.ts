// The GM's authority over a real ruleset (phase20): a short session, then the roster into the next fight.
import { describe, expect, it } from 'vitest';
import { scriptedSource } from '../../src/dice/index.ts';
import { acceptCarryBack, applyRoster, carryBack, replayLog, rosterEntry, viewState, type Json, type LoggedEvent } from '../../src/engine/index.ts';
import { duel } from '../../src/rulesets/phase20/fixtures.ts';
import { phase20 } from '../../src/rulesets/phase20/index.ts';
import { encounterSchema } from '../../src/rulesets/phase20/schema.ts';
import { Table } from '../../src/rulesets/testing.ts';

const atk = { type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' };
const hitCheck = (events: readonly LoggedEvent[]) => events.find((e) => e.type === 'check' && e.breakdown.rules?.includes('P20-ATK-2'))!;

describe('GM overrides on phase20', () => {
  it('gm.set_die turns a miss into a hit: the attack is decided again and wants its damage die fresh', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    const miss = t.dice(12).do(atk); // 12 + 3 = 15, not > DV 15
    expect(t.hp('foe')).toBe(12);
    const r = t.log.execute({ type: 'gm.set_die', event: hitCheck(miss).seq, die: 0, face: 13, reason: 'misread the die' }, scriptedSource([5]));
    expect(r.ok).toBe(true);
    expect(t.hp('foe')).toBe(4); // 1d8 5 + Strength 3 = 8
    expect(t.checks(r.ok ? r.events : [])).toEqual([
      'd20(13) + General Skill 1 + Combat 2 = 16 > DV 15 → hit [P20-ATK-2]',
      '1d8(5) + Scale (strength) 3 = 8 → 8 damage [P20-ATK-3]',
    ]);
    expect(replayLog(t.engine, t.log.events)).toEqual(t.state);
  });

  it('a short session: a reinforcement, a fix with a reason, undo, a player\'s suggestion accepted', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    // a second goblin joins: it rolls initiative (phase20's placeInOrder) — d20 1 + 0 = 1, after the Goblin's 1
    const foe2 = { ...(structuredClone(t.unit('foe')) as unknown as Record<string, Json>), id: 'foe2', name: 'Goblin 2', position: { x: 5, y: 5 } };
    t.dice(1).do({ type: 'gm.add_unit', unit: foe2, reason: 'the noise drew another one' });
    expect(t.state.turn.order.map((s) => s.unit)).toEqual(['hero', 'foe', 'foe2']);

    const before = structuredClone(t.state);
    const fix = t.do({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 15, reason: 'the trap at the door hit her' });
    expect(fix).toMatchObject([{ type: 'pool.changed', kind: 'set', value: 15, reason: 'the trap at the door hit her' }]);
    t.do({ type: 'undo' });
    expect(t.state).toEqual(before);

    const r = t.log.execute({ type: 'suggest', actor: 'hero', text: 'my ring heals 3 at dawn, it is dawn', proposal: { type: 'gm.heal', unit: 'hero', amount: 3 } }, scriptedSource([]), { asGm: false });
    expect(r.ok).toBe(true);
    t.do({ type: 'gm.damage', unit: 'hero', amount: 5, rules: true }); // phase20's damage hook: not bracing, so the full 5
    t.dice(10).do({ ...atk }); // play goes on while the suggestion waits: 10 + 3 misses
    t.do({ type: 'answer', pending: t.state.pending[0].id, choice: 'accept' });
    expect(t.hp('hero')).toBe(18);

    expect(t.rejects({ type: 'gm.move', unit: 'foe', to: [10, 3] })).toBe('gm/off_map');
    t.do({ type: 'gm.hide', unit: 'foe2', hidden: true });
    expect(viewState(t.state, { role: 'player', player: 'p1' }).units.foe2).toBeUndefined();
    expect(replayLog(t.engine, t.log.events)).toEqual(t.state);
  });
});

describe('the roster with phase20', () => {
  it('hit points carry back, and the next encounter starts with them', () => {
    const t = new Table(phase20, duel());
    t.start(15, 1);
    t.do({ type: 'gm.damage', unit: 'hero', amount: 7, rules: true });
    t.do({ type: 'end_combat', outcome: 'victory', winner: 'heroes', reason: 'the goblin fled' });
    const heroDoc = duel().units[0] as unknown as Record<string, Json>;
    const roster = { entries: [rosterEntry(heroDoc, 'phase20')] };
    const { changes } = carryBack(roster, t.state, phase20);
    expect(changes.map((c) => c.text)).toEqual(['Hero: HP full → 13/20']);
    const next = applyRoster(duel(), acceptCarryBack(roster, changes, changes.map((c) => c.id)));
    const doc = encounterSchema.parse(next);
    expect(doc.units[0].startHp).toBe(13);
    expect(new Table(phase20, next).unit('hero').pools.hp).toEqual({ value: 13, max: 20 });
  });
});
