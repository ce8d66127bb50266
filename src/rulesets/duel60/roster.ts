/**
 * A duel60 unit written as the encounter file writes one (`Ruleset.fileEntry`), so the roster can carry a
 * unit the GM added in the engine's shape. Weapons and abilities go inline (with the count of each weapon
 * it joined with), so the entry needs no `content` of its own. What the fight changes (a block stance,
 * an action owed) is not written. Registered in index.ts as `fileEntry`.
 */
import { cellOf, derivedPools, entryHead, entryNotes, isRejection, notWritable, parseEntry, plainEntry, type EncounterState, type Json, type Rejection, type Unit } from '../../engine/index.ts';
import { dataOf } from './model.ts';
import { unitSchema } from './schema.ts';

export function fileEntry(unit: Unit, _state: EncounterState): Record<string, Json> | Rejection {
  const d = dataOf(unit);
  const at = cellOf(unit);
  if (!at) return notWritable(`a duel60 file puts every unit on a tile; ${unit.name} has none`, 'position');
  const { hp, stamina, vitality } = unit.pools;
  if (!hp || !stamina || !vitality) return notWritable(`a duel60 file gives every unit Health, Stamina and Vitality pools; ${unit.name} lacks one`, 'pools');
  // the file says how much Health and Stamina a unit starts with, never Vitality
  if (vitality.value !== vitality.max) return notWritable(`a duel60 file starts every unit with full Vitality; ${unit.name} has ${vitality.value} of ${vitality.max}`, 'pools.vitality');
  // a unit that starts defenseless starts without stamina (D60-STA-2)
  if (hp.value === 0 && stamina.value !== 0) return notWritable(`a duel60 file starts a defenseless unit (Health 0) with no Stamina; ${unit.name} has ${stamina.value}`, 'pools.stamina');
  const start = { ...(hp.value < hp.max ? { health: hp.value } : {}), ...(hp.value > 0 && stamina.value < stamina.max ? { stamina: stamina.value } : {}) };
  const entry = plainEntry({
    ...entryHead(unit),
    at,
    ...(unit.facing ? { facing: unit.facing } : {}),
    stats: unit.stats,
    ...(Object.keys(start).length ? { start } : {}),
    // a perk with nothing but its name is written as the name, as files write it
    perks: d.perks.map((p) => (Object.keys(p).length === 1 ? p.name : p)),
    perTurn: d.perTurn,
    maxProjectiles: d.maxProjectiles,
    weapons: d.weapons,
    abilities: d.abilities,
    ...entryNotes(unit.data),
  });
  const read = parseEntry(unitSchema, entry);
  if (isRejection(read)) return read;
  // create derives every pool's maximum from the entry's numbers
  return (
    derivedPools('duel60', unit, {
      hp: [read.stats.health, 'Health'],
      stamina: [read.stats.stamina, 'Stamina'],
      vitality: [read.stats.vitality, 'Vitality'],
      action: [read.perTurn.actions, 'perTurn.actions'],
      movement: [read.perTurn.movements, 'perTurn.movements'],
    }) ?? entry
  );
}
