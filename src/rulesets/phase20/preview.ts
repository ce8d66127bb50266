/** Exact odds before rolling: hit chance and the damage distribution, from the dice algebra. */
import { distributionOf, Distribution } from '../../dice/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { affectedOdds, hitOdds, reject, withMisses, type Command, type EncounterState, type Preview, type Rejection, type Unit, type UnitId } from '../../engine/index.ts';
import { damageBonus, hitBonus } from './attack.ts';
import { modsChanged, profileOf, type WeaponProfile } from './profile.ts';
import { dataOf, dvOf, isBraced } from './model.ts';
import { spellDamageBonus, spellDamageTerms, spellHitBonus, spellTargets, statusDc } from './spell.ts';
import { mod } from './model.ts';
import type { Term } from '../../engine/index.ts';
import type { Spell, Weapon } from './schema.ts';

const sumMods = (terms: Term[]) => terms.reduce((a, t) => a + (t.kind === 'mod' ? t.value : 0), 0);

/** P(d20 + bonus op target). */
function d20Chance(bonus: number, ok: (total: number) => boolean): number {
  let n = 0;
  for (let f = 1; f <= 20; f++) if (ok(f + bonus)) n++;
  return n / 20;
}

/**
 * Distributions are immutable and depend only on these three: computed once per combination, found by
 * the dice, then the Brace, then the bonus (a policy weighs every strike it has before each command: a
 * string key built and hashed per strike was a third of the weighing).
 */
const damageCache = new Map<string, { plain: Map<number, Distribution>; braced: Map<number, Distribution> }>();
let damageCached = 0;

function damageDist(dice: string, bonus: number, braced: boolean): Distribution {
  let byDice = damageCache.get(dice);
  if (!byDice) damageCache.set(dice, (byDice = { plain: new Map(), braced: new Map() }));
  const byBonus = braced ? byDice.braced : byDice.plain;
  let d = byBonus.get(bonus);
  if (!d) {
    d = distributionOf(dice).map((v) => Math.max(0, v + bonus));
    if (braced) d = d.map((v) => Math.floor(v / 2));
    if (damageCached >= 1000) {
      // bounded: start afresh, keeping only this dice's (now empty) maps
      damageCache.clear();
      byDice.plain.clear();
      byDice.braced.clear();
      damageCache.set(dice, byDice);
      damageCached = 0;
    }
    byBonus.set(bonus, d);
    damageCached++;
  }
  return d;
}

function finish(chance: number, onHit: Distribution | undefined, notes: string[], why: string, target: UnitId, note?: string): Preview {
  if (!onHit) return { chance, why, notes, affected: [affectedOdds(target, chance, undefined, note)] };
  const damage = withMisses(chance, onHit);
  const odds = hitOdds(chance, damage);
  return { ...odds, why, notes, affected: [{ unit: target, ...odds, ...(note ? { note } : {}) }] };
}

/** The face the d20 needs, with what the rules say of natural rolls (P20-ATK-1: none; it is d20 + bonus against DV). */
function needs(bonus: number, dv: number, beat: boolean): string {
  const face = beat ? dv - bonus + 1 : dv - bonus;
  if (face > 20) return `d20 + ${bonus} ${beat ? 'must beat' : 'must reach'} DV ${dv}: no face is enough`;
  if (face <= 1) return `d20 + ${bonus} ${beat ? 'beats' : 'reaches'} DV ${dv} on any face`;
  return `d20 + ${bonus} ${beat ? 'must beat' : 'must reach'} DV ${dv}: ${face}+ on the die${beat ? ' (a tie misses)' : ' (a tie hits)'}`;
}

/**
 * What a policy weighs an attack with a weapon profile by (strikeWorth's number for it; `dv`: the target's
 * DV, when the caller has it): the expected
 * damage, misses counted as 0. Without a role or an effect changing a modifier, read off the profile —
 * its hit bonus, and its damage on a hit made once per set-up (`plainHit`) — else reckoned as the preview does.
 */
export function attackWorth(state: EncounterState, u: Unit, t: Unit, wp: WeaponProfile, dv?: number): number {
  if (modsChanged(state, u)) {
    const o = attackOdds(state, u, t, wp.weapon);
    return withMisses(o.chance, o.onHit).mean;
  }
  dv ??= dvOf(state, t);
  const chance = d20Beats(wp.hitBase, dv);
  const braced = state.effects.length !== 0 && isBraced(state, t.id);
  const onHit = braced ? damageDist(wp.weapon.damage, wp.damageBase, true) : (wp.plainHit ??= damageDist(wp.weapon.damage, wp.damageBase, false));
  return withMisses(chance, onHit).mean;
}

/** P(d20 + bonus > dv): d20Chance's count, without a test per face. */
const d20Beats = (bonus: number, dv: number): number => Math.min(20, Math.max(0, 20 - (dv - bonus))) / 20;

/** A weapon attack's odds (P20-ATK-1..3): the hit check's bonus, the DV it must beat, its chance, the damage on a hit. */
function attackOdds(state: EncounterState, u: Unit, t: Unit, w: Weapon) {
  const dv = dvOf(state, t);
  // the sums alone (attack.ts): the named terms are the log's, not the odds'
  const bonus = hitBonus(state, u, w);
  const chance = d20Chance(bonus, (x) => x > dv);
  const braced = isBraced(state, t.id);
  return { dv, bonus, chance, braced, onHit: damageDist(w.damage, damageBonus(state, u, w), braced) };
}

