/**
 * The Pet option (OUT-PET-1..5): `{ type: 'pet', actor: trainer, pet, order, ... }`. The first order of a
 * turn spends the trainer's Specialty action and gives that pet one Pet Movement (its own Movement and
 * Jump) and one Pet Action.
 *  Pet Movement: `move` (to: a cell; a harmful destination — a `hazard` cell or a mountain jump — may be
 *    refused: D100 + Wisdom > 100, and a charmed pet that refuses breaks free), `return` (as close to the
 *    trainer as it can get).
 *  Pet Action: `attack` (target; alone, or `together: true` with the trainer's weapon attack: Trainer
 *    Interference), `stay` (counter-attacks when attacked), `skill` (the trainer's attack skill in sync with
 *    the pet's attack, no penalty, then the Spirit Link); `search`, `alert`, `guard` (target: a ward) are the
 *    Pet Actions that are not attacks (pet-watch.ts).
 * Ruling OUT-PET-3 (interference.ts): the joint order makes both attacks at once, each with its penalty; after
 * the trainer attacked alone the pet's lone attack bears the interference, and after a lone pet attack the
 * trainer's (the earlier attack stands as rolled).
 */
import { distance, hasTag, parseCellKey } from '../../engine/space/grid.ts';
import type { Reach } from '../../engine/space/path.ts';
import { fail, type Cell, type Command, type GridMap, type Json, type Resolution, type Unit } from '../../engine/index.ts';
import { weaponOf } from './attack.ts';
import { dataOf, hasEffect, stat } from './model.ts';
import { jumpsOn, parseCell, reachableCells, reachedOf, reachedTo, walk } from './move.ts';
import { fromReach, placeOf, wayTo } from './reached.ts';
import { interfered, latePincer, roundKey, trainerAttacked } from './interference.ts';
import { isPincer, linkSpirits } from './pet-link.ts';
import { alertOrder, guardable, guardOrder, searchOrder } from './pet-watch.ts';
import { petInfo, trainerOf, turnKey } from './pets.ts';
import { castBlocker, skillOf } from './skills.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';
import { resolveStrike } from './strike.ts';
import { attackBlocker, orFail, targetOf } from './targeting.ts';
import { react } from './triggers.ts';
import { hasSlot, spendSlot } from './turn.ts';

export const PET_ORDERS = ['move', 'return', 'attack', 'stay', 'skill', 'search', 'alert', 'guard'] as const;
export type PetOrder = (typeof PET_ORDERS)[number];

export interface PetTurn {
  key: string;
  pet: string;
  movement: boolean;
  action: boolean;
}


export function petTurnOf(ctx: { state: Resolution['state'] }, trainer: Unit): PetTurn | undefined {
  const t = dataOf(trainer).petTurn as PetTurn | undefined;
  return t && t.key === turnKey(ctx.state) ? t : undefined;
}

/** The pet's weapon strike: its first weapon (a pet-specific attack skill by `skill`). */
function petSpec(pet: Unit, skill: unknown): StrikeSpec {
  if (skill !== undefined) {
    const k = dataOf(pet).skills.find((x) => x.id === skill && x.kind === 'attack');
    if (k) return skillSpec(k);
  }
  return weaponSpec(weaponOf(pet, undefined));
}

/** Why `trainer` cannot give `pet` the order now, or null (shared with legalActions). */
export function orderBlocker(state: Resolution['state'], trainer: Unit, pet: Unit | undefined, order: PetOrder): string | null {
  if (!pet || petInfo(pet)?.trainer !== trainer.id) return `${pet?.name ?? 'that unit'} is not ${trainer.name}'s pet`;
  if (pet.status !== 'active') return `${pet.name} is ${pet.status}`;
  const turn = petTurnOf({ state }, trainer);
  if (!turn && !hasSlot(trainer, 'specialty')) return `${trainer.name} has no Specialty action left [OUT-PET-1]`;
  if (turn && turn.pet !== pet.id) return `the Specialty action went to ${state.units[turn.pet].name} this turn [OUT-PET-1]`;
  const movement = order === 'move' || order === 'return';
  if (turn && movement && turn.movement) return `${pet.name} has had its Pet Movement`;
  if (turn && !movement && turn.action) return `${pet.name} has had its Pet Action`;
  return null;
}

/** Cells the pet may still move this turn: its own Movement until the Specialty is spent, then what is left. */
export function petBudget(state: Resolution['state'], trainer: Unit, pet: Unit): number {
  if (petTurnOf({ state }, trainer)) return pet.pools.movement.value;
  return hasEffect(state, pet.id, 'Topple') || dataOf(pet).drift ? 0 : dataOf(pet).move;
}

