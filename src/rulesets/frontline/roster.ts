/**
 * A frontline unit written as the encounter file writes one (`Ruleset.fileEntry`), so the roster can carry
 * a unit the GM added in the engine's shape. Weapons, gadgets and streams go inline, so the entry needs no
 * `content` of its own. What the fight changes (device uses, affinities shown) is not written, nor is
 * Hidden: how it entered that fight, not who it is.
 */
import { entryHead, entryNotes, isRejection, notWritable, parseEntry, plainEntry, type EncounterState, type Json, type Rejection, type Unit } from '../../engine/index.ts';
import { dataOf, rearguardOf } from './model.ts';
import { unitSchema } from './schema.ts';

export function fileEntry(unit: Unit, state: EncounterState): Record<string, Json> | Rejection {
  const d = dataOf(unit);
  const hp = unit.pools.hp;
  if (!hp) return notWritable(`a frontline file gives every unit hit points; ${unit.name} has no hp pool`, 'pools.hp');
  if (d.equipped !== undefined && !d.weapons.some((w) => w.id === d.equipped)) {
    return notWritable(`a frontline file equips a unit only with one of its own weapons; ${unit.name} holds "${d.equipped}"`, 'data.equipped');
  }
  const entry = plainEntry({
    ...entryHead(unit),
    // where it starts, as a file can say it: its own rearguard, or the frontline (a place, not who it is:
    // one the GM dropped into the enemy's rearguard starts the next fight in the frontline)
    start: unit.zone === rearguardOf(state, unit.side) ? 'rearguard' : 'frontline',
    hp: hp.max,
    ...(hp.value < hp.max ? { startHp: hp.value } : {}),
    defense: d.mods.defense,
    // Dodge is Dexterity unless the file says otherwise
    modifiers: { might: d.mods.might, dexterity: d.mods.dexterity, personality: d.mods.personality, ...(d.mods.dodge !== d.mods.dexterity ? { dodge: d.mods.dodge } : {}) },
    ...(d.evasion !== undefined ? { evasion: d.evasion } : {}),
    affinities: d.affinities,
    weapons: d.weapons,
    ...(d.equipped !== undefined ? { equipped: d.equipped } : {}),
    gadgets: d.gadgets,
    streams: d.streams,
    battlescars: d.battlescars,
    ...entryNotes(unit.data),
  });
  const read = parseEntry(unitSchema, entry);
  return isRejection(read) ? read : entry;
}
