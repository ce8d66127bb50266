/**
 * Damage: the formulas of the text (D60-DMG-1..3, true damage), the margin grade's share (D60-HIT-2),
 * the block stance (D60-BLK-1), and what taking damage does (D60-STA-2: defenseless at 0 health;
 * ruling: further damage drains Vitality, and at 0 Vitality the unit dies).
 */
import type { Resolution, Term, Unit, UnitId } from '../../engine/index.ts';
import type { Grade } from './contest.ts';
import { controlOf } from './model.ts';
import type { Weapon } from './schema.ts';

export type DamageKind = 'blunt' | 'pierce' | 'magic' | 'true';

export interface DamageInput {
  kind: DamageKind;
  /** Unarmed 6, the weapon's damage, or the spell's power. */
  base: number;
  baseName: string;
  /** The striker's Strength (physical kinds only). */
  strength: number;
  /** The defender's Endurance before any block. */
  endurance: number;
  grade: Grade;
  /** The defender blocks this blow from the front (D60-BLK-1). */
  block?: { weapon: Weapon | null };
  /** The projectile Block reaction: halved after Endurance, nothing else (D60-PRJ-2). */
  reactionBlock?: boolean;
  /** A vital point of a knocked-out target: Endurance does not apply (D60-VIT-1). */
  vital?: boolean;
}

export interface DamageResult {
  amount: number;
  terms: Term[];
  /** The blocking weapon breaks (D60-BLK-1). */
  breaks: boolean;
  rules: string[];
}

/** ±per for every FULL 10 of Strength − Endurance, toward zero (ruling D60-DMG-1/2: −15 is one step down). */
export function strengthSteps(strength: number, endurance: number): number {
  return Math.trunc((strength - endurance) / 10) || 0;
}

/** Magic against Endurance (ruling D60-DMG-3): power ≥ Endurance deals the power; else power − (Endurance − power). */
export function magicAgainst(power: number, endurance: number): number {
  return power >= endurance ? power : Math.max(0, power - (endurance - power));
}

/**
 * The damage of one blow, with its terms for the log; `words` false: the amount, the break and the rules
 * only (no terms are worded: what the policy's estimates and an unlogged blow need).
 */
export function computeDamage(d: DamageInput, words = true): DamageResult {
  // `terms?.push(…)` builds nothing when there are no terms to keep
  const terms: Term[] | null = words ? [{ kind: 'mod', name: d.baseName, value: d.base }] : null;
  const rules = [d.kind === 'blunt' ? 'D60-DMG-1' : d.kind === 'pierce' ? 'D60-DMG-2' : d.kind === 'magic' ? 'D60-DMG-3' : 'D60-BLK-1'];
  let x = d.base;
  if (d.grade === 'critical') {
    // "weapon damage is doubled before any other buffs": the base, before Strength and Endurance
    x *= 2;
    terms?.push({ kind: 'step', name: 'critical: doubled', value: x });
    rules.push('D60-HIT-2');
  }
  const blockWeapon = d.block?.weapon ?? null;
  const endurance = d.vital ? 0 : d.endurance + (blockWeapon ? blockWeapon.damage : 0);
  const endName = !words ? '' : d.vital ? 'vital point: no Endurance' : blockWeapon ? `(Endurance ${d.endurance} + ${blockWeapon.name} ${blockWeapon.damage})` : `Endurance ${d.endurance}`;
  if (d.vital) rules.push('D60-VIT-1');
  if (blockWeapon && d.kind !== 'true') rules.push('D60-BLK-1');
  if (d.kind === 'blunt' || d.kind === 'pierce') {
    const per = d.kind === 'pierce' ? 4 : 2;
    const steps = strengthSteps(d.strength, endurance);
    terms?.push({ kind: 'mod', name: `(Strength ${d.strength} − ${endName}: ${steps} × ${per})`, value: steps * per });
    x += steps * per;
  } else if (d.kind === 'magic') {
    const after = magicAgainst(x, endurance);
    terms?.push({ kind: 'step', name: x >= endurance ? `power ≥ ${endName}:` : `power − (${endName} − power)`, value: after });
    x = after;
  }
  if (x < 0) {
    x = 0;
    terms?.push({ kind: 'step', name: 'at least', value: 0 });
  }
  if (d.grade === 'glancing') {
    x = Math.floor(x / 4);
    terms?.push({ kind: 'step', name: 'glancing ¼', value: x });
    if (!rules.includes('D60-HIT-2')) rules.push('D60-HIT-2');
  }
  let breaks = false;
  if (d.reactionBlock) {
    x = Math.floor(x / 2);
    terms?.push({ kind: 'step', name: 'blocked ½', value: x });
    rules.push('D60-PRJ-2');
  } else if (d.block) {
    if (d.kind === 'true') {
      x = Math.floor((x * 3) / 4);
      terms?.push({ kind: 'step', name: 'blocked true damage −¼', value: x });
    } else if (blockWeapon && x > blockWeapon.damage) {
      breaks = true;
      x = Math.floor((x * 2) / 3);
      terms?.push({ kind: 'step', name: `${blockWeapon.name} breaks: ⅔`, value: x });
    } else {
      x = Math.floor(x / 2);
      terms?.push({ kind: 'step', name: 'blocked ½', value: x });
    }
    if (!rules.includes('D60-BLK-1')) rules.push('D60-BLK-1');
  }
  return { amount: x, terms: terms ?? [], breaks, rules };
}

/** Unarmed blows are blunt with a base of 6 (D60-DMG-1). */
export const UNARMED_BASE = 6;

/** Spell power: the ability's power + 2 per full 10 Control (ruling D60-DMG-3). */
export function spellPower(caster: Unit, power: number): number {
  return power + 2 * Math.floor(controlOf(caster) / 10);
}

/**
 * Take damage. An able unit loses Health; at 0 it is defenseless: stamina 0, status 'down' (D60-STA-2).
 * A defenseless unit loses Vitality instead; at 0 it dies (ruling D60-STA-2).
 */
export function hurt(ctx: Resolution, id: UnitId, amount: number, extra: { source?: UnitId; rule: string; damageType?: string }): number {
  const u = ctx.unit(id);
  if (amount <= 0 || u.status === 'dead' || u.status === 'fled' || u.status === 'removed') return 0;
  if (u.status === 'down') {
    const lost = -ctx.changePool(id, 'vitality', -amount, 'damage', extra);
    if (ctx.unit(id).pools.vitality.value <= 0) ctx.emit({ type: 'unit.status', unit: id, status: 'dead', cause: 'no Vitality left', rule: 'D60-STA-2' });
    return lost;
  }
  const dealt = ctx.damage(id, amount, extra);
  if (ctx.unit(id).pools.hp.value <= 0) becomeDefenseless(ctx, id);
  return dealt;
}

export function becomeDefenseless(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  if (u.pools.stamina.value > 0) ctx.changePool(id, 'stamina', -u.pools.stamina.value, 'set', { rule: 'D60-STA-2' });
  ctx.emit({ type: 'unit.status', unit: id, status: 'down', cause: 'defenseless at 0 health: stamina 0, can be killed', rule: 'D60-STA-2' });
  if (u.data.blocking) ctx.setData(id, 'blocking', null);
}
