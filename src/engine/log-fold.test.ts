// LogFold: folding a log one event at a time, undo and redo taken from the states kept around each
// command, must give after every event exactly what replaying the log up to it gives — whatever the mix
// of rule commands, overrides, undo, redo and replaced rolls (which undo several commands at once).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../dice/source.ts';
import { currentUnit } from './flow.ts';
import { GmTable } from './gm/testkit.ts';
import { replayLog } from './log.ts';
import { LogFold } from './log-fold.ts';
import type { Command } from './ruleset.ts';

const dice = (faces: number[]): DiceSource => {
  const q = [...faces];
  return { roll: (sides) => ((q.shift() ?? 0) % sides) + 1 };
};

const kinds = ['hit', 'hit', 'end_turn', 'gm.heal', 'gm.hide', 'undo', 'undo', 'undo', 'redo', 'redo', 'gm.set_die'] as const;

describe('LogFold', () => {
  it('after every event, the state a replay of the log so far gives', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom(...kinds), i: fc.nat(20), faces: fc.array(fc.nat(100), { maxLength: 4 }) }), { minLength: 1, maxLength: 60 }), (steps) => {
        const t = new GmTable([{ id: 'a', side: 'x', hp: 40 }, { id: 'b', side: 'y', hp: 40 }, { id: 'c', side: 'y', hp: 40 }]);
        for (const st of steps) {
          const s = t.state;
          const u = s.unitOrder[st.i % s.unitOrder.length];
          const checks = t.log.events.filter((e) => e.type === 'check' && e.dice.length > 0).map((e) => e.seq);
          const cmd: Command =
            st.kind === 'hit' ? { type: 'hit', actor: currentUnit(s), target: u }
            : st.kind === 'end_turn' ? { type: 'end_turn', actor: currentUnit(s) }
            : st.kind === 'gm.heal' ? { type: 'gm.heal', unit: u, amount: 2 }
            : st.kind === 'gm.hide' ? { type: 'gm.hide', unit: u, hidden: !s.units[u].hidden }
            : st.kind === 'gm.set_die' ? { type: 'gm.set_die', event: checks[st.i % Math.max(1, checks.length)] ?? 0, die: 0, face: 1 + (st.i % 6) }
            : { type: st.kind };
          t.log.execute(cmd, dice(st.faces));
        }
        const events = t.log.events;
        const fold = new LogFold(t.log.engine);
        for (let i = 0; i < events.length; i++) expect(fold.step(events, i), `after event ${i + 1} (${events[i].type})`).toEqual(replayLog(t.log.engine, events.slice(0, i + 1)));
        expect(fold.state).toEqual(t.state);
      }),
      { numRuns: 200 },
    );
  });
});
