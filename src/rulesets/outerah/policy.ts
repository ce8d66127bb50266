/**
 * How an outerah unit fights when no one steers it. 'aggressive': heal an ally (or itself) below half,
 * cast a buff or debuff not yet on its target, strike the weakest enemy with the best expected damage,
 * else walk toward the nearest enemy it can find, else end the turn facing that enemy.
 */
import { facingToward } from '../../engine/space/facing.ts';
import { distance } from '../../engine/space/grid.ts';
import { type ActionOption, type Cell, type EncounterState, type Policy, type Unit } from '../../engine/index.ts';
import { effectRow } from './effect-table.ts';
import { canBeTargeted, dataOf, enemiesOf, itemsOf } from './model.ts';
import { strikeValue } from './preview.ts';
import { effectOrderOf } from './skill-effects.ts';
import { partTwoChoice } from './policy-extras.ts';
import { moveToward } from './legal.ts';

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

export const aggressive: Policy = (state, id, options) => {
  // asked narrowly (listing.ts): what it may choose but the moves first — not what it never takes by itself
  // (hides, swims, chats, hookshots, dismounts, tames, dismissals, reactions), nor what it asks for only when it
  // would take one (stations, steers, attacks on a ship, the catapult: partTwoChoice); the pet orders and the
  // moves from their searches, only when it would move (partTwoChoice, moveToward)
  const main = options.except('move', 'hookshot', 'dismount', 'swim', 'hide', 'chat', 'set_reaction', 'pet', 'tame', 'dismiss_mount', 'station', 'steer', 'attack_ship', 'enchant_orb', 'launch');
  const special = partTwoChoice(state, state.units[id], main, options);
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
  const foes = enemyCells(state, state.units[id]);
  const here = nearestOf(foes, state.units[id].position!);
  const ends = main.filter((o) => o.command.type === 'end_turn');
  // the listed move nearest the nearest enemy, if nearer than here; next to it already (or none found), no
  // move gets closer — an enemy's cell cannot be entered — so none is looked for; moves are listed only on
  // its own turn with no question pending (when the listing has the end of the turn)
  const move = ends.length && here.d > 1 && here.d < Infinity ? moveToward(state, state.units[id], foes, here.d) : undefined;
  if (move) return move;
  const face = here.cell ? facingToward(state.units[id].position!, here.cell) : undefined;
  return ends.find((o) => (o.command.facing ?? state.units[id].facing) === face) ?? ends[0] ?? options.all[0];
};