function beginPetTurn(ctx: Resolution, trainer: Unit, pet: Unit): PetTurn {
  const now = petTurnOf(ctx, trainer);
  if (now) return now;
  spendSlot(ctx, trainer, 'specialty');
  // the Pet Movement: the pet's own Movement (none while Toppled, nor drifting: nothing to push off, OUT-SPACE-1)
  const move = hasEffect(ctx.state, pet.id, 'Topple') || dataOf(pet).drift ? 0 : dataOf(pet).move;
  if (pet.pools.movement.value !== move) ctx.changePool(pet.id, 'movement', move - pet.pools.movement.value, 'set', { rule: 'OUT-PET-1' });
  const turn: PetTurn = { key: turnKey(ctx.state), pet: pet.id, movement: false, action: false };
  ctx.note(() => `${trainer.name} uses the Specialty action: ${pet.name} gets a Pet Movement and a Pet Action [OUT-PET-1]`);
  return turn;
}

const saveTurn = (ctx: Resolution, trainer: Unit, turn: PetTurn) => ctx.setData(trainer.id, 'petTurn', turn as unknown as Json);

/** A harmful Move Order: the pet may refuse (D100 + Wisdom > 100); a charmed pet that refuses breaks free. */
function refuses(ctx: Resolution, trainer: Unit, pet: Unit, why: string): boolean {
  const w = stat(pet, 'wisdom');
  const d = ctx.roll(100, 'resist the order');
  const refused = d + w > 100;
  ctx.check(() => ({ label: `${pet.name} resists a harmful order (${why})`, terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }, { kind: 'mod', name: 'Wisdom', value: w }], total: d + w, against: { op: '>', value: 100 }, outcome: refused ? 'refuses' : 'obeys', rules: ['OUT-PET-2'] }), pet.id, trainer.id);
  if (!refused) return false;
  const info = petInfo(pet)!;
  if (info.kind === 'charmed') {
    ctx.setData(pet.id, 'pet', undefined);
    ctx.setData(pet.id, 'petOrder', undefined);
    if (info.from && info.from !== pet.side) ctx.emit({ type: 'unit.side', unit: pet.id, side: info.from });
    ctx.note(() => `${pet.name} breaks free of the Charm${info.from ? ` and returns to ${info.from}` : ''} [OUT-PET-2]`);
  } else ctx.note(() => `${pet.name} will not go there [OUT-PET-2]`);
  return true;
}

