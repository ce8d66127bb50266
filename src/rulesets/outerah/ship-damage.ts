/**
 * Attacking an airship's sections (OUT-SHIP-1). `attack_ship { actor, ship, section, weapon | skill }`.
 * Rulings: a section does not dodge — the hit check is D100 ≤ 50 + Charisma (Agility 0, no facing), after
 * the usual critical check; the damage is the attack's dice + Strength (Intelligence for magic) + upgrades,
 * with no Vitality or Wisdom to reduce it, × the section's charge (Hull Super, Mast Minus, Propeller Hyper,
 * Deck Plus), × Hyper if all three masts are down, × the attacker's own charges, × 2 on a critical.
 * What a destroyed section does:
 *  - Hull: the ship is wrecked and its stations are gone; in the sky it falls: those on deck on wings (their own,
 *    or their mount's) fly on in the fight; everyone else, and everyone below deck, takes fall damage for its
 *    altitude and is out of the battle (ruling: status fled — far below); in space its gravity field is gone
 *    and those aboard are out in space (ruling: no drift);
 *  - Mast: −1 ship Movement each; the crew's attacks take Minus Charge; all three: Hyper Charge at the ship;
 *  - Propeller: ruling: the ship's Movement is halved (the text gives no effect);
 *  - Wings: −1 altitude at every round's end; steering ×0.75 (Minus Charge);
 *  - Deck: the crew on deck cannot attack (at half HP or less: Minus Charge, ship-model crewCharges).
 */
import { fail, type Command, type EncounterState, type Resolution, type Term, type Unit } from '../../engine/index.ts';
import { chargeFactor, chargesFor, chargeTerms, type Charge } from './charges.ts';
import { fallDamage } from './falls.ts';
import { dataOf, flies, stat } from './model.ts';
import { riddenMount } from './mount-model.ts';
import { aboard, crewBlocker, distanceToShip, isBelowDeck, lost, SECTION_CHARGE, sectionOf, shipsOf, type Section, type Ship } from './ship-model.ts';
import { skillOf } from './skills.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';
import { surroundings } from './terrain.ts';
import { hasSlot, spendSlot } from './turn.ts';
import { weaponOf, slotOfWeapon } from './attack.ts';

/** Charges on an attack at a section: its own, and Hyper at a ship that lost all three masts. */
export function sectionCharges(ship: Ship, section: Section): Charge[] {
  const out: Charge[] = [];
  const own = SECTION_CHARGE[section.kind];
  if (own) out.push({ charge: own, why: section.name });
  if (lost(ship, 'mast') === 3) out.push({ charge: 'hyper', why: 'all three masts down' });
  return out;
}

export function shipOrFail(state: EncounterState, id: unknown): Ship {
  const ship = typeof id === 'string' ? shipsOf(state)[id] : undefined;
  if (!ship) fail('ship/unknown', `there is no ship "${String(id)}"`, 'ship');
  if (ship.wrecked) fail('ship/wrecked', `${ship.name} is a wreck`, 'ship');
  return ship;
}

export function sectionOrFail(ship: Ship, id: unknown): Section {
  const s = typeof id === 'string' ? sectionOf(ship, id) : undefined;
  if (!s) fail('ship/unknown_section', `${ship.name} has no section "${String(id)}" (hull, mast1..3, propeller, wings, deck)`, 'section');
  if (s.hp <= 0) fail('ship/section_destroyed', `${ship.name}'s ${s.name} is already destroyed`, 'section');
  return s;
}

/** Damage a section; at 0 HP its loss takes effect. Returns the damage dealt. */
export function damageSection(ctx: Resolution, ship: Ship, section: Section, amount: number, source?: string): number {
  const hp = Math.max(0, section.hp - amount);
  ctx.emit({ type: 'outerah:ship.damaged', ship: ship.id, section: section.id, amount: section.hp - hp, hp, ...(source ? { source } : {}) });
  if (hp === 0) sectionLost(ctx, shipsOf(ctx.state)[ship.id], section);
  return section.hp - hp;
}

function sectionLost(ctx: Resolution, ship: Ship, section: Section): void {
  if (section.kind === 'hull') return wreck(ctx, ship);
  if (section.kind === 'mast') {
    const n = lost(ship, 'mast');
    ctx.note(() => `${ship.name}'s ${section.name} is destroyed: Movement −${n}, the crew's attacks take Minus Charge${n === 3 ? '; with all three masts down, attacks at the ship take Hyper Charge' : ''} [OUT-SHIP-1]`);
  } else if (section.kind === 'propeller') ctx.note(() => `${ship.name}'s Propeller is destroyed: its Movement is halved [OUT-SHIP-1]`);
  else if (section.kind === 'wings') ctx.note(() => `${ship.name}'s Wings are destroyed: it sinks 1 level every round, and steering takes a Minus Charge [OUT-SHIP-1]`);
  else ctx.note(() => `${ship.name}'s Deck is destroyed: the crew on deck can no longer attack [OUT-SHIP-1]`);
}

