/**
 * How an outerah unit fights when no one steers it. 'aggressive': heal an ally (or itself) below half,
 * cast a buff or debuff not yet on its target, strike the weakest enemy with the best expected damage,
 * else walk toward the nearest enemy it can find, else end the turn facing that enemy.
 */
import { facingToward } from '../../engine/space/facing.ts';
import { distance } from '../../engine/space/grid.ts';
import { currentUnit, type ActionOption, type Cell, type EncounterState, type Listing, type Policy, type Unit } from '../../engine/index.ts';
import type { Element } from './elements.ts';
import { effectRow } from './effect-table.ts';
import { canBeTargeted, dataOf, enemiesOf, hasEffect, itemsOf, type Weapon } from './model.ts';
import { fieldOf, foesOf } from './field.ts';
import { itemElement, profileOf, weaponNamed, type SkillProfile } from './profile.ts';
import type { StrikeSpec } from './spec.ts';
import { attackOption, castOption, eachAttack, eachCast, eachItemUse, itemOption } from './open-actions.ts';
import { petAttacked } from './interference.ts';
import type { Skill } from './schema.ts';
import { strikeValue, strikeWorth } from './preview.ts';
import { effectOrderOf } from './skill-effects.ts';
import { partTwoChoice, sortOut } from './policy-extras.ts';
import { mountAndCannonOptions } from './legal-extras.ts';
import { endTurnOptions, moveToward } from './legal.ts';

/** The cells of the enemies `u` can find (OUT-OPEN-2), in unit order: what nearestEnemy measures against. */
function enemyCells(state: EncounterState, u: Unit): Cell[] {
  const out: Cell[] = [];
  for (const e of enemiesOf(state, u)) if (canBeTargeted(state, u, e)) out.push(e.position!);
  return out;
}

/** The nearest of `cells` to `at` (the first among equals). */
function nearestOf(cells: Cell[], at: Cell): { d: number; cell?: Cell } {
  let best: { d: number; cell?: Cell } = { d: Infinity };
  for (const c of cells) {
    const d = distance(at, c);
    if (d < best.d) best = { d, cell: c };
  }
  return best;
}

const skillOf = (state: EncounterState, o: ActionOption) => dataOf(state.units[o.command.actor!]).skills.find((k) => k.id === o.command.skill);

/** What it leaves out of its first question (listing.ts) — see `aggressive`. */
const NOT_ASKED = ['move', 'hookshot', 'dismount', 'swim', 'hide', 'chat', 'set_reaction', 'pet', 'tame', 'dismiss_mount', 'station', 'steer', 'attack_ship', 'enchant_orb', 'launch'];

/** A blocking decision is open: the listing offers its answers, nothing else (engine.ts). */
const awaiting = (state: EncounterState) => state.pending.some((p) => p.blocking !== false);

export const aggressive: Policy = (state, id, options, pick) => {
  const u = state.units[id];
  // on its own turn with no question pending, it asks typed questions (open-actions.ts) and builds only the
  // option it takes; else (a question to answer, not its turn) it reads the listing, as the whole listing
  if (state.status === 'active' && u?.status === 'active' && !awaiting(state) && currentUnit(state) === id) return onOwnTurn(state, u, options);
  return byListing(state, id, options, pick);
};

/**
 * The aggressive choice read off the listing's options: what `aggressive` takes when it is not on its own
 * turn (a question to answer), and on its own turn the choice its typed questions must agree with (tested).
 */
