/** Builds the initial encounter state from a validated outerah file. */
import { newEncounter, sidePoliciesOf, type EncounterState, type GridMap, type Json, type Terrain, type Unit } from '../../engine/index.ts';
import { mapImageFrom, visionFrom } from '../../engine/space/map-file.ts';
import { classRow } from './classes.ts';
import { alignmentTable } from './elements.ts';
import type { OutData, Weapon } from './model.ts';
import type { EncounterDoc, Skill, UnitDoc, WeaponDoc } from './schema.ts';
import { WEAPON_KINDS } from './weapon-table.ts';
import { buildShip } from './ship-model.ts';
import { resolveRefs } from '../../engine/content.ts';

/** A weapon from the file with its kind's range, type and delivery (OUT-RNG-1, OUT-WPN-1). */
export function completeWeapon(w: WeaponDoc): Weapon {
  const kind = WEAPON_KINDS[w.kind];
  const objectType = w.object === 'pointed' ? 'piercing' : w.object === 'sharp' ? 'slashing' : w.object === 'heavy' ? 'bludgeon' : undefined;
  // a pointed object is thrown: it flies as a projectile (OUT-WPN-1)
  const thrown = w.kind === 'improvised' && w.object === 'pointed';
  const out: Weapon = {
    id: w.id,
    name: w.name,
    kind: w.kind,
    type: w.type ?? objectType ?? kind.type,
    element: w.element,
    range: w.range ?? (thrown ? 3 : kind.range),
    delivery: w.delivery ?? (thrown ? 'projectile' : kind.delivery),
    hand: w.hand,
    upgrades: w.upgrades,
    armorPiercing: w.armorPiercing,
    electric: w.electric,
  };
  if (w.damage) out.damage = w.damage;
  return out;
}

function buildUnit(doc: EncounterDoc, u: UnitDoc): Unit {
  const data: OutData = {
    class: u.class,
    level: u.level,
    defense: u.defense,
    magicDefense: u.magicDefense,
    armor: u.armor,
    armorUpgrades: u.armorUpgrades,
    crit: u.crit,
    move: u.move,
    jump: u.jump,
    baseSpeed: u.speed ?? classRow(doc.classes, u.class).speed,
    resist: u.resist,
    weapons: resolveRefs<WeaponDoc>(u.weapons, doc.content.weapons).map(completeWeapon),
    skills: resolveRefs<Skill>(u.skills, doc.content.skills),
    items: u.items,
    reactions: u.reactions,
    trainer: u.trainer,
    baseHp: u.hp,
    size: u.size,
    swims: u.swims,
    wings: u.wings,
    hookshot: u.hookshot,
  };
  if (u.pet) data.pet = u.pet.from ? { trainer: u.pet.trainer, kind: u.pet.kind, from: u.pet.from } : { trainer: u.pet.trainer, kind: u.pet.kind };
  // a standing order from the file: a Stay, or a Guard over its trainer (ruling OUT-PET-2)
  if (u.pet?.order) data.petOrder = u.pet.order;
  if (u.pet?.order === 'guard') data.guarding = u.pet.trainer;
  if (u.mount) data.mount = { ...u.mount };
  const rider = doc.units.find((r) => r.mount?.unit === u.id);
  if (rider) data.mountOf = rider.id;
  if (u.station) data.station = u.station;
  if (u.tameable) data.tameable = true;
  // a unit with a pet gets the Specialty action to command it (OUT-PET-1)
  const trainer = u.trainer || doc.units.some((p) => p.pet?.trainer === u.id);
  const water = doc.map.terrain.some((t) => t.tags.includes('water'));
  if (u.boon) data.boon = u.boon;
  const kinds = [...new Set(u.reactions.map((r) => r.kind))];
  if (u.reaction ?? kinds[0]) data.reaction = u.reaction ?? kinds[0];
  if (u.gmNotes) data.gmNotes = u.gmNotes;
  const unit: Unit = {
    id: u.id,
    name: u.name,
    side: u.side,
    status: rider?.mount?.state === 'unsummoned' ? 'removed' : u.startHp === 0 ? 'down' : 'active',
    stats: { ...u.stats },
    pools: {
      hp: { value: u.startHp ?? u.hp, max: u.hp },
      movement: { value: 0, max: u.move },
      primary: { value: 0, max: 1 },
      secondary: { value: 0, max: 1 },
      chat: { value: 0, max: 1 },
      ...(trainer ? { specialty: { value: 0, max: 1 } } : {}),
      // breath in rounds, only where there is water to hold it in (OUT-TER-2)
      ...(water ? { breath: { value: u.breath, max: u.breath } } : {}),
    },
    // a ridden mount stands under its rider; an unsummoned one is off the field (OUT-MNT-1)
    position: rider && rider.mount!.state === 'riding' ? { x: rider.at[0], y: rider.at[1] } : { x: u.at[0], y: u.at[1] },
    facing: u.facing,
    elevation: u.elevation,
    data: data as unknown as Record<string, Json>,
  };
  if (u.controller) unit.controller = u.controller;
  if (u.policy) unit.policy = u.policy;
  return unit;
}

