/**
 * A phase20 unit written as the encounter file writes one (`Ruleset.fileEntry`), so the roster can carry
 * a unit the GM added in the engine's shape. Weapons and spells go inline, so the entry needs no
 * `content` of its own. What the fight changes (preparation, Brace, actions left) is not written: a
 * character is its numbers and gear. Hidden is how it entered that fight, not who it is: left out too.
 */
import { cellOf, derivedPools, entryHead, entryNotes, isRejection, notWritable, parseEntry, plainEntry, type EncounterState, type Json, type Rejection, type Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { unitSchema } from './schema.ts';

export function fileEntry(unit: Unit, _state: EncounterState): Record<string, Json> | Rejection {
  const d = dataOf(unit);
  const at = cellOf(unit);
  if (!at) return notWritable(`a phase20 file puts every unit on a cell; ${unit.name} has none`, 'position');
  const hp = unit.pools.hp;
  if (!hp) return notWritable(`a phase20 file gives every unit hit points; ${unit.name} has no hp pool`, 'pools.hp');
  const entry = plainEntry({
    ...entryHead(unit),
    at,
    ...(unit.facing ? { facing: unit.facing } : {}),
    hp: hp.max,
    ...(hp.value < hp.max ? { startHp: hp.value } : {}),
    dv: d.dv,
    speed: d.speed,
    attributes: unit.stats,
    modifiers: d.mods,
    actions: d.actionBudget,
    followUps: d.followUps,
    classBonus: d.classBonus,
    skilled: d.skilled,
    weapons: d.weapons,
    spells: d.spells,
    ...(d.role ? { role: d.role } : {}),
    ...entryNotes(unit.data),
  });
  const read = parseEntry(unitSchema, entry);
  if (isRejection(read)) return read;
  // create derives these pools from the entry's numbers
  return (
    derivedPools('phase20', unit, {
      actions: [read.actions.default, 'actions.default'],
      attackActions: [read.actions.attack, 'actions.attack'],
      spellActions: [read.actions.spell, 'actions.spell'],
      movement: [read.speed * 4, `speed ${read.speed} × 4`],
    }) ?? entry
  );
}