export const byListing: Policy = (state, id, options) => {
  const u = state.units[id];
  // asked narrowly (listing.ts): what it may choose but the moves first — not what it never takes by itself
  // (hides, swims, chats, hookshots, dismounts, tames, dismissals, reactions), nor what it asks for only when it
  // would take one (stations, steers, attacks on a ship, the catapult: partTwoChoice); the pet orders and the
  // moves from their searches, only when it would move (partTwoChoice, moveToward)
  const main = options.except(...NOT_ASKED);
  const special = partTwoChoice(state, u, sortOut(main), options);
  if (special) return special;
  // one pass sorting the options out (each list keeps the options' order)
  const support: ActionOption[] = []; // use_item and cast
  const strikes: ActionOption[] = [];
  for (const o of main) {
    const type = o.command.type;
    if (type === 'use_item') support.push(o);
    else if (type === 'cast') {
      support.push(o);
      if (skillOf(state, o)?.kind === 'attack') strikes.push(o);
    } else if (type === 'attack') strikes.push(o);
  }
  const hurt = (o: ActionOption) => {
    const t = state.units[o.command.target as string];
    return t.pools.hp.value < t.pools.hp.max / 2;
  };
  // healing of an element the target is immune to gives nothing (OUT-RES-3): not worth the action
  const healElement = (o: ActionOption) => (o.command.type === 'cast' ? skillOf(state, o)?.element : itemsOf(state).find((i) => i.id === o.command.item)?.element);
  const healsSome = (o: ActionOption) => {
    const element = healElement(o);
    return element === undefined || (dataOf(state.units[o.command.target as string]).resist[element] ?? 100) !== 0;
  };
  const heal = support.find((o) => (o.command.type === 'use_item' || (o.command.type === 'cast' && skillOf(state, o)?.kind === 'heal')) && hurt(o) && healsSome(o));
  if (heal) return heal;
  const effectCast = support.find((o) => {
    if (o.command.type !== 'cast') return false;
    const k = skillOf(state, o);
    if (!k || (k.kind !== 'buff' && k.kind !== 'debuff')) return false;
    const name = effectOrderOf(k)?.name;
    const t = state.units[o.command.target as string];
    if (k.kind === 'buff' && (dataOf(t).resist[k.element] ?? 100) === 0) return false; // it cannot land (OUT-RES-3)
    if (effectRow(name ?? '')?.timing === 'inspiration') return true;
    return !state.effects.some((f) => f.target === o.command.target && f.name === name);
  });
  if (effectCast) return effectCast;
  if (strikes.length) {
    const hpOf = (o: ActionOption) => state.units[o.command.target as string].pools.hp.value;
    // the strikes at the weakest target, in the options' order (one pass)
    let weakest = Infinity;
    let weak: ActionOption[] = [];
    for (const s of strikes) {
      const hp = hpOf(s);
      if (hp < weakest) [weakest, weak] = [hp, [s]];
      else if (hp === weakest) weak.push(s);
    }
    // one strike at the weakest: it is the best, whatever its value
    if (weak.length === 1) return weak[0];
    let best = strikes[0];
    let bestValue = -1;
    for (const o of weak) {
      // the preview's expected damage (or chance), without its words (strikeValue)
      const value = strikeValue(state, o.command);
      if (value > bestValue) [best, bestValue] = [o, value];
    }
    return best;
  }
  return closeIn(state, state.units[id], enemyCells(state, state.units[id]), main.filter((o) => o.command.type === 'end_turn'), options);
};

/**
 * No one to heal, nothing to cast, no one to strike: the listed move nearest the nearest enemy, if nearer than
 * here, else the end of the turn facing that enemy. Next to it already (or none found), no move gets closer —
 * an enemy's cell cannot be entered — so none is looked for; moves are listed only on its own turn with no
 * question pending (when the listing has the end of the turn: `ends`).
 */
function closeIn(state: EncounterState, u: Unit, foes: Cell[], ends: ActionOption[], options: Listing): ActionOption {
  const here = nearestOf(foes, u.position!);
  const move = ends.length && here.d > 1 && here.d < Infinity ? moveToward(state, u, foes, here.d) : undefined;
  if (move) return move;
  const face = here.cell ? facingToward(u.position!, here.cell) : undefined;
  for (let i = 0; i < ends.length; i++) if ((ends[i].command.facing ?? u.facing) === face) return ends[i];
  return ends[0] ?? options.all[0];
}

const hurt = (t: Unit) => t.pools.hp.value < t.pools.hp.max / 2;

/** Healing of an element the target is immune to gives nothing (OUT-RES-3): not worth the action. */
const healsSome = (element: Element | undefined, t: Unit) => element === undefined || (dataOf(t).resist[element] ?? 100) !== 0;