export function createState(doc: EncounterDoc): EncounterState {
  const map: GridMap = { kind: 'grid', width: doc.map.width, height: doc.map.height, cells: {}, ...(doc.map.image ? { image: mapImageFrom(doc.map.image) } : {}), ...(doc.map.vision ? { vision: visionFrom(doc.map.vision) } : {}) };
  for (const t of doc.map.terrain) {
    const cell: Terrain = { tags: t.tags };
    if (t.cost !== undefined) cell.cost = t.cost;
    if (t.elevation !== undefined) cell.elevation = t.elevation;
    if (t.blocksMove !== undefined) cell.blocksMove = t.blocksMove;
    if (t.blocksSight !== undefined) cell.blocksSight = t.blocksSight;
    if (t.cover !== undefined) cell.cover = t.cover;
    if (t.material !== undefined) cell.material = t.material;
    const [x1, y1] = t.to ?? t.at;
    for (let x = Math.min(t.at[0], x1); x <= Math.max(t.at[0], x1); x++) {
      for (let y = Math.min(t.at[1], y1); y <= Math.max(t.at[1], y1); y++) {
        if (x < doc.map.width && y < doc.map.height) map.cells[`${x},${y}`] = { ...cell, tags: [...t.tags] };
      }
    }
  }
  const units: Record<string, Unit> = {};
  for (const u of doc.units) units[u.id] = buildUnit(doc, u);
  const sides = [...new Set(doc.units.map((u) => u.side))];
  const declared = Object.entries(doc.sides).filter(([, s]) => s.players).map(([id]) => id);
  // units hidden in the file start Hidden and unaware-of: their first attack is an Opener (OUT-OPEN-1)
  const effects = doc.units
    .filter((u) => u.hidden)
    .map((u, i) => ({ id: `fx-start${i}`, name: 'Hidden', categories: ['buff'], target: u.id, stacks: 1, data: { unaware: true, unseen: 0 } }));
  const sidePolicies = sidePoliciesOf(doc.sides);
  return newEncounter({
    ...(sidePolicies ? { sidePolicies } : {}),
    ruleset: 'outerah',
    name: doc.name,
    units,
    unitOrder: doc.units.map((u) => u.id),
    sides,
    effects,
    map,
    data: {
      settings: doc.settings as unknown as Json,
      items: doc.content.items as unknown as Json,
      classes: doc.classes as unknown as Json,
      alignments: alignmentTable(doc.alignments) as unknown as Json,
      playerSides: declared.length ? declared : [sides[0]],
      surroundings: doc.map.surroundings,
      ships: Object.fromEntries(doc.ships.map((s) => [s.id, buildShip(s)])) as unknown as Json,
    },
  });
}
