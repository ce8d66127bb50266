/**
 * What a weapon's damage type does on a hit (OUT-WPN-2..6):
 *  - slashing: Wounds, +1 stack (max 3), ceil(level/2) damage per stack at the end of each of the
 *    target's turns; held more than 5 rounds (the minute is up) they become Bleeding;
 *  - piercing: D100 ≤ 5 % + 10 % per level divisible by 5 passes through to the next unit in line
 *    (50 %), then again to a third (25 %), never more;
 *  - bludgeon: D100 ≤ 5 % + 5 % per level divisible by 5 Shoves the target 1 cell back; on light or
 *    medium armour (or none) Black&Blue, −10 % maximum hit points per stack (max 3); held more than
 *    5 rounds it becomes Bruising.
 * A healing skill or item patches all four up.
 */
import { extendLine } from '../../engine/space/line.ts';
import { knockback } from '../../engine/space/area.ts';
import { cellKey, distance } from '../../engine/space/grid.ts';
import type { Effect, GridMap, Resolution, Term, Unit, UnitId } from '../../engine/index.ts';
import { type Charge } from './charges.ts';
import { dealDamage, hitDamage, landDamage, type DamageDice } from './damage.ts';
import { dataOf } from './model.ts';
import { carryPartner, partnerOf } from './mount-model.ts';
import { tryKnockOff } from './mounts.ts';
import { afterForcedMove } from './space.ts';
import type { StrikeSpec } from './spec.ts';

export const MAX_STACKS = 3;
/** "more than 5 Rounds" */
export const HELD_ROUNDS = 5;
/** "1 minute" = 6 rounds (OUT-TIME-1) */
export const MINUTE = 6;

export const pierceChance = (level: number): number => Math.min(100, 5 + 10 * Math.floor(level / 5));
export const shoveChance = (level: number): number => Math.min(100, 5 + 5 * Math.floor(level / 5));
export const woundDamage = (level: number): number => Math.ceil(level / 2);

const one = (ctx: Resolution, id: UnitId, name: string): Effect | undefined => ctx.state.effects.find((f) => f.target === id && f.name === name);

/**
 * The level of the unit that caused each stack of Wounds or Bleeding, oldest first (OUT-WPN-2: "1 damage for every
 * odd level you are" is the attacker's level, so each stack keeps its own). A stack set without levels (the GM's)
 * counts at the level recorded for the effect, else 1.
 */
export function stackLevels(fx: Effect): number[] {
  // asked at every Wounds tick: one loop, no lists between
  const listed = Array.isArray(fx.data?.levels) ? (fx.data.levels as unknown[]) : undefined;
  const last = listed?.length ? Number(listed[listed.length - 1]) : undefined;
  const fill = Number(fx.data?.level ?? last ?? 1);
  const out: number[] = new Array(fx.stacks);
  for (let i = 0; i < fx.stacks; i++) out[i] = listed !== undefined && i < listed.length ? Number(listed[i]) : fill;
  return out;
}

/** Add a stack of a weapon debuff (no resist roll: it comes with the hit). A full debuff (3 stacks) takes no more. */
function stackUp(ctx: Resolution, attacker: Unit, target: Unit, name: string, rule: string): void {
  const fx = one(ctx, target.id, name);
  const wounds = name === 'Wounds';
  if (fx) {
    const stacks = Math.min(MAX_STACKS, fx.stacks + 1);
    const levels = wounds ? [...stackLevels(fx), dataOf(attacker).level].slice(0, MAX_STACKS) : undefined;
    ctx.emit({ type: 'effect.changed', id: fx.id, stacks, data: levels ? { levels } : {} });
    ctx.note(() => `${target.name}'s ${name}: ${stacks} stack${stacks > 1 ? 's' : ''}${fx.stacks === MAX_STACKS ? ' (at most 3)' : ''} [${rule}]`);
    return;
  }
  const says = () => `${target.name} suffers ${name} [${rule}]`;
  // two literals of fixed shape, not spreads of optional parts (a hit's commonest new effect); the keys in the
  // order they always had: they are the effect's JSON in the log
  if (wounds) {
    ctx.applyEffect({ name, categories: ['debuff', 'weapon'], source: attacker.id, target: target.id, maxStacks: MAX_STACKS, tick: 'turn_end', data: { levels: [dataOf(attacker).level], since: ctx.state.turn.round } }, says);
  } else {
    ctx.applyEffect({ name, categories: ['debuff', 'weapon'], source: attacker.id, target: target.id, maxStacks: MAX_STACKS, data: { since: ctx.state.turn.round } }, says);
  }
}

/**
 * A Wounds or Bleeding tick's terms: stacks all of one level read `ceil(level L / 2) × stacks`; stacks of
 * different levels are added one by one, each at its own attacker's level (OUT-WPN-2).
 */
/** The damage of a Wounds or Bleeding tick: each stack at its own attacker's level. */
function stackDamage(levels: number[]): number {
  let total = 0;
  for (const l of levels) total += woundDamage(l);
  return total;
}