/** A harmful spell's odds on one struck unit (P20-SPL-2..3): the spell check's bonus, the DV it must reach, its chance, the damage on a hit. */
function spellOdds(state: EncounterState, u: Unit, s: Spell, v: Unit) {
  const dv = dvOf(state, v);
  const bonus = spellHitBonus(state, u, s);
  const chance = d20Chance(bonus, (x) => x >= dv);
  return { dv, bonus, chance, onHit: s.damage ? damageDist(s.damage, spellDamageBonus(state, u), isBraced(state, v.id)) : undefined };
}

/**
 * What a policy weighs a strike by, without the preview's words: the expected damage the preview shows
 * (misses counted as 0) — for the aimed-at unit of an area spell — or, for a spell that deals none, its
 * chance to land; 0 when the command is not a strike the preview knows.
 */
export function strikeWorth(state: EncounterState, cmd: Command): number {
  const u = state.units[cmd.actor ?? ''];
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  if (!u || !t) return 0;
  if (cmd.type === 'attack') {
    const w = attackWeapon(u, cmd);
    if (!w) return 0;
    const wp = profileOf(u).weapon(w);
    if (wp) return attackWorth(state, u, t, wp);
    const o = attackOdds(state, u, t, w);
    return withMisses(o.chance, o.onHit).mean;
  }
  if (cmd.type !== 'cast') return 0;
  const s = dataOf(u).spells.find((x) => x.id === cmd.spell);
  if (!s) return 0;
  return castWorth(state, u, t, s);
}

/**
 * strikeWorth's number for casting `s` at `t` (`dv`: the target's DV, when the caller has it): a heal 1; else the expected damage, misses counted as 0, or
 * for a spell that deals none its chance to land. Without a role or effect changing a modifier and the
 * target not bracing, the damage on a hit is the spell profile's, made once per set-up (`plainHit`).
 */
export function castWorth(state: EncounterState, u: Unit, t: Unit, s: Spell, dv?: number): number {
  if (s.heals) return 1;
  if (s.damage && !modsChanged(state, u) && !(state.effects.length !== 0 && isBraced(state, t.id))) {
    const sp = profileOf(u).spell(s);
    if (sp) {
      const chance = d20Reaches(sp.hitBase, dv ?? dvOf(state, t));
      return withMisses(chance, (sp.plainHit ??= damageDist(s.damage, profileOf(u).spellDamageBase, false))).mean;
    }
  }
  const o = spellOdds(state, u, s, t);
  return o.onHit ? withMisses(o.chance, o.onHit).mean : o.chance;
}

/** P(d20 + bonus >= dv): d20Chance's count, without a test per face. */
const d20Reaches = (bonus: number, dv: number): number => Math.min(20, Math.max(0, 21 - (dv - bonus))) / 20;

const attackWeapon = (u: Unit, cmd: Command): Weapon | undefined =>
  dataOf(u).weapons.find((x) => x.id === cmd.weapon) ?? dataOf(u).weapons.find((x) => x.physical !== false);

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  if (cmd.type === 'attack') {
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    const w = attackWeapon(u, cmd);
    if (!w) return reject('action/no_weapon', `${u.name} has no weapon`);
    const { dv, bonus, chance, braced, onHit } = attackOdds(state, u, t, w);
    const notes = [`range ${distance(u.position!, t.position!)}/${w.range}`, ...(braced ? [`${t.name} is bracing: damage halved`] : [])];
    return finish(chance, onHit, notes, needs(bonus, dv, true), t.id);
  }
  if (cmd.type === 'cast') {
    const s = dataOf(u).spells.find((x) => x.id === cmd.spell);
    if (!s) return reject('action/unknown_spell', `${u.name} knows no spell "${String(cmd.spell)}"`, 'spell');
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    if (s.heals) {
      const heal = distributionOf(s.damage ?? '0').map((v) => Math.max(0, v + sumMods(spellDamageTerms(state, u))));
      const healed = `heals ${heal.min}–${heal.max} (mean ${heal.mean.toFixed(1)})`;
      return { chance: 1, why: 'a heal needs no roll to land', notes: [healed], affected: [affectedOdds(t.id, 1, undefined, healed)] };
    }
    // one spell check against each struck unit's DV (P20-SPL-2): the aimed-at unit's odds head the panel,
    // everyone else the area strikes is listed with their own
    const castOn = (v: Unit): Preview => {
      const { dv, bonus, chance, onHit } = spellOdds(state, u, s, v);
      const notes: string[] = [];
      let note: string | undefined;
      if (s.status) {
        const dc = statusDc(state, u, s.status);
        const resist = d20Chance(mod(state, v, s.status.check), (x) => x >= dc);
        note = `${s.status.name}: DC ${dc}, ${v.name} resists ${(resist * 100).toFixed(0)}%; lands ${(chance * (1 - resist) * 100).toFixed(0)}%`;
        notes.push(note);
      }
      return finish(chance, onHit, notes, needs(bonus, dv, false), v.id, note);
    };
    const main = castOn(t);
    if (!s.radius || !t.position) return main;
    const others = spellTargets(state, u, s, t.position, t.id).filter((v) => v.id !== t.id);
    return others.length ? { ...main, affected: [...(main.affected ?? []), ...others.flatMap((v) => castOn(v).affected ?? [])] } : main;
  }
  return { notes: [] };
}
