/**
 * One blow, the pipeline every hit goes through (limb, weapon, spell, projectile): the contest
 * (D60-HIT-1/2), the damage formula, the block stance (D60-BLK-1, frontal only), taking the damage.
 */
import type { Cell, Resolution, Term, Unit, UnitId } from '../../engine/index.ts';
import { contest, flankAngle, GRADE_TEXT, type Approach, type Grade } from './contest.ts';
import { computeDamage, hurt, type DamageInput, type DamageKind } from './damage.ts';
import { asJson, dataOf, enduranceOf, weaponOf } from './model.ts';
import type { Weapon } from './schema.ts';

export interface Blow {
  label: string;
  attacker: { id?: UnitId; agility: number; terms: Term[] };
  approach: Approach;
  kind: DamageKind;
  base: number;
  baseName: string;
  strength: number;
  vital?: boolean;
  /** Area magic has no contest: it lands as a solid blow on whoever fails to evade (D60-DMG-4). */
  grade?: Grade;
  reactionBlock?: boolean;
  rule: string;
}

export interface Landed {
  grade: Grade;
  damage: number;
}

/**
 * The stance that meets this blow: only a frontal blow is blocked (D60-BLK-1). In close quarters a flank
 * without the Speed counts as the front (ruling D60-CQC-2: the defender turns to face it), so the guard
 * meets it too; `cqcSpeed` is the attacker's Speed for a blow struck from within 1 tile.
 */
export function blockAgainst(def: Unit, from: Cell, cqcSpeed?: number): { weapon: Weapon | null } | undefined {
  const b = dataOf(def).blocking;
  if (!b || def.status !== 'active') return undefined;
  if (flankAngle(def, cqcSpeed === undefined ? { from } : { from, cqcSpeed }) !== 'front') return undefined;
  return { weapon: b.weapon ? weaponOf(def, b.weapon) ?? null : null };
}

export function landBlow(ctx: Resolution, blow: Blow, defId: UnitId): Landed {
  const def = ctx.unit(defId);
  const grade = blow.grade ?? contest(ctx, blow.label, blow.attacker, def, blow.approach).grade;
  if (grade === 'dodged') return { grade, damage: 0 };
  const block = blow.reactionBlock ? undefined : blockAgainst(def, blow.approach.from, blow.approach.cqcSpeed);
  const input: DamageInput = { kind: blow.kind, base: blow.base, baseName: blow.baseName, strength: blow.strength, endurance: enduranceOf(def), grade };
  // set, not spread: every blow of every fight builds one
  if (block) input.block = block;
  if (blow.reactionBlock) input.reactionBlock = true;
  if (blow.vital) input.vital = true;
  // the terms are worded only for the log (the same pure formula, asked again with its words)
  const d = computeDamage(input, false);
  ctx.check(() => ({ label: `${blow.label}: damage`, terms: computeDamage(input).terms, total: d.amount, outcome: `${d.amount} damage (${GRADE_TEXT[grade]})`, rules: d.rules, facts: { grade, damage: d.amount } }), blow.attacker.id, defId);
  const extra: { rule: string; source?: UnitId; damageType?: string } = { rule: d.rules[0] };
  if (blow.attacker.id) extra.source = blow.attacker.id;
  extra.damageType = blow.kind;
  const dealt = hurt(ctx, defId, d.amount, extra);
  if (d.breaks && block?.weapon) breakWeapon(ctx, def, block.weapon);
  return { grade, damage: dealt };
}

function breakWeapon(ctx: Resolution, u: Unit, w: Weapon): void {
  const left = dataOf(ctx.unit(u.id))
    .weapons.map((x) => (x.id === w.id ? { ...x, count: x.count - 1 } : x))
    .filter((x) => x.count > 0);
  ctx.setData(u.id, 'weapons', asJson(left));
  ctx.setData(u.id, 'blocking', { weapon: null });
  ctx.note(() => `${u.name}'s ${w.name} breaks under the blow [D60-BLK-1]`);
}