/**
 * The Hull lost: the ship is a wreck (ruling OUT-SHIP-1), and its stations go with it — the cannon zones were in
 * the Hull, so no one is below deck any more. In the sky it falls at once: whoever is on deck and on wings takes
 * wing and flies on in the fight where it stood, as a catapulted or shoved flier does (OUT-SHIP-2, OUT-SPACE-1) —
 * a rider on a winged mount with it, and a winged rider whose mount has no wings lets the mount fall from under
 * it; everyone else, and everyone below deck (a sprint from the deck, and the ship does not wait: no room to
 * spread wings in the hold), falls with the ship: fall damage for its altitude, then out of the battle (fled).
 * In space nothing falls: the ship's gravity field is gone with it (terrain inGravity), so those aboard are out
 * in space, Movement halved; nothing shoved them, so they do not drift (ruling OUT-SPACE-1).
 */
function wreck(ctx: Resolution, ship: Ship): void {
  const crew = aboard(ctx.state, ship);
  // who rides what and who is below deck, before anyone is gone
  const mountOf = new Map(crew.map((u) => [u.id, riddenMount(ctx.state, u)]));
  const below = new Set(crew.filter(isBelowDeck).map((u) => u.id));
  const place = surroundings(ctx.state);
  // the cause first, then the wreck and what it takes with it
  if (place === 'sky') ctx.note(() => `${ship.name}'s Hull is destroyed: the airship falls out of the air from altitude ${ship.altitude} [OUT-SHIP-1]`);
  else ctx.note(() => `${ship.name}'s Hull is destroyed${below.size ? ': the crew below deck come out among the wreckage' : ''} [OUT-SHIP-1]`);
  ctx.emit({ type: 'outerah:ship.set', ship: ship.id, key: 'wrecked', value: true });
  for (const u of crew) if (dataOf(u).station) ctx.setData(u.id, 'station', undefined);
  if (place !== 'sky') {
    if (place === 'space' && crew.length) ctx.note(() => `${ship.name}'s gravity field is gone with its Hull: ${crew.map((u) => u.name).join(', ')} ${crew.length === 1 ? 'is' : 'are'} out in space, Movement halved; nothing shoved them, so they do not drift [OUT-SHIP-1, OUT-SPACE-1]`);
    return;
  }
  const carried = new Set([...mountOf.values()].filter((m): m is Unit => m !== undefined).map((m) => m.id));
  for (const u of crew) {
    if (carried.has(u.id)) continue; // it goes as its rider goes, just after it
    const mount = mountOf.get(u.id);
    const pinned = below.has(u.id) ? `below deck in ${ship.name}` : undefined;
    if (!pinned && flies(mount ?? u)) {
      ctx.note(() => (mount ? `${u.name} rides ${mount.name} up off the falling ${ship.name}: they fly on [OUT-SHIP-1, OUT-MNT-1]` : `${u.name} takes wing as ${ship.name} falls away: it flies on [OUT-SHIP-1, OUT-SPACE-1]`));
      continue;
    }
    if (mount && !pinned && flies(u)) {
      // ruling OUT-MNT-1: the mount cannot fly; its winged rider is no longer carried
      ctx.setData(u.id, 'mount', { unit: mount.id, state: 'beside' });
      ctx.note(() => `${mount.name} has no wings and falls with ${ship.name} from under ${u.name}, who takes wing and flies on [OUT-SHIP-1, OUT-MNT-1]`);
    } else goDown(ctx, ship, u, pinned);
    if (mount) goDown(ctx, ship, mount, pinned);
  }
}

/** One of those going down with the falling ship: fall damage for its altitude (none for one already down), then out of the battle. */
function goDown(ctx: Resolution, ship: Ship, u: Unit, pinned: string | undefined): void {
  const was = ctx.unit(u.id).status;
  if (was === 'active' || was === 'down') fallDamage(ctx, ctx.unit(u.id), ship.altitude, 'OUT-SHIP-1', `${ship.name} falls`, pinned);
  const now = ctx.unit(u.id);
  if (now.status === 'active' || now.status === 'down') ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: `fell with ${ship.name}`, rule: 'OUT-SHIP-1' });
}