function perStackTerms(levels: number[]): { terms: Term[]; total: number } {
  const total = stackDamage(levels);
  if (levels.every((l) => l === levels[0])) {
    return { terms: [{ kind: 'mod', name: `ceil(level ${levels[0]} / 2)`, value: woundDamage(levels[0]) }, { kind: 'mult', name: 'stacks', factor: levels.length }], total };
  }
  return { terms: levels.map((l) => ({ kind: 'mod' as const, name: `ceil(level ${l} / 2)`, value: woundDamage(l) })), total };
}

export function inflictWounds(ctx: Resolution, attacker: Unit, target: Unit): void {
  stackUp(ctx, attacker, target, 'Wounds', 'OUT-WPN-2');
}

/** Maximum hit points after Black&Blue and Bruising: −10 % of the base per stack, 3 stacks at most. */
export function refreshMaxHp(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const base = dataOf(u).baseHp;
  const stacks = Math.min(MAX_STACKS, ctx.state.effects.filter((f) => f.target === id && (f.name === 'Black&Blue' || f.name === 'Bruising')).reduce((s, f) => s + f.stacks, 0));
  const max = base - Math.floor((base * stacks) / 10);
  if (max !== u.pools.hp.max) ctx.emit({ type: 'pool.max', unit: id, pool: 'hp', max, value: Math.min(u.pools.hp.value, max), rule: 'OUT-WPN-6' });
}

export function inflictBlackAndBlue(ctx: Resolution, attacker: Unit, target: Unit): void {
  if (dataOf(target).armor === 'heavy') return;
  stackUp(ctx, attacker, target, 'Black&Blue', 'OUT-WPN-6');
  refreshMaxHp(ctx, target.id);
}

/** Wounds tick at the end of the target's turn (true damage: no reduction, no resistance), each stack at its attacker's level. */
export function tickWounds(ctx: Resolution, fx: Effect): void {
  const levels = stackLevels(fx);
  const total = stackDamage(levels);
  ctx.check(() => ({ label: 'Wounds', terms: perStackTerms(levels).terms, total, outcome: `${total} damage`, rules: ['OUT-WPN-2'] }), fx.source, fx.target);
  dealDamage(ctx, fx.target, total, fx.source, 'OUT-WPN-2');
}

/** At each round's end: Wounds and Black&Blue held more than 5 rounds turn into Bleeding and Bruising. */
export function ageWeaponDebuffs(ctx: Resolution, round: number): void {
  // most rounds nothing has been held that long: no list made then
  if (!ctx.state.effects.some((f) => (f.name === 'Wounds' || f.name === 'Black&Blue') && round - Number(f.data?.since ?? round) + 1 > HELD_ROUNDS)) return;
  for (const fx of ctx.state.effects.filter((f) => f.name === 'Wounds' || f.name === 'Black&Blue')) {
    const held = round - Number(fx.data?.since ?? round) + 1;
    if (held <= HELD_ROUNDS) continue;
    const into = fx.name === 'Wounds' ? 'Bleeding' : 'Bruising';
    ctx.removeEffect(fx.id, 'replaced');
    const old = one(ctx, fx.target, into);
    const stacks = Math.min(MAX_STACKS, fx.stacks + (old?.stacks ?? 0));
    if (old) ctx.removeEffect(old.id, 'replaced');
    // Bleeding keeps each stack's level: the older Bleeding's first, then the Wounds' (OUT-WPN-2, ruling OUT-WPN-3)
    const data: Record<string, number[]> = into === 'Bleeding' ? { levels: [...(old ? stackLevels(old) : []), ...stackLevels(fx)].slice(0, stacks) } : {};
    ctx.applyEffect({
      name: into, categories: ['debuff', 'weapon', ...(into === 'Bleeding' ? ['dot'] : [])], target: fx.target, stacks, maxStacks: MAX_STACKS,
      remaining: MINUTE, clock: { at: 'round_end' }, ...(into === 'Bleeding' ? { tick: 'turn_start' as const } : {}), data,
      ...(fx.source ? { source: fx.source } : {}),
    }, () => `${ctx.unit(fx.target).name} has held ${fx.name} for ${held} rounds: it becomes ${into} [${into === 'Bleeding' ? 'OUT-WPN-3' : 'OUT-WPN-6'}]`);
    if (into === 'Bruising') refreshMaxHp(ctx, fx.target);
  }
}

/** Bleeding: the Wounds' damage, each stack at its attacker's level, now at the start of the turn (ruling OUT-WPN-3). */
export function tickBleeding(ctx: Resolution, fx: Effect): void {
  const levels = stackLevels(fx);
  const total = stackDamage(levels);
  ctx.check(() => ({ label: 'Bleeding', terms: perStackTerms(levels).terms, total, outcome: `${total} damage`, rules: ['OUT-WPN-3', 'OUT-EFF-1'] }), fx.source, fx.target);
  dealDamage(ctx, fx.target, total, fx.source, 'OUT-WPN-3');
}

