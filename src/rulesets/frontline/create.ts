/** Builds the initial encounter state from a validated frontline file: three zones, 20 m apart (FRL-ZONE-1). */
import { newEncounter, sidePoliciesOf, type EncounterState, type Json, type Unit, type ZoneMap } from '../../engine/index.ts';
import { mapImageFrom } from '../../engine/space/map-file.ts';
import { affinityWords, type Affinity, type DamageType, type EncounterDoc, type UnitDoc } from './schema.ts';
import { ZONE_SPACING, ZONES, type FrlData } from './model.ts';
import { resolveRefs } from '../../engine/content.ts';

function buildUnit(doc: EncounterDoc, u: UnitDoc, playerSide: string): Unit {
  const weapons = resolveRefs(u.weapons, doc.content.weapons);
  const affinities: Partial<Record<DamageType, Affinity>> = {};
  for (const [type, a] of Object.entries(u.affinities)) affinities[type as DamageType] = affinityWords[a];
  const data: FrlData = {
    mods: {
      might: u.modifiers.might,
      dexterity: u.modifiers.dexterity,
      personality: u.modifiers.personality,
      dodge: u.modifiers.dodge ?? u.modifiers.dexterity,
      defense: u.defense,
    },
    affinities,
    weapons,
    gadgets: resolveRefs(u.gadgets, doc.content.gadgets),
    streams: resolveRefs(u.streams, doc.content.streams),
    used: {},
    battlescars: u.battlescars,
  };
  const equipped = u.equipped ?? weapons[0]?.id;
  if (equipped !== undefined) data.equipped = equipped;
  if (u.evasion !== undefined) data.evasion = u.evasion;
  if (u.gmNotes) data.gmNotes = u.gmNotes;
  const rearguard = u.side === playerSide ? 'allies_rearguard' : 'enemy_rearguard';
  const unit: Unit = {
    id: u.id,
    name: u.name,
    side: u.side,
    status: u.startHp === 0 ? 'down' : 'active',
    stats: {},
    pools: { hp: { value: u.startHp ?? u.hp, max: u.hp } },
    zone: u.start === 'rearguard' ? rearguard : 'frontline',
    data: data as unknown as Record<string, Json>,
  };
  if (u.controller) unit.controller = u.controller;
  if (u.policy) unit.policy = u.policy;
  if (u.hidden) unit.hidden = true;
  return unit;
}

export function createState(doc: EncounterDoc): EncounterState {
  const sideIds = Object.keys(doc.sides);
  const playerSide = sideIds.find((s) => doc.sides[s].players) ?? sideIds[0];
  const map: ZoneMap = { kind: 'zones', zones: [...ZONES], spacing: ZONE_SPACING, ...(doc.map?.image ? { image: mapImageFrom(doc.map.image) } : {}) };
  const units: Record<string, Unit> = {};
  for (const u of doc.units) units[u.id] = buildUnit(doc, u, playerSide);
  const sidePolicies = sidePoliciesOf(doc.sides);
  return newEncounter({
    ...(sidePolicies ? { sidePolicies } : {}),
    ruleset: 'frontline',
    name: doc.name,
    units,
    unitOrder: doc.units.map((u) => u.id),
    // the characters' side first, so ties and listings read heroes-first
    sides: [playerSide, ...sideIds.filter((s) => s !== playerSide)],
    map,
    data: { playerSide, initiative: doc.initiative },
  });
}
