/**
 * Exact odds before rolling (from the dice algebra): the chance to land including the critical check,
 * facing, half cover's second die and full cover; and the damage distribution through the same
 * damage pipeline the resolution uses.
 */
import { distributionOf, Distribution } from '../../dice/index.ts';
import { hitOdds as engineHitOdds, isRejection, reject, type Command, type EncounterState, type GridMap, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { adjacentInCone } from '../../engine/space/area.ts';
import { chargeFactor, chargesFor, type Charge } from './charges.ts';
import { damageNumbers, flatValue } from './damage.ts';
import { resistanceOf } from './elements.ts';
import { hitChance, hitNumbers, hitOdds } from './hit.ts';
import { movePreview } from './move.ts';
import { improvisedDice } from './improvised.ts';
import { dataOf, hasEffect, itemsOf, settingsOf, stat } from './model.ts';
import { profileOf, skillNamed, weaponNamed } from './profile.ts';
import { effectRow } from './effect-table.ts';
import { buffChance } from './effects.ts';
import { healingNote } from './heal.ts';
import type { Skill } from './schema.ts';
import { effectOrderOf, openerBonus } from './skill-effects.ts';
import { struckBy } from './skill-area.ts';
import { lateInterference } from './attack.ts';
import { skillSpec, weaponSpec, type StrikeSpec } from './spec.ts';

function ownCharges(state: EncounterState, u: Unit, spec: StrikeSpec): Charge[] {
  const own: Charge[] = spec.charge ? [{ charge: spec.charge, why: spec.name }] : [];
  const hidden = state.effects.find((f) => f.target === u.id && f.name === 'Hidden');
  if (hidden?.data?.unaware) own.push({ charge: 'super', why: 'Opener' });
  return own;
}

/**
 * Who a missed projectile may stray into (OUT-MISS-2): a d6 picks one of the cells beside the target in
 * the cone from the attacker; each unit standing on one of the first six is hit one time in six of the misses.
 */
function strayRisk(state: EncounterState, u: Unit, t: Unit, chance: number): string | undefined {
  if (chance >= 1 || !u.position || !t.position || state.map?.kind !== 'grid') return undefined;
  const cells = adjacentInCone(u.position, t.position, state.map as GridMap).slice(0, 6);
  const at = cells.flatMap((c) => state.unitOrder.map((id) => state.units[id]).filter((v) => v.id !== u.id && v.status === 'active' && v.position?.x === c.x && v.position?.y === c.y));
  if (!at.length) return undefined;
  const each = ((1 - chance) / 6) * 100;
  const gm = settingsOf(state).strays === 'gm';
  const who = at.map((v) => `${v.name}${v.side === u.side ? ' (an ally)' : ''}`).join(', ');
  return `A miss may stray into ${who}${gm ? ' (the GM decides)' : `: ${each.toFixed(1)}% each`} [OUT-MISS-2]`;
}

/** A strike's numbers without its words: the hit odds, the chance, and the damage when it has dice and can land. */
interface StrikeNumbers {
  odds: ReturnType<typeof hitOdds>;
  chance: number;
  own: Charge[];
  bonus?: ReturnType<typeof openerBonus>;
  dice?: string;
  summary?: ReturnType<typeof engineHitOdds>;
}

function strikeNumbers(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec): StrikeNumbers {
  const odds = hitOdds(state, u, t, spec);
  const chance = hitChance(odds);
  const own = ownCharges(state, u, spec);
  // an Opener's bonus dice from skills (ruling OUT-OPEN-1), as strike.ts rolls them
  const bonus = own.some((c) => c.why === 'Opener') ? openerBonus(u, spec) : undefined;
  const base = spec.improvised ? improvisedDice(u).notation : spec.dice;
  const dice = base && bonus ? `${base}+${bonus.dice}` : base;
  const out: StrikeNumbers = { odds, chance, own, ...(bonus ? { bonus } : {}), ...(dice ? { dice } : {}) };
  if (!dice || odds.cover.level === 'full') return out;
  const pc = Math.max(0, Math.min(100, odds.crit)) / 100;
  const ph = Math.max(0, Math.min(100, odds.threshold)) / 100;
  const keep = odds.coverDie ? 0.5 : 1;
  const charges = chargesFor(state, u, t, own);
  const pCrit = pc * keep;
  // advantage rolls two D100 and keeps the lower: the chance and the damage both count it (hitChance)
  const pHit = (1 - pc) * (odds.advantage ? 1 - (1 - ph) ** 2 : ph) * keep;
  const damage = mixture(damageKey(u, t, spec, dice, charges), pCrit, pHit, () => onHitsOf(u, t, spec, dice, charges));
  out.summary = engineHitOdds(pCrit + pHit, damage);
  return out;
}

/** The damage of a hit and of a critical on every face of `dice`: damageFrom's numbers (damageNumbers, tested equal). */
function onHitsOf(u: Unit, t: Unit, spec: StrikeSpec, dice: string, charges: Charge[]): { onCrit: Distribution; onHit: Distribution } {
  const base = distributionOf(dice);
  const through = (crit: boolean) => base.map((v) => damageNumbers(u, t, spec, v, crit, charges).damage);
  return { onCrit: through(true), onHit: through(false) };
}

/**
 * What the aggressive policy weighs a strike by (strikeValue's number) from the strike itself: `spec`, the
 * weapon's or skill's as a command naming it strikes (`byWeapon`: an attack, under Trainer Interference if it
 * bears one). strikeNumbers' arithmetic on hitNumbers (no terms, no words): the damage mixture's mean — the
 * preview's expected damage — or, with no dice or behind full cover, the chance.
 */
export function strikeWorth(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec, byWeapon: boolean): number {
  if (byWeapon) spec = lateInterference(state, u, t, spec)?.spec ?? spec;
  if (reflects(state, t, spec)) return 0;
  const odds = hitNumbers(state, u, t, spec);
  const pc = Math.max(0, Math.min(100, odds.crit)) / 100;
  const ph = Math.max(0, Math.min(100, odds.threshold)) / 100;
  const keep = odds.coverDie ? 0.5 : 1;
  const hit = odds.advantage ? 1 - (1 - ph) ** 2 : ph;
  if (odds.full) return 0;
  const own = ownCharges(state, u, spec);
  // an Opener's bonus dice from skills (ruling OUT-OPEN-1), as strike.ts rolls them
  const bonus = own.some((c) => c.why === 'Opener') ? openerBonus(u, spec) : undefined;
  const base = spec.improvised ? improvisedDice(u).notation : spec.dice;
  const dice = base && bonus ? `${base}+${bonus.dice}` : base;
  // hitChance's number: P(crit) + P(no crit)·P(hit), halved by the cover die
  if (!dice) return (pc + (1 - pc) * hit) * keep;
  const charges = chargesFor(state, u, t, own);
  const pCrit = pc * keep;
  const pHit = (1 - pc) * hit * keep;
  return mixture(damageKey(u, t, spec, dice, charges), pCrit, pHit, () => onHitsOf(u, t, spec, dice, charges)).mean;
}

const reflects = (state: EncounterState, t: Unit, spec: StrikeSpec) => spec.magical && hasEffect(state, t.id, 'Reflect');

function strikePreview(state: EncounterState, u: Unit, t: Unit, spec: StrikeSpec): Preview {
  if (reflects(state, t, spec)) return { chance: 0, why: `${t.name} reflects magic: it lands on a 2d10 cell of the 10×10 area around ${t.name} instead [OUT-MISS-3]`, affected: [{ unit: t.id, chance: 0 }] };
  const { odds, chance, bonus, dice, summary } = strikeNumbers(state, u, t, spec);
  const angle = odds.angle === 'front' ? 'head-on −10' : odds.angle === 'back' ? 'from behind +10' : 'from the side';
  const cover = odds.cover.level === 'full' ? '; full cover from the front: no hit' : odds.coverDie ? '; half cover: a second die, odd misses (×½)' : odds.bypass ? `; half cover bypassed: ${odds.bypass}` : '';
  const why = `critical on D100 ≤ ${odds.crit}, hit on D100 ≤ ${odds.threshold} (${angle}${odds.advantage ? ', advantage: the lower of two D100' : ''})${cover}`;
  const risk = spec.delivery === 'projectile' ? strayRisk(state, u, t, chance) : undefined;
  const notes: string[] = [];
  if (bonus && dice) notes.push(`Opener: ${bonus.from.join(', ')} add${bonus.from.length > 1 ? '' : 's'} ${bonus.dice}`);
  if (!summary) return { chance, why, notes, affected: [{ unit: t.id, chance }], ...(risk ? { risk } : {}) };
  return { ...summary, why, notes, affected: [{ unit: t.id, ...summary }], ...(risk ? { risk } : {}) };
}

/**
 * What the aggressive policy weighs a strike by — the preview's expected damage, or its chance where it has
 * no damage (0 for a refusal) — without the preview's words, stray risk and others struck (the aimed-at
 * target's odds are the preview's). The same number as `preview(state, cmd)` read that way (tested).
 */
export function strikeValue(state: EncounterState, cmd: Command): number {
  const u = state.units[cmd.actor ?? ''];
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  // the weapon or skill as the command finds it, profiled (profile.ts: its spec built once per set-up)
  if (u && t && cmd.type === 'attack') {
    const w = weaponNamed(profileOf(u), cmd.weapon);
    if (w) return strikeWorth(state, u, t, w.spec, true);
  } else if (u && t && cmd.type === 'cast') {
    const k = skillNamed(profileOf(u), cmd.skill);
    if (k?.spec) return strikeWorth(state, u, t, k.spec, false);
  }
  const p = preview(state, cmd);
  return isRejection(p) ? 0 : p.expectedDamage ?? p.chance ?? 0;
}

/**
 * Everything damageFrom's number reads besides the die (share 1, as previews have it): the dice, the flat
 * terms' sum (damageNumbers adds them to the die first), the charges' product, the spec's factors in order and
 * the target's resistance to the element. Two strikes with the same key deal the same damage on every face, critical or not.
 */
function damageKey(u: Unit, t: Unit, spec: StrikeSpec, dice: string, charges: Charge[]): string {
  // damageNumbers adds the flat terms up before anything else: their sum is all it reads of them
  let factors = '';
  if (spec.factors) for (const f of spec.factors) factors += `${f.factor},`;
  return `${dice}|${flatValue(u, t, spec)}|${chargeFactor(charges)}|${factors}|${resistanceOf(dataOf(t).resist, spec.element)}`;
}

/** Distributions are immutable: the damage on a hit and on a critical, by damageKey; with them, the mixtures by the chances. */
const onHits = new Map<string, { onCrit: Distribution; onHit: Distribution }>();
/** The mixtures by damageKey, then the chances as numbers (no key spelt of them); at most 1,000 kept, apart from onHits. */
const mixtures = new Map<string, Map<number, Map<number, Distribution>>>();
let mixedCount = 0;

function mixture(key: string, pCrit: number, pHit: number, build: () => { onCrit: Distribution; onHit: Distribution }): Distribution {
  let byCrit = mixtures.get(key);
  let byHit = byCrit?.get(pCrit);
  let kept = byHit?.get(pHit);
  if (kept) return kept;
  let hits = onHits.get(key);
  if (!hits) {
    hits = build();
    if (onHits.size >= 1000) onHits.clear();
    onHits.set(key, hits);
  }
  const parts: [number, Distribution][] = [[pCrit, hits.onCrit], [pHit, hits.onHit], [1 - pCrit - pHit, Distribution.constant(0)]];
  kept = Distribution.mix(parts.filter(([p]) => p > 1e-12));
  if (mixedCount >= 1000) {
    mixtures.clear();
    mixedCount = 0;
    byCrit = byHit = undefined;
  }
  if (!byCrit) mixtures.set(key, (byCrit = new Map()));
  if (!byHit) byCrit.set(pCrit, (byHit = new Map()));
  byHit.set(pHit, kept);
  mixedCount++;
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
    // the strike the attack makes: under Trainer Interference, without Strength (OUT-PET-3)
    const spec = weaponSpec(w);
    return strikePreview(state, u, t, lateInterference(state, u, t, spec)?.spec ?? spec);
  }
  if (cmd.type === 'cast') {
    const k = dataOf(u).skills.find((x) => x.id === cmd.skill);
    if (!k) return reject('action/unknown_skill', `${u.name} knows no skill "${String(cmd.skill)}"`, 'skill');
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    if (k.kind === 'attack' || k.kind === 'debuff') {
      const spec = skillSpec(k);
      const p = strikePreview(state, u, t, spec);
      const others = struckBy(state, u, k, t).slice(1);
      // the odds are the aimed-at target's; the area strikes the others too, each with its own roll (ruling OUT-PET-5): each listed with its odds
      if (!others.length) return p;
      const more = others.flatMap((v) => strikePreview(state, u, v, spec).affected ?? []);
      return { ...p, affected: [...(p.affected ?? []), ...more], notes: [...(p.notes ?? []), `the area also strikes ${others.map((v) => v.name).join(', ')} (each its own hit check and damage)`] };
    }
    if (k.magical && t.id !== u.id && hasEffect(state, t.id, 'Reflect')) return { chance: 0, why: `${t.name} reflects magic: ${k.name} lands on a 2d10 cell of the 10×10 area around ${t.name} instead [OUT-MISS-3]`, affected: [{ unit: t.id, chance: 0 }] };
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
  if (resistanceOf(dataOf(t).resist, k.element) === 0) return { chance: 0, why: `${t.name} is immune to ${k.element}: no ${row.name} from it [OUT-RES-3]`, affected: [{ unit: t.id, chance: 0 }] };
  const chance = buffChance(row, stat(u, 'wisdom'));
  return { chance: chance / 100, why: `${row.name} takes hold on D100 ≤ ${chance} (its rate by ${u.name}'s Wisdom) [OUT-EFF-6]`, affected: [{ unit: t.id, chance: chance / 100 }] };
}
