/**
 * For the rulesets' roster tests (tests only): a file's units written back by the ruleset's `fileEntry`
 * and built again, and a fight in which the GM adds a unit in the engine's shape.
 */
import { seededSource } from '../../dice/index.ts';
import { createEngine } from '../engine.ts';
import { EncounterLog } from '../log.ts';
import { isRejection, type Rejection } from '../rejection.ts';
import type { Command, Ruleset } from '../ruleset.ts';
import type { Json, Unit } from '../types.ts';

type Doc = Record<string, unknown> & { units: Record<string, Json>[] };

/**
 * Every unit of `doc` as the ruleset built it, the entry its `fileEntry` writes for it, and the unit built
 * again from the file with that entry in place of the original one. Faithful: `rebuilt` equals `unit`.
 */
export function writeBack(ruleset: Ruleset, doc: Doc): { unit: Unit; entry: Record<string, Json> | Rejection; rebuilt?: Unit }[] {
  if (!ruleset.fileEntry) throw new Error(`${ruleset.id} has no fileEntry`);
  const state = ruleset.create(ruleset.encounterSchema.parse(doc));
  return state.unitOrder.map((id) => {
    const unit = state.units[id];
    const entry = ruleset.fileEntry!(unit, state);
    if (isRejection(entry)) return { unit, entry };
    const trial = { ...doc, units: doc.units.map((u) => (u.id === id ? entry : u)) };
    return { unit, entry, rebuilt: ruleset.create(ruleset.encounterSchema.parse(trial)).units[id] };
  });
}

/** The file's unit `from` as built, copied as a hand-made engine unit would be (new id, name, player, cell). */
export function copyOf(ruleset: Ruleset, doc: Doc, from: string, over: Partial<Unit>): Unit {
  const unit = structuredClone(ruleset.create(ruleset.encounterSchema.parse(doc)).units[from]);
  delete unit.hidden;
  return { ...unit, ...over };
}

/**
 * The fight: created from `doc`, started (seeded dice), the `before` commands, the unit added by the GM in
 * the engine's shape, the commands, the end.
 */
export function fightWithAdded(ruleset: Ruleset, doc: Doc, unit: Unit, commands: Command[] = [], { before = [], seed = 7 }: { before?: Command[]; seed?: number } = {}): EncounterLog {
  const log = new EncounterLog(createEngine(ruleset));
  log.create(ruleset.encounterSchema.parse(doc));
  const dice = seededSource(seed);
  const run = (c: Command) => {
    const r = log.execute(c, dice);
    if (!r.ok) throw new Error(`${c.type}: ${r.rejection.code}: ${r.rejection.message}`);
  };
  run({ type: 'start' });
  before.forEach(run);
  run({ type: 'gm.add_unit', unit: unit as unknown as Json });
  commands.forEach(run);
  if (log.state.status !== 'ended') run({ type: 'end_combat', outcome: 'victory', reason: 'the fight is over' });
  return log;
}