/** A healing skill or item ends Wounds, Bleeding, Black&Blue and Bruising. */
export function patchUp(ctx: Resolution, id: UnitId, what: string): void {
  const fxs = ctx.state.effects.filter((f) => f.target === id && ['Wounds', 'Bleeding', 'Black&Blue', 'Bruising'].includes(f.name));
  if (!fxs.length) return;
  for (const fx of fxs) ctx.removeEffect(fx.id, 'cleansed');
  // cite the rules of what was patched up: Wounds and Bleeding are slashing's, Black&Blue and Bruising bludgeon's
  const rules = [...new Set(fxs.map((f) => (f.name === 'Wounds' || f.name === 'Bleeding' ? 'OUT-WPN-2' : 'OUT-WPN-6')))].sort();
  ctx.note(() => `${what} patches up ${ctx.unit(id).name}: ${fxs.map((f) => f.name).join(', ')} healed [${rules.join(', ')}]`);
  refreshMaxHp(ctx, id);
}

/** Bludgeon: maybe Shove the target 1 cell straight back from the attacker (OUT-WPN-5). */
export function tryShove(ctx: Resolution, attacker: Unit, target: Unit): void {
  const chance = shoveChance(dataOf(attacker).level);
  const d = ctx.roll(100, 'Shove');
  const shoved = d <= chance;
  ctx.check(() => ({ label: 'Shove chance', terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }], total: d, against: { op: '<=', value: chance, name: `level ${dataOf(attacker).level}` }, outcome: shoved ? 'Shove' : 'no Shove', rules: ['OUT-WPN-5'] }), attacker.id, target.id);
  if (!shoved) return;
  const mate = partnerOf(ctx.state, target)?.id;
  const taken = new Set(ctx.state.unitOrder.map((id) => ctx.state.units[id]).filter((o) => o.id !== target.id && o.id !== mate && o.position && (o.status === 'active' || o.status === 'down')).map((o) => cellKey(o.position!)));
  const kb = knockback(ctx.state.map as GridMap, attacker.position!, target.position!, 1, (c) => taken.has(cellKey(c)));
  if (!kb.cells.length) {
    ctx.note(() => `${target.name} is Shoved but something stops it [OUT-WPN-5]`);
    return;
  }
  const from = { ...target.position! };
  ctx.emit({ type: 'unit.moved', unit: target.id, from, to: kb.cells[0], forced: 'shoved' });
  // a rider is shoved with its mount under it, a mount with its rider on it (OUT-MNT-1)
  carryPartner(ctx, target, kb.cells[0]);
  afterForcedMove(ctx, ctx.unit(target.id), from, kb.cells[0]);
}

/** Piercing: the same shot may carry on along the line to a second (50 %) and third (25 %) unit (OUT-WPN-4). */
export function passThrough(ctx: Resolution, attacker: Unit, target: Unit, spec: StrikeSpec, dice: DamageDice, critical: boolean, charges: Charge[], range: number): void {
  const left = range - distance(attacker.position!, target.position!);
  if (left <= 0) return;
  const line = extendLine(attacker.position!, target.position!, left, ctx.state.map as GridMap);
  const shares = [0.5, 0.25];
  // the first standing unit (in unit order) on each cell along the line, the attacker aside: the standing units
  // gathered once, not a list of every unit made for each cell; the line read only until the shares run out
  const others: Unit[] = [];
  for (const id of ctx.state.unitOrder) {
    const u = ctx.state.units[id];
    if (u.status === 'active' && u.id !== attacker.id) others.push(u);
  }
  const victims: Unit[] = [];
  for (let i = 0; i < line.length && victims.length < shares.length; i++) {
    const c = line[i];
    for (const u of others) {
      if (u.position!.x === c.x && u.position!.y === c.y) {
        victims.push(u);
        break;
      }
    }
  }
  const chance = pierceChance(dataOf(attacker).level);
  let through = target;
  for (let k = 0; k < shares.length && k < victims.length; k++) {
    const d = ctx.roll(100, 'pass-through');
    const passes = d <= chance;
    ctx.check(() => ({ label: `pass-through (${spec.name})`, terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }], total: d, against: { op: '<=', value: chance, name: `level ${dataOf(attacker).level}` }, outcome: passes ? `passes through ${through.name} to ${victims[k].name}` : 'stops', rules: ['OUT-WPN-4'] }), attacker.id, victims[k].id);
    if (!passes) return;
    const v = ctx.unit(victims[k].id);
    const before = v.pools.hp.value;
    landDamage(ctx, attacker, v, spec, hitDamage(attacker, v, spec, dice, critical, charges, shares[k]), 'OUT-WPN-4', () => `damage (${spec.name}, pass-through)`, () => ['OUT-WPN-4', spec.magical ? 'OUT-DMG-2' : 'OUT-DMG-1']);
    // a rider the shot carries on into is hurt by the attack like any other: it may be knocked off (OUT-MNT-2)
    if (ctx.unit(v.id).pools.hp.value < before) tryKnockOff(ctx, attacker, ctx.unit(v.id), { opener: charges.some((c) => c.why === 'Opener'), critical });
    through = v;
  }
}
