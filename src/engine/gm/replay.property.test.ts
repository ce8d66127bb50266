// Property: any mix of rule commands, GM overrides, suggestions, undo/redo and replaced rolls replays to the same state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../dice/source.ts';
import { currentUnit } from '../flow.ts';
import { replayLog } from '../log.ts';
import type { Command } from '../ruleset.ts';
import type { EncounterState } from '../types.ts';
import { GmTable } from './testkit.ts';

const kinds = [
  'hit', 'end_turn', 'afflict', 'dare', 'gm.set_pool', 'gm.damage', 'gm.heal', 'gm.add_unit', 'gm.remove_unit', 'gm.hide', 'gm.set_side',
  'gm.set_controller', 'gm.apply_effect', 'gm.set_effect', 'gm.remove_effect', 'gm.link', 'gm.reorder', 'gm.delay', 'gm.extra_turn',
  'gm.cancel_extra_turn', 'gm.end_turn', 'gm.end_round', 'gm.set_status', 'gm.answer_by_dice', 'suggest', 'answer', 'undo', 'redo', 'gm.set_die', 'gm.reroll',
] as const;

// rolls and their replacement come up more often: they are the subtle part
const weighted = [...kinds, 'hit', 'hit', 'hit', 'gm.set_die', 'gm.set_die', 'gm.reroll'] as const;
const step = fc.record({ kind: fc.constantFrom(...weighted), i: fc.nat(50), j: fc.nat(50), v: fc.integer({ min: 0, max: 14 }), faces: fc.array(fc.nat(1000), { maxLength: 6 }) });

const dice = (faces: number[]): DiceSource => {
  const q = [...faces];
  return { roll: (sides) => ((q.shift() ?? 0) % sides) + 1 };
};

function build(s: EncounterState, kind: (typeof kinds)[number], i: number, j: number, v: number, n: number, checks: number[]): Command {
  const ids = s.unitOrder;
  const u = ids[i % ids.length];
  const o = ids[j % ids.length];
  const active = currentUnit(s);
  const fx = s.effects.length ? s.effects[i % s.effects.length].id : 'fx0';
  const pending = s.pending.length ? s.pending[i % s.pending.length].id : 'p0';
  switch (kind) {
    case 'hit': return { type: 'hit', actor: active, target: o };
    case 'end_turn': return { type: 'end_turn', actor: active };
    case 'afflict': return { type: 'afflict', actor: active, target: o, name: 'Poison', remaining: 1 + (v % 3), clock: { at: 'turn_start', unit: o }, tick: 'turn_start' };
    case 'dare': return { type: 'dare', actor: active };
    case 'gm.set_pool': return { type: kind, unit: u, pool: 'hp', value: v % 11, reason: 'fix' };
    case 'gm.damage': return { type: kind, unit: u, amount: v, rules: j % 2 === 0, damageType: j % 3 === 0 ? 'psychic' : 'fire' };
    case 'gm.heal': return { type: kind, unit: u, amount: v };
    case 'gm.add_unit': return { type: kind, unit: { id: `n${n}`, name: `N${n}`, side: v % 2 ? 'x' : 'y', pools: { hp: { value: 5, max: 5 } } }, ...(j % 2 ? { slot: s.turn.order.length } : {}) };
    case 'gm.remove_unit': return { type: kind, unit: u };
    case 'gm.hide': return { type: kind, unit: u, hidden: j % 2 === 0 };
    case 'gm.set_side': return { type: kind, unit: u, side: j % 2 ? 'x' : 'y' };
    case 'gm.set_controller': return { type: kind, unit: u, controller: j % 2 ? 'p2' : null };
    case 'gm.apply_effect': return { type: kind, effect: { name: 'Poison', target: u, remaining: 1 + (v % 3), tick: 'turn_start', stacks: 1 + (j % 2) } };
    case 'gm.set_effect': return { type: kind, id: fx, remaining: 1 + (v % 4) };
    case 'gm.remove_effect': return { type: kind, id: fx };
    case 'gm.link': return { type: kind, unit: u, other: o, kind: 'pet' };
    case 'gm.reorder': {
      const order = s.turn.order.map((x) => x.unit);
      const k = order.length ? i % order.length : 0;
      return { type: kind, order: [...order.slice(k), ...order.slice(0, k)] };
    }
    case 'gm.delay': return { type: kind, unit: u, to: j % 3 };
    case 'gm.extra_turn': case 'gm.cancel_extra_turn': return { type: kind, unit: u };
    case 'gm.end_turn': case 'gm.end_round': return { type: kind };
    case 'gm.set_status': return { type: kind, unit: u, status: (['active', 'down'] as const)[j % 2] };
    case 'gm.answer_by_dice': return { type: kind, pending };
    case 'suggest': return { type: kind, actor: u, text: 'please', proposal: { type: 'gm.heal', unit: o, amount: v } };
    case 'answer': return { type: kind, pending, choice: s.pending.find((p) => p.id === pending)?.options[j % 2] ?? 'accept' };
    case 'undo': case 'redo': return { type: kind };
    case 'gm.set_die': return { type: kind, event: checks.length ? checks[i % checks.length] : 0, die: 0, face: 1 + (v % 6) };
    case 'gm.reroll': return { type: kind, event: checks.length ? checks[i % checks.length] : 0 };
  }
}

describe('replay of GM overrides (property)', () => {
  it('any mix of rule commands and GM overrides replays from the log to the same state', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const t = new GmTable([{ id: 'a', side: 'x', hp: 12, controller: 'p1' }, { id: 'b', side: 'y', hp: 12 }, { id: 'c', side: 'y', hp: 12 }, { id: 'd', side: 'x', hp: 12 }]);
        let n = 0;
        for (const st of steps) {
          if (t.state.status === 'ended' && st.kind !== 'undo' && st.kind !== 'gm.set_die' && st.kind !== 'gm.reroll') continue;
          const checks = t.log.events.filter((e) => e.type === 'check' && e.dice.length > 0).map((e) => e.seq);
          const cmd = build(t.state, st.kind, st.i, st.j, st.v, n++, checks);
          t.log.execute(cmd, dice(st.faces), { asGm: st.kind !== 'suggest' });
        }
        expect(replayLog(t.log.engine, t.log.events)).toEqual(t.log.state);
      }),
      { numRuns: 150 },
    );
  });

  it('undo after any GM override gives back exactly the state before it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const t = new GmTable();
        let n = 0;
        for (const st of steps) {
          if (t.state.status === 'ended') break;
          const before = structuredClone(t.state);
          const cmd = build(t.state, st.kind, st.i, st.j, st.v, n++, []);
          if (!cmd.type.startsWith('gm.') || cmd.type === 'gm.set_die' || cmd.type === 'gm.reroll') {
            t.log.execute(cmd, dice(st.faces));
            continue;
          }
          if (!t.log.execute(cmd, dice(st.faces)).ok) continue;
          t.log.execute({ type: 'undo' }, dice([]));
          expect(t.state).toEqual(before);
          t.log.execute({ type: 'redo' }, dice([]));
        }
      }),
      { numRuns: 100 },
    );
  });
});
