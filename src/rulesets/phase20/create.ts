/** Builds the initial encounter state from a validated phase20 file. */
import { newEncounter, sidePoliciesOf, type EncounterState, type Json, type Unit } from '../../engine/index.ts';
import { gridMapFrom } from '../../engine/space/map-file.ts';
import type { EncounterDoc, Spell, UnitDoc, Weapon } from './schema.ts';
import type { P20Data } from './model.ts';
import { resolveRefs } from '../../engine/content.ts';

function buildUnit(doc: EncounterDoc, u: UnitDoc): Unit {
  const data: P20Data = {
    dv: u.dv,
    speed: u.speed,
    mods: u.modifiers,
    weapons: resolveRefs<Weapon>(u.weapons, doc.content.weapons),
    spells: resolveRefs<Spell>(u.spells, doc.content.spells),
    skilled: u.skilled,
    classBonus: u.classBonus,
    actionBudget: u.actions,
    followUps: u.followUps,
    prep: { state: 'none' },
    noMoreAttacks: false,
    exhausted: false,
    followUpsLeft: [],
  };
  if (u.role) data.role = u.role;
  if (u.gmNotes) data.gmNotes = u.gmNotes;
  const unit: Unit = {
    id: u.id,
    name: u.name,
    side: u.side,
    status: u.startHp === 0 ? 'down' : 'active',
    stats: { ...u.attributes },
    pools: {
      hp: { value: u.startHp ?? u.hp, max: u.hp },
      actions: { value: 0, max: u.actions.default },
      attackActions: { value: 0, max: u.actions.attack },
      spellActions: { value: 0, max: u.actions.spell },
      movement: { value: 0, max: u.speed * 4 },
    },
    position: { x: u.at[0], y: u.at[1] },
    data: data as unknown as Record<string, Json>,
  };
  if (u.controller) unit.controller = u.controller;
  if (u.policy) unit.policy = u.policy;
  if (u.hidden) unit.hidden = true;
  if (u.facing) unit.facing = u.facing;
  return unit;
}

export function createState(doc: EncounterDoc): EncounterState {
  const map = gridMapFrom(doc.map);
  const units: Record<string, Unit> = {};
  for (const u of doc.units) units[u.id] = buildUnit(doc, u);
  const sides = [...new Set(doc.units.map((u) => u.side))];
  const declared = Object.entries(doc.sides).filter(([, s]) => s.players).map(([id]) => id);
  const sidePolicies = sidePoliciesOf(doc.sides);
  return newEncounter({
    ...(sidePolicies ? { sidePolicies } : {}),
    ruleset: 'phase20',
    name: doc.name,
    units,
    unitOrder: doc.units.map((u) => u.id),
    sides,
    map,
    data: { playerSides: declared.length ? declared : [sides[0]], roles: doc.roles as Json },
  });
}
