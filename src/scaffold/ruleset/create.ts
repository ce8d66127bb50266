/** A validated encounter file → the initial state (round 0, nothing rolled). */
import { newEncounter, sidePoliciesOf, type EncounterState, type Unit } from '../../engine/index.ts';
import { gridMapFrom } from '../../engine/space/map-file.ts';
import { asJson, type SkeletonData } from './model.ts';
import type { EncounterDoc, UnitDoc } from './schema.ts';

function buildUnit(u: UnitDoc): Unit {
  const data: SkeletonData = { attack: u.attack, defence: u.defence, damage: u.damage };
  if (u.gmNotes) data.gmNotes = u.gmNotes;
  const unit: Unit = {
    id: u.id,
    name: u.name,
    side: u.side,
    status: 'active',
    stats: { attack: u.attack, defence: u.defence },
    // movement is refilled at the start of each of its turns (SKEL-MOVE-1); one attack a turn (SKEL-ATK-4)
    pools: { hp: { value: u.hp, max: u.hp }, movement: { value: 0, max: u.speed } },
    position: { x: u.at[0], y: u.at[1] },
    data: asJson(data),
  };
  if (u.controller) unit.controller = u.controller;
  if (u.policy) unit.policy = u.policy;
  if (u.hidden) unit.hidden = true;
  return unit;
}

export function createState(doc: EncounterDoc): EncounterState {
  const units: Record<string, Unit> = {};
  for (const u of doc.units) units[u.id] = buildUnit(u);
  const sidePolicies = sidePoliciesOf(doc.sides);
  return newEncounter({
    ruleset: 'skeleton',
    name: doc.name,
    units,
    unitOrder: doc.units.map((u) => u.id),
    sides: [...new Set(doc.units.map((u) => u.side))],
    map: gridMapFrom(doc.map),
    ...(sidePolicies ? { sidePolicies } : {}),
  });
}
