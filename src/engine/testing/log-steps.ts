/**
 * Random GM-table sessions for property tests of anything that keeps states along a log (checkpoints,
 * the server's prefix states): the toy GM ruleset's commands, undo, redo and replaced rolls, each step
 * a command made from the log as it stands, with the faces its dice show.
 */
import fc from 'fast-check';
import type { DiceSource } from '../../dice/source.ts';
import { createEngine } from '../engine.ts';
import { currentUnit } from '../flow.ts';
import type { EncounterLog } from '../log.ts';
import type { Command } from '../ruleset.ts';
import { toyGm } from './toy-gm.ts';

/** Dice that show `faces` in order (each brought into the die's range), then 1s. */
export const scriptedDice = (faces: number[]): DiceSource => {
  const q = [...faces];
  return { roll: (sides) => ((q.shift() ?? 0) % sides) + 1 };
};

export const toyGmEngine = createEngine(toyGm);
export const threeUnits = [{ id: 'a', side: 'x', hp: 40 }, { id: 'b', side: 'y', hp: 40 }, { id: 'c', side: 'y', hp: 40 }];

const kinds = ['hit', 'hit', 'end_turn', 'gm.heal', 'gm.hide', 'undo', 'undo', 'undo', 'redo', 'redo', 'gm.set_die'] as const;
export type LogStep = { kind: (typeof kinds)[number]; i: number; faces: number[] };
/** One step: a kind of command, a number choosing its unit or event, the faces its dice show. */
export const logStep: fc.Arbitrary<LogStep> = fc.record({ kind: fc.constantFrom(...kinds), i: fc.nat(20), faces: fc.array(fc.nat(100), { maxLength: 4 }) });

/** The command a step stands for, on the log as it is now. */
export function commandOf(log: EncounterLog, st: LogStep): Command {
  const s = log.state;
  const u = s.unitOrder[st.i % s.unitOrder.length];
  const checks = log.events.filter((e) => e.type === 'check' && e.dice.length > 0).map((e) => e.seq);
  return st.kind === 'hit' ? { type: 'hit', actor: currentUnit(s), target: u }
    : st.kind === 'end_turn' ? { type: 'end_turn', actor: currentUnit(s) }
    : st.kind === 'gm.heal' ? { type: 'gm.heal', unit: u, amount: 2 }
    : st.kind === 'gm.hide' ? { type: 'gm.hide', unit: u, hidden: !s.units[u].hidden }
    : st.kind === 'gm.set_die' ? { type: 'gm.set_die', event: checks[st.i % Math.max(1, checks.length)] ?? 0, die: 0, face: 1 + (st.i % 6) }
    : { type: st.kind };
}
