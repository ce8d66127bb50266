/** Builds the initial encounter state from a validated duel60 file (no dice). */
import { distance } from '../../engine/space/grid.ts';
import { facingToward } from '../../engine/space/facing.ts';
import { newEncounter, sidePoliciesOf, type EncounterState, type Json, type Unit } from '../../engine/index.ts';
import { gridMapFrom } from '../../engine/space/map-file.ts';
import type { D60Data, Perk } from './model.ts';
import type { Ability, EncounterDoc, UnitDoc, Weapon } from './schema.ts';
import { resolveRefs } from '../../engine/content.ts';

/** Default facing: toward the nearest enemy (ties: the first listed). */
function defaultFacing(doc: EncounterDoc, u: UnitDoc) {
  let best: UnitDoc | undefined;
  for (const o of doc.units) {
    if (o.side === u.side) continue;
    const d = distance({ x: u.at[0], y: u.at[1] }, { x: o.at[0], y: o.at[1] });
    if (!best || d < distance({ x: u.at[0], y: u.at[1] }, { x: best.at[0], y: best.at[1] })) best = o;
  }
  return best ? facingToward({ x: u.at[0], y: u.at[1] }, { x: best.at[0], y: best.at[1] }) : 'N';
}

/** A perk "saying otherwise" raises the file's number, never lowers it (D60-TURN-1, D60-ATK-3). */
const most = (own: number, perks: Perk[], of: (p: Perk) => number | undefined): number => Math.max(own, ...perks.map((p) => of(p) ?? own));

function buildUnit(doc: EncounterDoc, u: UnitDoc): Unit {
  const perks: Perk[] = u.perks.map((p) => (typeof p === 'string' ? { name: p } : { ...p }));
  const perTurn = { actions: most(u.perTurn.actions, perks, (p) => p.perTurn?.actions), movements: most(u.perTurn.movements, perks, (p) => p.perTurn?.movements) };
  const data: D60Data = {
    weapons: resolveRefs<Weapon>(u.weapons, doc.content.weapons).map((w) => ({ ...w })),
    abilities: resolveRefs<Ability>(u.abilities, doc.content.abilities),
    perks,
    maxProjectiles: most(u.maxProjectiles, perks, (p) => p.maxProjectiles),
    perTurn,
    blocking: null,
    averting: false,
    instantUsed: false,
    delayed: null,
    owesAction: false,
  };
  if (u.gmNotes) data.gmNotes = u.gmNotes;
  const s = u.stats;
  const health = u.start.health ?? s.health;
  const unit: Unit = {
    id: u.id,
    name: u.name,
    side: u.side,
    status: health === 0 ? 'down' : 'active',
    stats: { ...s },
    pools: {
      hp: { value: health, max: s.health },
      // a unit that starts defenseless has no stamina either (D60-STA-2)
      stamina: { value: health === 0 ? 0 : u.start.stamina ?? s.stamina, max: s.stamina },
      vitality: { value: s.vitality, max: s.vitality },
      action: { value: 0, max: perTurn.actions },
      movement: { value: 0, max: perTurn.movements },
    },
    position: { x: u.at[0], y: u.at[1] },
    facing: u.facing ?? defaultFacing(doc, u),
    data: data as unknown as Record<string, Json>,
  };
  if (u.controller) unit.controller = u.controller;
  if (u.hidden) unit.hidden = true;
  if (u.policy) unit.policy = u.policy;
  return unit;
}

export function createState(doc: EncounterDoc): EncounterState {
  const map = gridMapFrom(doc.map);
  const units: Record<string, Unit> = {};
  for (const u of doc.units) units[u.id] = buildUnit(doc, u);
  const sidePolicies = sidePoliciesOf(doc.sides);
  return newEncounter({
    ...(sidePolicies ? { sidePolicies } : {}),
    ruleset: 'duel60',
    name: doc.name,
    units,
    unitOrder: doc.units.map((u) => u.id),
    sides: [...new Set(doc.units.map((u) => u.side))],
    map,
    data: { projectiles: [], preEmptive: [] },
  });
}
