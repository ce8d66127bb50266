/**
 * How a phase20 unit fights when no one steers it. 'aggressive': help a fainted ally up if next to one,
 * else strike the weakest enemy in reach with the best expected damage (by the preview's odds, with what a status
 * spell should add), else walk toward the nearest enemy, else ready an attack (which ends the turn), else end it.
 */
import { distributionOf } from '../../dice/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { type ActionOption, type Cell, type EncounterState, type Policy, type UnitId } from '../../engine/index.ts';
import { moveToward, movesListed } from './legal.ts';
import { dataOf, dvOf, mod } from './model.ts';
import { strikeWorth } from './preview.ts';
import { spellBonus, statusDc } from './spell.ts';

const means = new Map<string, number>();
const meanOf = (dice: string): number => {
  let m = means.get(dice);
  if (m === undefined) means.set(dice, (m = distributionOf(dice).mean));
  return m;
};
const d20AtLeast = (need: number): number => Math.min(20, Math.max(0, 21 - need)) / 20;

/** A rough measure of what a unit deals in a turn: the larger dice of its physical weapons and harmful spells, on average. */
function threat(state: EncounterState, id: UnitId): number {
  const d = dataOf(state.units[id]);
  let best = 0;
  for (const w of d.weapons) if (w.physical !== false) best = Math.max(best, meanOf(w.damage));
  for (const s of d.spells) if (!s.heals && s.damage) best = Math.max(best, meanOf(s.damage));
  return best;
}

/**
 * What a status spell is worth beyond its damage: the chance it lands (hit, then not resisted) times,
 * for each turn it lasts, its damage over time and — if it costs turns — what the target would have
 * dealt. Nothing for a status the target already has (casting again only renews it).
 */
function statusWorth(state: EncounterState, o: ActionOption): number {
  if (o.command.type !== 'cast') return 0;
  const u = state.units[o.command.actor!];
  const t = state.units[o.command.target as string];
  const s = dataOf(u).spells.find((x) => x.id === o.command.spell);
  const st = s?.status;
  if (!s || !st || s.heals || state.effects.some((f) => f.target === t.id && f.name === st.name)) return 0;
  const lands = d20AtLeast(dvOf(state, t) - spellBonus(state, u, s).bonus) * (1 - d20AtLeast(statusDc(state, u, st) - mod(state, t, st.check)));
  return lands * st.turns * ((st.damage ? meanOf(st.damage) : 0) + (st.skipTurn ? threat(state, t.id) : 0));
}

/** Where the unit's standing enemies are. */
function enemyCells(state: EncounterState, id: UnitId): Cell[] {
  const u = state.units[id];
  const out: Cell[] = [];
  for (const oid of state.unitOrder) {
    const o = state.units[oid];
    if (o.side !== u.side && o.status === 'active' && o.position) out.push(o.position);
  }
  return out;
}

function nearest(enemies: Cell[], at: Cell): number {
  let best = Infinity;
  for (let i = 0; i < enemies.length; i++) best = Math.min(best, distance(at, enemies[i]));
  return best;
}

export const aggressive: Policy = (state, id, options) => {
  // asked narrowly (listing.ts): only what it may choose, the moves only when it would move
  const main = options.of('help', 'attack', 'cast', 'prepare', 'end_turn');
  const help = main.find((o) => o.command.type === 'help');
  if (help) return help;
  const strikes = main.filter((o) => o.command.type === 'attack' || (o.command.type === 'cast' && state.units[o.command.target as string]?.side !== state.units[id].side));
  if (strikes.length) {
    const hpOf = (o: ActionOption) => state.units[o.command.target as string].pools.hp.value;
    // asked before most commands: plain loops over the strikes, no copies of them
    let weakest = Infinity;
    for (let i = 0; i < strikes.length; i++) weakest = Math.min(weakest, hpOf(strikes[i]));
    let best = strikes[0];
    let bestValue = -1;
    for (let i = 0; i < strikes.length; i++) {
      const o = strikes[i];
      if (hpOf(o) !== weakest) continue;
      // what the preview would show (expected damage, else the chance to land), without its words
      const value = strikeWorth(state, o.command) + statusWorth(state, o);
      if (value > bestValue) {
        best = o;
        bestValue = value;
      }
    }
    return best;
  }
  // next to an enemy already (or none in sight), no move gets closer — an enemy's cell cannot be entered —
  // so the moves are not even looked at; else the first listed move that ends nearest, built alone
  const enemies = enemyCells(state, id);
  const here = nearest(enemies, state.units[id].position!);
  const move = here > 1 && here < Infinity && movesListed(state, id) ? moveToward(state, state.units[id], enemies, here) : undefined;
  if (move) return move;
  // nothing to strike or walk toward: a readied attack costs nothing and may land (P20-PREP-1)
  return main.find((o) => o.command.type === 'prepare') ?? main.find((o) => o.command.type === 'end_turn') ?? options.all[0];
};
