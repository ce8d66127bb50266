/**
 * One attack from start to finish, shared by weapon attacks, attack and debuff skills and Trigger
 * Actions: Opener (OUT-OPEN-1) and charges, reflect for magic (OUT-MISS-3), the hit check, a miss that
 * strays (OUT-MISS-1, -2), and on a hit the damage pipeline and the weapon's traits.
 */
import type { Json, Pending, Resolution, Term, Unit } from '../../engine/index.ts';
import { chargesFor, type Charge } from './charges.ts';
import { burnWoodCover } from './cover.ts';
import { hitDamage, landDamage, type DamageDice } from './damage.ts';
import { inflict, type EffectOrder } from './effects.ts';
import { hitOdds, rollHit, type HitResult } from './hit.ts';
import { improvisedDice } from './improvised.ts';
import { reflect, strayProjectile } from './miss.ts';
import { dataOf, hasEffect } from './model.ts';
import { reachOf } from './ranges.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';
import { inflictBlackAndBlue, inflictWounds, passThrough, tryShove } from './weapon-traits.ts';
import { effectOrderOf, openerBonus } from './skill-effects.ts';
import { tryKnockOff } from './mounts.ts';
import { isUnderwater } from './terrain.ts';
import { outOfCombat, restartCombat } from './hidden.ts';

export interface StrikeOptions {
  /** A Trigger Action or Auto Skill: it does not reveal an Opener and provokes no reaction. */
  reaction?: boolean;
  /** A debuff skill's effect, inflicted on a hit. */
  effect?: EffectOrder;
}

function rollDice(ctx: Resolution, attacker: Unit, spec: StrikeSpec): DamageDice | undefined {
  const extra = spec.openerDice ? `+${spec.openerDice}` : '';
  if (spec.improvised) {
    const imp = improvisedDice(attacker);
    // the same dice drawn under the same label either way; the term and its words only for the log
    if (!ctx.logging) return { value: ctx.rollTotal(imp.notation + extra, 'improvised weapon') };
    const r = ctx.rollNotation(imp.notation + extra, 'improvised weapon');
    const term = { ...r.term, label: `${r.term.kind === 'dice' ? r.term.label : imp.notation} [${imp.why}${extra ? `, Opener ${spec.openerDice}` : ''}]` } as Term;
    return { value: r.total, term };
  }
  if (!spec.dice) return undefined;
  const notation = extra ? spec.dice + extra : spec.dice;
  if (!ctx.logging) return { value: ctx.rollTotal(notation, `${spec.name} damage`) };
  const r = ctx.rollNotation(notation, `${spec.name} damage`);
  return { value: r.total, term: r.term };
}

/** The hit lands on `victim`: damage, then (for the intended target) the weapon's traits, then the effect. */
function landOn(ctx: Resolution, attacker: Unit, victim: Unit, spec: StrikeSpec, critical: boolean, charges: Charge[], intended: boolean, opts: StrikeOptions): void {
  const dice = rollDice(ctx, attacker, spec);
  let takes = true;
  if (dice) {
    const before = ctx.unit(victim.id).pools.hp.value;
    const r = hitDamage(attacker, victim, spec, dice, critical, charges);
    takes = r.resistance > 0;
    landDamage(ctx, attacker, victim, spec, r, spec.magical ? 'OUT-DMG-2' : 'OUT-DMG-1', () => `damage (${spec.name})`, () => [spec.magical ? 'OUT-DMG-2' : 'OUT-DMG-1', ...(critical ? ['OUT-HIT-2'] : []), ...(charges.length ? ['OUT-CHG-1'] : []), 'OUT-RES-2']);
    // a rider hurt by an attack may be knocked off its mount (OUT-MNT-2)
    if (ctx.unit(victim.id).pools.hp.value < before && victim.id !== attacker.id) tryKnockOff(ctx, attacker, ctx.unit(victim.id), { opener: charges.some((c) => c.why === 'Opener'), critical });
  }
  const v = ctx.unit(victim.id);
  if (intended && dice && spec.type) {
    // ruling OUT-RES-3: a unit immune to the hit's element (or absorbing it) "neither takes nor receives damage
    // pertaining to said element": no Wounds, no Black&Blue from it; a hit brought to 0 by armour still wounds
    if (!takes && (spec.type === 'slashing' || spec.type === 'bludgeon') && v.status === 'active') ctx.note(() => `${v.name} takes no ${spec.element} damage: no ${spec.type === 'slashing' ? 'Wounds' : 'Black&Blue'} from ${spec.name} [OUT-RES-3, ${spec.type === 'slashing' ? 'OUT-WPN-2' : 'OUT-WPN-6'}]`);
    if (spec.type === 'slashing' && v.status === 'active' && takes) inflictWounds(ctx, attacker, v);
    if (spec.type === 'bludgeon' && v.status === 'active') {
      if (takes) inflictBlackAndBlue(ctx, attacker, v);
      tryShove(ctx, attacker, ctx.unit(v.id));
    }
    if (spec.type === 'piercing') passThrough(ctx, attacker, v, spec, dice, critical, charges, reachOf(ctx.state, attacker, victim, spec.range).range);
  }
  if (opts.effect && ctx.unit(victim.id).status === 'active') inflict(ctx, attacker, ctx.unit(victim.id), opts.effect);
}

