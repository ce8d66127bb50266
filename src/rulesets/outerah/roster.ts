/**
 * An outerah unit written as the encounter file writes one (`Ruleset.fileEntry`), so the roster can carry
 * a unit the GM added in the engine's shape. Weapons go inline as they were completed from their kind
 * (range, type and delivery written out), skills inline too; items stay named, as the file's
 * `content.items` must hold them. What the fight changes (the Speed rolled, the Trigger used) is not
 * written, nor is Hidden: how it entered that fight, not who it is. Registered in index.ts as `fileEntry`.
 */
import { cellOf, derivedPools, entryHead, entryNotes, isRejection, notWritable, parseEntry, plainEntry, type EncounterState, type Json, type Rejection, type Unit } from '../../engine/index.ts';
import { dataOf, itemsOf } from './model.ts';
import { unitSchema } from './schema.ts';

export function fileEntry(unit: Unit, state: EncounterState): Record<string, Json> | Rejection {
  const d = dataOf(unit);
  const at = cellOf(unit);
  if (!at) return notWritable(`an outerah file puts every unit on a cell; ${unit.name} has none`, 'position');
  const hp = unit.pools.hp;
  if (!hp) return notWritable(`an outerah file gives every unit hit points; ${unit.name} has no hp pool`, 'pools.hp');
  const unknown = Object.keys(d.items ?? {}).find((id) => !itemsOf(state).some((i) => i.id === id));
  if (unknown) return notWritable(`an outerah file names items from its content.items; ${unit.name} carries "${unknown}", which this encounter's content does not list`, `data.items.${unknown}`);
  const entry = plainEntry({
    ...entryHead(unit),
    class: d.class,
    level: d.level,
    at,
    ...(unit.facing ? { facing: unit.facing } : {}),
    ...(unit.elevation !== undefined ? { elevation: unit.elevation } : {}),
    hp: d.baseHp,
    ...(hp.value < hp.max ? { startHp: hp.value } : {}),
    stats: unit.stats,
    defense: d.defense,
    magicDefense: d.magicDefense,
    armor: d.armor,
    armorUpgrades: d.armorUpgrades,
    crit: d.crit,
    move: d.move,
    jump: d.jump,
    // the Speed it fought with, whether the class's or its own
    speed: d.baseSpeed,
    resist: d.resist,
    ...(d.boon ? { boon: d.boon } : {}),
    weapons: d.weapons,
    skills: d.skills,
    items: d.items,
    reactions: d.reactions,
    ...(d.reaction ? { reaction: d.reaction } : {}),
    trainer: d.trainer,
    size: d.size,
    swims: d.swims,
    // breath is a pool only where the map has water (OUT-TER-2)
    ...(unit.pools.breath ? { breath: unit.pools.breath.max } : {}),
    wings: d.wings,
    hookshot: d.hookshot,
    ...(d.pet ? { pet: d.pet } : {}),
    ...(d.mount ? { mount: d.mount } : {}),
    ...(d.station ? { station: d.station } : {}),
    ...entryNotes(unit.data),
  });
  const read = parseEntry(unitSchema, entry);
  if (isRejection(read)) return read;
  // create derives these pools from the entry's numbers (hp: Black&Blue lowers the maximum only in a fight)
  return (
    derivedPools('outerah', unit, {
      hp: [read.hp, 'hp'],
      movement: [read.move, 'move'],
      primary: [1, 'one action'],
      secondary: [1, 'one action'],
      chat: [1, 'one action'],
    }) ?? entry
  );
}