/**
 * A strike open to it, as typed facts: with a weapon, or an attack skill; `spec`: the strike a command naming
 * it makes (the first weapon or skill of its id, as attackCommand and castCommand find it), profiled.
 */
interface Strike {
  t: Unit;
  w?: Weapon;
  k?: Skill;
  spec: StrikeSpec;
  range: number;
}

/**
 * The aggressive choice on its own turn with no question pending, from typed facts (open-actions.ts) and the
 * unit's profile (profile.ts: its weapons' strikes and its skills' kinds and effects, built once per set-up):
 * the same choice, in the same order, as the listing's options give (`aggressive` reading them) — the option
 * taken is the very one the listing has (one builder), and no other option is built.
 */
function onOwnTurn(state: EncounterState, u: Unit, options: Listing): ActionOption {
  const id = u.id;
  // the units by number and whom its side may strike, gathered once for every question below (field.ts)
  const field = fieldOf(state);
  const units = field.units;
  const foes = foesOf(field, u);
  const p = profileOf(u);
  const strikes: Strike[] = [];
  // the weapon a command naming it strikes with (the first of its id: attackCommand's)
  eachAttack(state, u, units, (w, t, range) => void strikes.push({ t, w, spec: weaponNamed(p, w.id)!.spec, range }), foes.strike);
  // each cast with the skill a command naming it casts (the first of its id: castCommand's)
  const casts: { k: Skill; n: SkillProfile; t: Unit }[] = [];
  eachCast(state, u, units, (k, t, s) => void casts.push({ k, n: s.named, t }), foes.strike);
  const special = partTwoChoice(state, u, sortOut(mountAndCannonOptions(state, u), { anyAttack: strikes.length > 0, anyCast: casts.length > 0 }), options, field);
  if (special) return special;
  // a heal (a healing cast, then an item) on an ally below half that it can heal
  for (const { k, n, t } of casts) if (n.k.kind === 'heal' && hurt(t) && healsSome(n.k.element, t)) return castOption(state, u, k, t);
  let item: { item: string; t: Unit } | undefined;
  eachItemUse(state, u, units, (it, t) => hurt(t) && healsSome(itemElement(state, it), t) && (item = { item: it, t }) !== undefined);
  if (item) return itemOption(id, item.item, item.t);
  // a buff or debuff not yet on its target
  for (const { k, n, t } of casts) {
    const kind = n.k.kind;
    if (kind !== 'buff' && kind !== 'debuff') continue;
    if (kind === 'buff' && (dataOf(t).resist[n.k.element] ?? 100) === 0) continue; // it cannot land (OUT-RES-3)
    if (n.inspiration || n.effect === undefined || !hasEffect(state, t.id, n.effect)) return castOption(state, u, k, t);
  }
  for (const { k, n, t } of casts) if (n.k.kind === 'attack') strikes.push({ t, k, spec: n.spec!, range: 0 });
  if (strikes.length) {
    const late = strikes.some((s) => s.w) && petAttacked(state, u) ? ' (Trainer Interference)' : '';
    const optionOf = (s: Strike) => (s.w ? attackOption(id, s.w, s.t, s.range, late) : castOption(state, u, s.k!, s.t));
    // the strikes at the weakest target, in the options' order (one pass)
    let weakest = Infinity;
    let weak: Strike[] = [];
    for (const s of strikes) {
      const hp = s.t.pools.hp.value;
      if (hp < weakest) [weakest, weak] = [hp, [s]];
      else if (hp === weakest) weak.push(s);
    }
    // one strike at the weakest: it is the best, whatever its value
    if (weak.length === 1) return optionOf(weak[0]);
    let best = strikes[0];
    let bestValue = -1;
    for (const s of weak) {
      // the preview's expected damage (or chance), without its words, from the profiled strike (strikeWorth)
      const value = strikeWorth(state, u, s.t, s.spec, s.w !== undefined);
      if (value > bestValue) [best, bestValue] = [s, value];
    }
    return optionOf(best);
  }
  return closeIn(state, u, foes.cells, endTurnOptions(id, u.facing), options);
}