export function resolveStrike(ctx: Resolution, attacker: Unit, target: Unit, spec: StrikeSpec, opts: StrikeOptions = {}): HitResult | 'reflected' {
  const restart = !opts.reaction && outOfCombat(ctx.state);
  const result = strike(ctx, attacker, target, spec, opts);
  // out of combat after a side went to ground, the first blow restarts it, on the attacker's terms (ruling OUT-OPEN-2)
  if (restart) restartCombat(ctx, `${attacker.name} strikes ${target.name}`);
  return result;
}

function strike(ctx: Resolution, attacker: Unit, target: Unit, spec0: StrikeSpec, opts: StrikeOptions): HitResult | 'reflected' {
  let spec = spec0;
  const own: Charge[] = spec.charge ? [{ charge: spec.charge, why: spec.name }] : [];
  const hidden = ctx.state.effects.find((f) => f.target === attacker.id && f.name === 'Hidden');
  if (hidden && !opts.reaction) {
    ctx.removeEffect(hidden.id, 'ended');
    if (hidden.data?.unaware) {
      own.push({ charge: 'super', why: 'Opener' });
      ctx.note(() => `Opener: ${target.name} is unaware of ${attacker.name}, who strikes from hiding with Super Charge [OUT-OPEN-1]`);
      // "some skills grant additional damage to Opener Attacks too!" (ruling OUT-OPEN-1)
      const extra = openerBonus(attacker, spec);
      if (extra && (spec.dice || spec.improvised)) {
        spec = { ...spec, openerDice: extra.dice };
        ctx.note(() => `${extra.from.join(', ')} add${extra.from.length > 1 ? '' : 's'} ${extra.dice} to the Opener's damage [OUT-OPEN-1]`);
      }
    } else {
      ctx.note(() => `${attacker.name} leaves hiding to attack [OUT-OPEN-2]`);
    }
  }
  const charges = chargesFor(ctx.state, attacker, target, own);
  if (spec.electric && isUnderwater(ctx.state, attacker)) {
    // "Using an electric attack is ill-advised and may only damage you" (ruling OUT-TER-2: it always does)
    ctx.note(() => `${attacker.name} looses ${spec.name} underwater: the current runs back into ${attacker.name} instead of ${target.name} [OUT-TER-2]`);
    landOn(ctx, attacker, attacker, spec, false, charges, false, {});
    return 'miss';
  }
  if (spec.magical && target.id !== attacker.id && hasEffect(ctx.state, target.id, 'Reflect')) {
    ctx.note(() => `${spec.name} misses ${target.name} by reflect [OUT-MISS-3]`);
    reflect(ctx, attacker, target, spec.name, (v) => landOn(ctx, attacker, v, spec, false, charges, false, opts));
    return 'reflected';
  }
  const odds = hitOdds(ctx.state, attacker, target, spec);
  const result = rollHit(ctx, attacker, target, spec, odds);
  // fire reaching wood cover sets it burning, whether the attack hits or not (ruling OUT-COV-4)
  burnWoodCover(ctx, attacker, target, spec.element);
  if (result === 'miss') {
    if (spec.missHurtsSelf) {
      ctx.note(() => `${spec.name} misses ${target.name} and hurts ${attacker.name} instead: ${spec.missHurtsSelf} [OUT-PET-3]`);
      landOn(ctx, attacker, ctx.unit(attacker.id), spec, false, charges, false, {});
    } else if (spec.delivery === 'projectile' && !spec.noStray) {
      // what the GM's answer needs to land the shot, asked only when the GM is asked (settings.strays: gm)
      const resume = (): Record<string, Json> => ({ charges: charges as unknown as Json, ...(spec.weapon ? { weapon: spec.weapon } : {}), ...(spec.skill ? { skill: spec.skill } : {}) });
      strayProjectile(ctx, attacker, target, spec.name, resume, (v) => landOn(ctx, attacker, v, spec, false, charges, false, opts));
    } else {
      // magic that fails its hit check is an ordinary miss; only a reflected one goes astray (ruling OUT-MISS-3)
      ctx.note(() => (spec.magical ? `${spec.name} simply misses ${target.name} (magic goes astray only when reflected) [OUT-MISS-3]` : `${spec.name} simply misses ${target.name} [OUT-MISS-1]`));
    }
    return 'miss';
  }
  landOn(ctx, attacker, ctx.unit(target.id), spec, result === 'critical', charges, true, opts);
  return result;
}

/** The GM picked where a stray projectile goes (settings.strays: gm). */
export function answerStray(ctx: Resolution, p: Pending, choice: Json): void {
  if (choice === 'nobody') {
    ctx.note('The GM rules the stray shot hits nobody [OUT-MISS-2]');
    return;
  }
  const attacker = ctx.unit(String(p.data.attacker));
  const victim = ctx.unit(String(choice));
  const d = dataOf(attacker);
  const w = d.weapons.find((x) => x.id === p.data.weapon);
  const k = d.skills.find((x) => x.id === p.data.skill);
  const spec = w ? weaponSpec(w) : skillSpec(k!);
  const effect = k ? effectOrderOf(k) : undefined;
  ctx.note(() => `The GM rules the stray shot hits ${victim.name} [OUT-MISS-2]`);
  landOn(ctx, attacker, victim, spec, false, (p.data.charges ?? []) as unknown as Charge[], false, effect && k?.kind === 'debuff' ? { effect } : {});
}