/** The hit check against a section and, on a hit, the damage (`dice`: its notation); shared by hand weapons and cannons. */
export function strikeSection(ctx: Resolution, u: Unit, ship: Ship, section: Section, spec: StrikeSpec, dice: string): number {
  const cha = stat(u, 'charisma');
  const c = ctx.roll(100, 'critical check');
  const crit = c <= dataOf(u).crit;
  ctx.check(() => ({ label: `critical check (${spec.name})`, terms: [{ kind: 'dice', label: 'D100', faces: [c], value: c }], total: c, against: { op: '<=', value: dataOf(u).crit, name: 'crit' }, outcome: crit ? 'critical hit' : 'no critical', rules: ['OUT-HIT-2'] }), u.id);
  if (!crit) {
    const h = ctx.roll(100, 'hit check');
    const threshold = 50 + cha;
    const hit = h <= threshold;
    ctx.check(() => ({ label: `hit check (${spec.name} at ${ship.name}'s ${section.name})`, terms: [{ kind: 'dice', label: 'D100', faces: [h], value: h }], total: h, against: { op: '<=', value: threshold, terms: [{ kind: 'mod', name: 'even odds', value: 50 }, { kind: 'mod', name: 'Charisma', value: cha }, { kind: 'note', text: 'a ship does not dodge' }] }, outcome: hit ? 'hit' : 'miss', rules: ['OUT-HIT-1', 'OUT-SHIP-1'] }), u.id);
    if (!hit) return 0;
  }
  const charges = [...sectionCharges(ship, section), ...chargesFor(ctx.state, u, u, []).filter((x) => x.why !== 'Opener')];
  const label = `${spec.name} damage`;
  let value: number;
  let terms: Term[] = [];
  if (!ctx.logging) {
    // no log: the same dice drawn under the same label, the same sum and products, without the terms
    value = ctx.rollTotal(dice, label) + (spec.noStatBonus ? 0 : stat(u, spec.magical ? 'intelligence' : 'strength')) + spec.upgrades;
    if (spec.flat) for (const f of spec.flat) value += f.value;
    value *= chargeFactor(charges);
    if (crit) value *= 2;
    if (spec.factors) for (const f of spec.factors) value *= f.factor;
  } else {
    terms = [ctx.rollNotation(dice, label).term];
    if (spec.noStatBonus) terms.push({ kind: 'note', text: `no Strength: ${spec.noStatBonus}` });
    else terms.push({ kind: 'mod', name: spec.magical ? 'Intelligence' : 'Strength', value: stat(u, spec.magical ? 'intelligence' : 'strength') });
    if (spec.upgrades) terms.push({ kind: 'mod', name: 'weapon upgrades', value: spec.upgrades });
    for (const f of spec.flat ?? []) terms.push({ kind: 'mod', name: f.name, value: f.value });
    value = terms.reduce((s, t) => s + (t.kind === 'mod' || t.kind === 'dice' ? t.value : 0), 0);
    terms.push(...chargeTerms(charges));
    value *= chargeFactor(charges);
    if (crit) {
      terms.push({ kind: 'mult', name: 'critical', factor: 2 });
      value *= 2;
    }
    for (const f of spec.factors ?? []) {
      terms.push({ kind: 'mult', name: f.name, factor: f.factor });
      value *= f.factor;
    }
  }
  const damage = Math.max(0, Math.floor(value));
  ctx.check(() => ({ label: `damage (${spec.name} at ${ship.name}'s ${section.name})`, terms, total: damage, outcome: `${damage} damage`, rules: ['OUT-SHIP-1', ...(charges.length ? ['OUT-CHG-1'] : [])] }), u.id);
  return damageSection(ctx, ship, section, damage, u.id);
}

export function attackShipCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const ship = shipOrFail(ctx.state, cmd.ship);
  const section = sectionOrFail(ship, cmd.section);
  if (ship.side === u.side) fail('action/bad_target', `${ship.name} is on ${u.name}'s side`, 'ship');
  const skill = cmd.skill !== undefined ? skillOf(u, cmd.skill) : undefined;
  if (skill && skill.kind !== 'attack') fail('action/bad_skill', `${skill.name} is not an attack skill`, 'skill');
  const w = skill ? undefined : weaponOf(u, cmd.weapon);
  const spec = skill ? skillSpec(skill) : weaponSpec(w!);
  const slot = skill ? skill.action : slotOfWeapon(w!);
  if (!hasSlot(u, slot)) fail('action/slot_used', `${u.name} has used its ${slot} action`);
  const crew = crewBlocker(ctx.state, u);
  if (crew) fail('action/crew', crew);
  const dist = distanceToShip(ship, u.position!);
  if (dist > spec.range) fail('action/out_of_range', `${ship.name} is ${dist} cells away; ${spec.name} reaches ${spec.range}`, 'ship');
  spendSlot(ctx, u, slot);
  strikeSection(ctx, u, ship, section, spec, spec.dice ?? '1d4');
}