function movePet(ctx: Resolution, trainer: Unit, pet: Unit, cmd: Command, order: 'move' | 'return'): void {
  // read off the search's numbers: the cell's place, and the way there with its costs
  const budget = petBudget(ctx.state, trainer, pet);
  let to;
  let reach;
  if (order === 'move') {
    to = parseCell(cmd);
    reach = reachedTo(ctx.state, pet, to.x, to.y, budget);
    const k = placeOf(reach, to.x, to.y);
    if (k < 0 || reach.cost[k] === 0 || reach.stop[k] === 0) fail('action/out_of_range', `${pet.name} cannot reach (${to.x}, ${to.y}) with its Movement and Jump [OUT-PET-1]`, 'to');
  } else {
    reach = reachedOf(ctx.state, pet, budget);
    to = returnCell(ctx.state, trainer, pet);
    if (!to) fail('action/already_there', `${pet.name} is as close to ${trainer.name} as it can get`);
  }
  const turn = beginPetTurn(ctx, trainer, pet);
  saveTurn(ctx, trainer, { ...turn, movement: true });
  const { path, costs } = wayTo(reach, placeOf(reach, to.x, to.y));
  const harm = hasTag(ctx.state.map as GridMap, to, 'hazard') ? 'a hazard' : jumpsOn(ctx.state, pet, path) ? 'a mountain jump' : undefined;
  if (order === 'move' && harm && refuses(ctx, trainer, pet, harm)) return;
  walk(ctx, ctx.unit(pet.id), path, costs);
  ctx.note(() => `${pet.name} ${order === 'return' ? `returns to ${trainer.name}'s side` : 'moves on its Move Order'} [OUT-PET-2]`);
}

/** Return Order: the reachable cell nearest the trainer (then the cheapest), or undefined if none is nearer. */
export function returnCell(state: Resolution['state'], trainer: Unit, pet: Unit): Cell | undefined {
  return returnCellIn(reachableCells(state, pet, petBudget(state, trainer, pet)), trainer, pet);
}

/** returnCell in the pet's search result `reach` (kept with it, by the trainer's and the pet's cells). */
export function returnCellIn(reach: Map<string, Reach>, trainer: Unit, pet: Unit): Cell | undefined {
  const t = trainer.position!;
  const p = pet.position!;
  const c = fromReach(reach, JSON.stringify(['return', t.x, t.y, p.x, p.y]), () => nearestTo(reach, t, distance(p, t)));
  return c && { x: c.x, y: c.y };
}

function nearestTo(reach: Map<string, Reach>, to: Cell, here: number): Cell | undefined {
  let best: { c: Cell; d: number; cost: number } | undefined;
  for (const [key, spot] of reach) {
    if (spot.canStop === false) continue;
    const c = parseCellKey(key);
    const d = distance(c, to);
    if (d === 0 || d >= here) continue;
    if (!best || d < best.d || (d === best.d && spot.cost < best.cost)) best = { c, d, cost: spot.cost };
  }
  return best?.c;
}

/** Attack Order, alone or together with the trainer (Trainer Interference, OUT-PET-3). */
function attackOrder(ctx: Resolution, trainer: Unit, pet: Unit, cmd: Command): void {
  const target = targetOf(ctx, cmd.target);
  const key = turnKey(ctx.state);
  const pSpec = petSpec(pet, cmd.skill);
  orFail(attackBlocker(ctx.state, pet, target, pSpec));
  if (cmd.together !== true) {
    const turn = beginPetTurn(ctx, trainer, pet);
    saveTurn(ctx, trainer, { ...turn, action: true });
    ctx.setData(trainer.id, 'petAttackedTurn', key);
    ctx.setData(trainer.id, 'petAttackedRound', roundKey(ctx.state));
    ctx.setData(trainer.id, 'petAttackedPet', pet.id);
    ctx.setData(trainer.id, 'petAttackedTarget', target.id);
    ctx.setData(pet.id, 'petOrder', 'attack');
    if (trainerAttacked(ctx.state, trainer)) {
      // ruling OUT-PET-3: the trainer has attacked this round (on this turn or an earlier one of it), so the pet's attack bears the interference
      const pincer = latePincer(ctx.state, trainer, pet, target, 'attackedTarget');
      ctx.note(() => `${pet.name} attacks after ${trainer.name} attacked this round: Trainer Interference — no Strength or Intelligence added, ${pet.name} deals 50 % and cannot crit, a miss hurts it${pincer ? `; ${pincer} gives advantage` : ''} (${trainer.name}'s attack stands as rolled) [OUT-PET-3]`);
      resolveStrike(ctx, pet, target, interfered(pSpec, 'pet', pincer));
    } else {
      ctx.note(() => `${pet.name} attacks on its own: ${trainer.name} is not attacking, so no Trainer Interference [OUT-PET-4]`);
      resolveStrike(ctx, pet, target, pSpec);
    }
    react(ctx, target.id, pet.id);
    return;
  }
  const w = weaponOf(trainer, cmd.weapon);
  const tTarget = cmd.trainerTarget === undefined ? target : targetOf(ctx, cmd.trainerTarget);
  const slot = w.hand === 'off' ? 'secondary' : 'primary';
  if (!hasSlot(trainer, slot)) fail('action/slot_used', `${trainer.name} has used its ${slot} action`);
  if (dataOf(trainer).attackedTurn === key || dataOf(trainer).petAttackedTurn === key) fail('action/interference', 'trainer or pet has already attacked alone this turn [OUT-PET-3]');
  const tSpec0 = weaponSpec(w);
  orFail(attackBlocker(ctx.state, trainer, tTarget, tSpec0));
  const turn = beginPetTurn(ctx, trainer, pet);
  saveTurn(ctx, trainer, { ...turn, action: true });
  spendSlot(ctx, trainer, slot);
  ctx.setData(trainer.id, 'attackedTurn', key);
  ctx.setData(trainer.id, 'petAttackedTurn', key);
  ctx.setData(trainer.id, 'attackedRound', roundKey(ctx.state));
  ctx.setData(trainer.id, 'petAttackedRound', roundKey(ctx.state));
  ctx.setData(trainer.id, 'petAttackedPet', pet.id);
  ctx.setData(pet.id, 'petOrder', 'attack');
  const pincer = tTarget.id === target.id && isPincer(trainer, pet, target) ? `a pincer on ${target.name}` : undefined;
  ctx.note(() => `${trainer.name} and ${pet.name} attack together: Trainer Interference — no Strength or Intelligence added, ${pet.name} deals 50 % and cannot crit, a miss hurts the one who missed${pincer ? `; ${pincer} gives advantage` : ''} [OUT-PET-3]`);
  resolveStrike(ctx, trainer, tTarget, interfered(tSpec0, 'trainer', pincer));
  react(ctx, tTarget.id, trainer.id);
  const p = ctx.unit(pet.id);
  if (p.status !== 'active' || ctx.unit(target.id).status !== 'active') return;
  resolveStrike(ctx, p, ctx.unit(target.id), interfered(pSpec, 'pet', pincer));
  react(ctx, target.id, pet.id);
}

/** Skill Order: the trainer's skill and the pet's attack in sync, no penalty; then the Spirit Link (OUT-PET-2, -5). */
function skillOrder(ctx: Resolution, trainer: Unit, pet: Unit, cmd: Command): void {
  const k = skillOf(trainer, cmd.skill);
  if (k.kind !== 'attack') fail('action/bad_skill', `${k.name} is not an attack skill`, 'skill');
  const target = targetOf(ctx, cmd.target);
  orFail(castBlocker(ctx.state, trainer, k, target));
  const pSpec = petSpec(pet, undefined);
  orFail(attackBlocker(ctx.state, pet, target, pSpec));
  const turn = beginPetTurn(ctx, trainer, pet);
  saveTurn(ctx, trainer, { ...turn, action: true });
  spendSlot(ctx, trainer, k.action);
  ctx.setData(pet.id, 'petOrder', 'skill');
  const pincer = isPincer(trainer, pet, target) ? `a pincer on ${target.name}` : undefined;
  ctx.note(() => `${trainer.name} and ${pet.name} strike in sync with ${k.name}: no damage penalty, but a miss still hurts${pincer ? `; ${pincer} gives advantage` : ''} [OUT-PET-2]`);
  const extra = { missHurtsSelf: 'a Skill Order miss still hits yourself', ...(pincer ? { advantage: pincer } : {}) };
  resolveStrike(ctx, trainer, target, { ...skillSpec(k), ...extra });
  react(ctx, target.id, trainer.id);
  if (ctx.unit(pet.id).status === 'active' && ctx.unit(target.id).status === 'active') {
    resolveStrike(ctx, ctx.unit(pet.id), ctx.unit(target.id), { ...pSpec, ...extra });
    react(ctx, target.id, pet.id);
  }
  if (ctx.unit(trainer.id).status === 'active' && ctx.unit(pet.id).status === 'active') linkSpirits(ctx, ctx.unit(trainer.id), ctx.unit(pet.id));
}

export function petCommand(ctx: Resolution, cmd: Command): void {
  const trainer = ctx.unit(cmd.actor!);
  const order = cmd.order as PetOrder;
  if (!PET_ORDERS.includes(order)) fail('command/bad_order', `order must be one of ${PET_ORDERS.join(', ')}`, 'order');
  if (typeof cmd.pet !== 'string' || !Object.hasOwn(ctx.state.units, cmd.pet)) fail('unit/unknown', 'name the "pet"', 'pet');
  const pet = ctx.unit(cmd.pet);
  const why = orderBlocker(ctx.state, trainer, pet, order);
  if (why) fail('action/pet', why, 'pet');
  if (order === 'move' || order === 'return') return movePet(ctx, trainer, pet, cmd, order);
  if (order === 'attack') return attackOrder(ctx, trainer, pet, cmd);
  if (order === 'skill') return skillOrder(ctx, trainer, pet, cmd);
  const ward = order === 'guard' ? (cmd.target === undefined ? trainer : targetOf(ctx, cmd.target)) : undefined;
  if (ward && !guardable(trainer, pet, ward)) fail('action/bad_target', `${pet.name} can stand guard over ${trainer.name} or an ally still standing within its Movement, not ${ward.name} [OUT-PET-2]`, 'target');
  const turn = beginPetTurn(ctx, trainer, pet);
  saveTurn(ctx, trainer, { ...turn, action: true });
  if (order === 'search') return searchOrder(ctx, trainer, ctx.unit(pet.id));
  if (order === 'alert') return alertOrder(ctx, trainer, ctx.unit(pet.id));
  if (ward) return guardOrder(ctx, trainer, ctx.unit(pet.id), ward);
  ctx.setData(pet.id, 'petOrder', 'stay');
  ctx.note(() => `${pet.name} stays put; attacked, it will counter-attack (${trainerOf(ctx.state, pet)?.name}'s pet) [OUT-PET-2]`);
}
