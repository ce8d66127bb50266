/**
 * Exact odds before rolling (from the dice algebra): the chance to land including the critical check,
 * facing, half cover's second die and full cover; and the damage distribution through the same
 * damage pipeline the resolution uses.
 */
import { distributionOf, Distribution } from '../../dice/index.ts';
import { reject, type Command, type EncounterState, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { chargeFactor, chargesFor, type Charge } from './charges.ts';
import { damageFrom, flatTerms } from './damage.ts';
import { resistanceOf } from './elements.ts';
import { hitChance, hitOdds } from './hit.ts';
import { movePreview } from './move.ts';
import { improvisedDice } from './improvised.ts';
import { dataOf, hasEffect, itemsOf, stat } from './model.ts';
import { effectRow } from './effect-table.ts';
import { buffChance } from './effects.ts';
import { healingNote } from './heal.ts';
import type { Skill } from './schema.ts';
import { effectOrderOf, openerBonus } from './skill-effects.ts';
import { struckBy } from './skill-area.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';

function ownCharges(state: EncounterState, u: Unit, spec: StrikeSpec): Charge[] {
  const own: Charge[] = spec.charge ? [{ charge: spec.charge, why: spec.name }] : [];
  const hidden = state.effects.find((f) => f.target === u.id && f.name === 'Hidden');
  if (hidden?.data?.unaware) own.push({ charge: 'super', why: 'Opener' });
  return own;
}

function strikePreview(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec): Preview {
  if (spec.magical && hasEffect(state, t.id, 'Reflect')) return { chance: 0, notes: [`${t.name} reflects magic: it lands on a 2d10 cell of the 10×10 area instead`] };
  const odds = hitOdds(state, u, t, spec);
  const chance = hitChance(odds);
  const pc = Math.max(0, Math.min(100, odds.crit)) / 100;
  const ph = Math.max(0, Math.min(100, odds.threshold)) / 100;
  const keep = odds.coverDie ? 0.5 : 1;
  const notes = [
    `critical: D100 ≤ ${odds.crit}; hit: D100 ≤ ${odds.threshold} (${odds.angle === 'front' ? 'head-on −10' : odds.angle === 'back' ? 'from behind +10' : 'from the side'})`,
    ...(odds.cover.level === 'full' ? ['full cover from the front: no hit'] : odds.coverDie ? ['half cover: a second die, odd misses (×½)'] : odds.bypass ? [`half cover bypassed: ${odds.bypass}`] : []),
  ];
  const own = ownCharges(state, u, spec);
  // an Opener's bonus dice from skills (ruling OUT-OPEN-1), as strike.ts rolls them
  const bonus = own.some((c) => c.why === 'Opener') ? openerBonus(u, spec) : undefined;
  const base = spec.improvised ? improvisedDice(u).notation : spec.dice;
  const dice = base && bonus ? `${base}+${bonus.dice}` : base;
  if (bonus && base) notes.push(`Opener: ${bonus.from.join(', ')} add${bonus.from.length > 1 ? '' : 's'} ${bonus.dice}`);
  if (!dice || odds.cover.level === 'full') return { chance, notes };
  const charges = chargesFor(state, u, t, own);
  const pCrit = pc * keep;
  const pHit = (1 - pc) * ph * keep;
  const { damage, landed } = mixture(damageKey(u, t, spec, dice, charges), pCrit, pHit, () => {
    const base = distributionOf(dice);
    const through = (crit: boolean) => base.map((v) => damageFrom(u, t, spec, { kind: 'dice', label: dice, faces: [], value: v }, crit, charges).damage);
    return { onCrit: through(true), onHit: through(false) };
  });
  return { chance, damage, expectedDamage: damage.mean, damageOnHit: { min: landed.min, max: landed.max, mean: landed.mean }, notes };
}

/**
 * Everything damageFrom's number reads besides the die (share 1, as previews have it): the dice, the flat
 * terms' values in order, the charges' product, the spec's factors in order and the target's resistance
 * to the element. Two strikes with the same key deal the same damage on every face, critical or not.
 */
function damageKey(u: Unit, t: Unit, spec: StrikeSpec, dice: string, charges: Charge[]): string {
  let flat = '';
  for (const term of flatTerms(u, t, spec)) if (term.kind === 'mod') flat += `${term.value},`;
  let factors = '';
  for (const f of spec.factors ?? []) factors += `${f.factor},`;
  return `${dice}|${flat}|${chargeFactor(charges)}|${factors}|${resistanceOf(dataOf(t).resist, spec.element)}`;
}

/** Distributions are immutable: the damage on a hit and on a critical, by damageKey; the mixtures by key and chances. */
const onHits = new Map<string, { onCrit: Distribution; onHit: Distribution }>();
const mixtures = new Map<string, { damage: Distribution; landed: Distribution }>();

function mixture(key: string, pCrit: number, pHit: number, build: () => { onCrit: Distribution; onHit: Distribution }): { damage: Distribution; landed: Distribution } {
  const mixKey = `${pCrit}|${pHit}|${key}`;
  let kept = mixtures.get(mixKey);
  if (kept) return kept;
  let hits = onHits.get(key);
  if (!hits) {
    hits = build();
    if (onHits.size >= 1000) onHits.clear();
    onHits.set(key, hits);
  }
  const { onCrit, onHit } = hits;
  const parts: [number, Distribution][] = [[pCrit, onCrit], [pHit, onHit], [1 - pCrit - pHit, Distribution.constant(0)]];
  const damage = Distribution.mix(parts.filter(([p]) => p > 1e-12));
  const pLand = pCrit + pHit;
  const landed = pLand > 0 ? Distribution.mix(([[pCrit / pLand, onCrit], [pHit / pLand, onHit]] as [number, Distribution][]).filter(([p]) => p > 0)) : onHit;
  kept = { damage, landed };
  if (mixtures.size >= 1000) mixtures.clear();
  mixtures.set(mixKey, kept);
  return kept;
}

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  if (cmd.type === 'move') {
    const to = cmd.to;
    if (!Array.isArray(to) || to.length !== 2) return reject('command/bad_cell', '"to" must be a cell [x, y]', 'to');
    return movePreview(state, u, { x: Number(to[0]), y: Number(to[1]) });
  }
  if (cmd.type === 'attack') {
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    const w = dataOf(u).weapons.find((x) => x.id === cmd.weapon) ?? dataOf(u).weapons[0];
    if (!w) return reject('action/no_weapon', `${u.name} has no weapon`);
    return strikePreview(state, u, t, weaponSpec(w));
  }
  if (cmd.type === 'cast') {
    const k = dataOf(u).skills.find((x) => x.id === cmd.skill);
    if (!k) return reject('action/unknown_skill', `${u.name} knows no skill "${String(cmd.skill)}"`, 'skill');
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    if (k.kind === 'attack' || k.kind === 'debuff') {
      const p = strikePreview(state, u, t, skillSpec(k));
      const others = struckBy(state, u, k, t).slice(1);
      // the odds are the aimed-at target's; the area strikes the others too, each with its own roll (ruling OUT-PET-5)
      return others.length ? { ...p, notes: [...(p.notes ?? []), `the area also strikes ${others.map((v) => v.name).join(', ')} (each its own hit check and damage)`] } : p;
    }
    if (k.magical && t.id !== u.id && hasEffect(state, t.id, 'Reflect')) return { chance: 0, notes: [`${t.name} reflects magic: ${k.name} lands on a 2d10 cell of the 10×10 area instead`] };
    if (k.kind === 'heal') return { notes: [healingNote(state, t, k.dice!, k.element, k.name, 'spell')] };
    return supportPreview(state, u, t, k);
  }
  if (cmd.type === 'use_item') {
    // say what the potion will roll: no chance to miss, but dice all the same (OUT-HEAL-1)
    const item = itemsOf(state).find((i) => i.id === cmd.item);
    if (!item) return reject('action/bad_item', `there is no item "${String(cmd.item)}"`, 'item');
    return { notes: [healingNote(state, t ?? u, item.heal, item.element, item.name, 'potion')] };
  }
  return { notes: [] };
}

/** A buff's success roll (OUT-EFF-6): D100 ≤ its rate by the caster's Wisdom; an immune target gets nothing (OUT-RES-3). */
function supportPreview(state: EncounterState, u: Unit, t: Unit, k: Skill): Preview {
  const order = effectOrderOf(k);
  const row = order && effectRow(order.name);
  if (!row) return { notes: [`${k.name} (${k.kind})`] };
  if (resistanceOf(dataOf(t).resist, k.element) === 0) return { chance: 0, notes: [`${t.name} is immune to ${k.element}: no ${row.name} from it`] };
  const chance = buffChance(row, stat(u, 'wisdom'));
  return { chance: chance / 100, notes: [`${row.name} success: D100 ≤ ${chance}`] };
}
