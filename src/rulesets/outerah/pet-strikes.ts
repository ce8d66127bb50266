/**
 * A trainer's attack orders to a pet (OUT-PET-2, OUT-PET-3): the pet alone, trainer and pet together, or a
 * Skill Order — as typed facts in the listing's order, and the one builder of each option. The listing
 * (petOptions) builds an option of every fact; the aggressive policy asks for the first together (else the
 * first Skill Order, else the first lone attack) and builds that one alone (issue 40, point 3).
 */
import type { ActionOption, EncounterState, Unit } from '../../engine/index.ts';
import { trainerAttacked } from './interference.ts';
import { distance } from '../../engine/space/grid.ts';
import { dataOf, heightOf } from './model.ts';
import { isPincer } from './pet-link.ts';
import { orderBlocker } from './pet-orders.ts';
import { turnKey } from './pets.ts';
import { outOfReachAnyHeight, rangeAt, reachOf } from './ranges.ts';
import type { Skill } from './schema.ts';
import { castOpen } from './skills.ts';
import { skillSpec, weaponSpec } from './spec.ts';
import { attackerBlocker, shotBars, targetBars } from './targeting.ts';
import { hasSlot } from './turn.ts';
import { foesOf, type Field } from './field.ts';

export type PetStrikeKind = 'alone' | 'together' | 'skill';

/**
 * Each attack order `u` may give `pet` now (its attack orders not barred: orderBlocker), target by target in
 * unit order: the pet alone, then together with the trainer's main weapon, then each Skill Order. `visit` gets
 * the kind, the target, the shot's range (alone, together; 0 for a Skill Order) and the skill; it returns true
 * to stop (then so does this). attackBlocker in its parts: the pet's and the trainer's own asked once. `field`:
 * the decision's units and foes gathered once (field.ts), `units` its list, when the caller has them.
 */
export function eachPetStrike(state: EncounterState, u: Unit, pet: Unit, units: readonly Unit[], visit: (kind: PetStrikeKind, t: Unit, range: number, k?: Skill) => boolean | void, field?: Field): boolean {
  const w = dataOf(pet).weapons[0];
  const petFree = w !== undefined && !attackerBlocker(state, pet);
  if (!petFree) return false;
  const key = turnKey(state);
  const mine = dataOf(u).weapons.find((x) => x.hand === 'main') ?? dataOf(u).weapons[0];
  const petSpec = weaponSpec(w);
  const mineSpec = mine && weaponSpec(mine);
  let trainerFree: boolean | undefined;
  // the trainer's attack skills castBlocker could let through, each with its strike: its tests that read no
  // target asked once (castOpen, attackerBlocker), per target only attackBlocker's wordless parts
  const skillOrders = dataOf(u).skills.filter((k) => k.kind === 'attack' && castOpen(u, k)).map((k) => ({ k, spec: skillSpec(k) }));
  if (skillOrders.length && attackerBlocker(state, u)) skillOrders.length = 0;
  // the shots' numbers as reachOf gives them, without its words: each one's height asked once
  const petAbove = heightOf(state, pet);
  let above: number | undefined;
  // targetBars' answers by unit number, when the decision gathered them (field.ts: `units` is its list then)
  const petFoes = field && foesOf(field, pet).strike;
  const myFoes = field && foesOf(field, u).strike;
  for (let j = 0; j < units.length; j++) {
    const t = units[j];
    if (petFoes ? petFoes[j] === 0 : targetBars(state, pet, t)) continue;
    // out of a short weapon's reach, whatever the heights: nothing else is asked of that target
    const apart = distance(pet.position!, t.position!);
    if (outOfReachAnyHeight(petSpec.range, apart)) continue;
    const below = heightOf(state, t);
    const petReach = { range: rangeAt(petSpec.range, petAbove - below), distance: apart }; // the shot's, and the option's range
    if (shotBars(state, pet, t, petSpec, petReach)) continue;
    if (visit('alone', t, petReach.range)) return true;
    if (mine && hasSlot(u, mine.hand === 'off' ? 'secondary' : 'primary') && dataOf(u).attackedTurn !== key && dataOf(u).petAttackedTurn !== key && (trainerFree ??= !attackerBlocker(state, u)) && (myFoes ? myFoes[j] === 1 : !targetBars(state, u, t))) {
      const reach = { range: rangeAt(mineSpec!.range, (above ??= heightOf(state, u)) - below), distance: distance(u.position!, t.position!) };
      if (!shotBars(state, u, t, mineSpec!, reach) && visit('together', t, reach.range)) return true;
    }
    for (const { k, spec } of skillOrders) {
      if ((myFoes ? myFoes[j] === 1 : !targetBars(state, u, t)) && !shotBars(state, u, t, spec) && visit('skill', t, 0, k)) return true;
    }
  }
  return false;
}

/** The option of one attack order (the listing's and the policy's, one builder). */
export function petStrikeOption(state: EncounterState, u: Unit, pet: Unit, kind: PetStrikeKind, t: Unit, range: number, k?: Skill): ActionOption {
  // each command a literal (no spread of a shared base): the same keys in the same order
  if (kind === 'alone') {
    // after the trainer's own attack the lone order bears the interference (ruling OUT-PET-3)
    return { command: { type: 'pet', actor: u.id, pet: pet.id, order: 'attack', target: t.id }, label: `${pet.name}: Attack Order on ${t.name}${trainerAttacked(state, u) ? ' (Trainer Interference)' : ''}`, group: 'attack', range, targets: [t.id] };
  }
  if (kind === 'together') {
    const mine = dataOf(u).weapons.find((x) => x.hand === 'main') ?? dataOf(u).weapons[0];
    return { command: { type: 'pet', actor: u.id, pet: pet.id, order: 'attack', target: t.id, together: true, weapon: mine.id }, label: `${u.name} and ${pet.name} attack ${t.name} together${isPincer(u, pet, t) ? ' (pincer)' : ''}`, group: 'attack', range, targets: [t.id] };
  }
  return { command: { type: 'pet', actor: u.id, pet: pet.id, order: 'skill', skill: k!.id, target: t.id }, label: `${u.name} and ${pet.name}: Skill Order ${k!.name} on ${t.name}`, group: 'attack', range: reachOf(state, u, t, k!.range).range, targets: [t.id] };
}

/** One attack order as typed facts (what eachPetStrike visits, and the pet it is given to). */
export interface PetStrike {
  pet: Unit;
  kind: PetStrikeKind;
  t: Unit;
  range: number;
  k?: Skill;
}

/** The option of an attack order given as facts (petStrikeOption). */
export const petStrikeOf = (state: EncounterState, u: Unit, s: PetStrike): ActionOption => petStrikeOption(state, u, s.pet, s.kind, s.t, s.range, s.k);

/**
 * What the aggressive policy sends its pets in with, of the orders the listing has (in its order), as facts: the
 * first attack together, else the first Skill Order (`together`); and the first lone attack (`alone`). No option
 * is built: the policy builds the one it takes (petStrikeOf).
 */
export function petStrikeFacts(state: EncounterState, u: Unit, pets: readonly Unit[], units: readonly Unit[], field?: Field): { together?: PetStrike; alone?: PetStrike } {
  let skill: PetStrike | undefined;
  let alone: PetStrike | undefined;
  for (const pet of pets) {
    if (orderBlocker(state, u, pet, 'attack')) continue;
    let together: PetStrike | undefined;
    eachPetStrike(state, u, pet, units, (kind, t, range, k) => {
      if (kind === 'together') together = { pet, kind, t, range };
      else if (kind === 'skill') skill ??= { pet, kind, t, range, k };
      else alone ??= { pet, kind, t, range };
      return together !== undefined;
    }, field);
    if (together) return { together };
  }
  return { together: skill, alone };
}

/** petStrikeFacts' choice with its options built: what the listing's pet orders give (tested). */
export function petStrikeChoice(state: EncounterState, u: Unit, pets: readonly Unit[], units: readonly Unit[]): { together?: ActionOption; alone?: ActionOption } {
  const { together, alone } = petStrikeFacts(state, u, pets, units);
  return { together: together && petStrikeOf(state, u, together), alone: alone && petStrikeOf(state, u, alone) };
}
