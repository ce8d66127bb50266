/**
 * How a phase20 unit fights when no one steers it. 'aggressive': help a fainted ally up if next to one,
 * else strike the weakest enemy in reach with the best expected damage (by the preview's odds, with what a status
 * spell should add), else walk toward the nearest enemy, else ready an attack (which ends the turn), else end it.
 */
import { distributionOf } from '../../dice/index.ts';
import { profileOf } from './profile.ts';
import { distance } from '../../engine/space/grid.ts';
import { currentUnit, type ActionOption, type Cell, type Command, type EncounterState, type GridMap, type Listing, type Policy, type Unit, type UnitId } from '../../engine/index.ts';
import { canSpend, inActionPhase } from './actions.ts';
import { attackOption, canReadyAndEnd, castOption, endTurnOption, helpOption, moveToward, movesListed, passOption, readyOption } from './legal.ts';
import { canPrepare } from './turn.ts';
import type { Spell } from './schema.ts';
import { hasBlockers, inSight } from './sight.ts';
import { dataOf, dvOf, mod } from './model.ts';
import { attackWorth, castWorth, strikeWorth } from './preview.ts';
import { barredByBrace, spellHitBonus, statusDc } from './spell.ts';

const means = new Map<string, number>();
const meanOf = (dice: string): number => {
  let m = means.get(dice);
  if (m === undefined) means.set(dice, (m = distributionOf(dice).mean));
  return m;
};
const d20AtLeast = (need: number): number => Math.min(20, Math.max(0, 21 - need)) / 20;

/** A rough measure of what a unit deals in a turn: the larger dice of its physical weapons and harmful spells, on average (its profile's). */
const threat = (state: EncounterState, id: UnitId): number => profileOf(state.units[id]).threat;

/**
 * What a status spell is worth beyond its damage: the chance it lands (hit, then not resisted) times,
 * for each turn it lasts, its damage over time and — if it costs turns — what the target would have
 * dealt. Nothing for a status the target already has (casting again only renews it).
 */
function statusWorth(state: EncounterState, c: Command): number {
  if (c.type !== 'cast') return 0;
  const u = state.units[c.actor!];
  const s = dataOf(u).spells.find((x) => x.id === c.spell);
  return s ? statusWorthOf(state, u, state.units[c.target as string], s) : 0;
}

/** statusWorth of casting `s` at `t` (`dv`: the target's DV, when the caller has it). */
function statusWorthOf(state: EncounterState, u: Unit, t: Unit, s: Spell, dv?: number): number {
  const st = s.status;
  if (!st || s.heals || state.effects.some((f) => f.target === t.id && f.name === st.name)) return 0;
  const lands = d20AtLeast((dv ?? dvOf(state, t)) - spellHitBonus(state, u, s)) * (1 - d20AtLeast(statusDc(state, u, st) - mod(state, t, st.check)));
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

/**
 * The strikes of one narrow question, as numbers (no object per strike): the standing enemies in the unit
 * order (`foes`), and per strike the enemy's place among them and what strikes — a physical weapon's place
 * in the unit's profile (≥ 0) or a spell's in its spells (−1 − place). Reused question after question:
 * what a question wrote past its own count is never read.
 */
const foes: Unit[] = [];
const strikeFoe: number[] = [];
const strikeWith: number[] = [];
/** A foe's DV, asked once per question (NaN: not yet). */
const foeDv: number[] = [];
/** How many standing foes the last narrow question found (foes[0, foesFound)): the walk that follows reads them. */
let foesFound = 0;

/**
 * The narrow question of the aggressive policy, in the unit's own turn: in its Action Phase a Help if it
 * may help one up, else the best of the strikes it has — found from the unit's profile with the listing's
 * own tests, in the listing's order (legal.ts: attacks by weapon then unit order, then harmful spells),
 * weighed as the listing's options are (bestOf), and only the option chosen built; in its Preparation Phase
 * the Ready Attack, else the pass. `undefined` when it has nothing to strike (closeInOrEnd answers); `null`
 * when the listing would answer differently (not its turn, a decision open, the encounter not running):
 * then the policy asks the listing as before.
 */
function narrowAnswer(state: EncounterState, id: UnitId): ActionOption | null | undefined {
  const u = state.units[id];
  if (state.status !== 'active' || !u || u.status !== 'active') return null;
  for (let i = 0; i < state.pending.length; i++) if (state.pending[i].blocking !== false) return null;
  if (currentUnit(state) !== id) return null;
  // its own Preparation Phase (its last Action used): the listing offers the Ready Attack when there is one
  // to announce, and letting the turn pass; with nothing to strike or walk to, the policy readies (closeInOrEnd)
  if (!inActionPhase(state)) return canPrepare(u) ? readyOption(u, false) : passOption(id);
  // one pass over the units (a keyed lookup each): a fainted ally next to it to help up, else the standing
  // enemies, in the unit order, which every weapon and spell is then tried on
  const order = state.unitOrder;
  const at = u.position!;
  const canHelp = canSpend(state, u, 'generic');
  // counted, not cut back (an array's length set to 0 lets go of its store: a cost per question)
  let nFoes = 0;
  for (let i = 0; i < order.length; i++) {
    const t = state.units[order[i]];
    if (t.side !== u.side) {
      if (t.status === 'active') foes[nFoes++] = t;
    } else if (canHelp && t.status === 'down' && distance(at, t.position!) <= 1) return helpOption(id, t);
  }
  foesFound = nFoes;
  if (nFoes === 0) return undefined;
  const map = state.map as GridMap;
  const walls = hasBlockers(map);
  const p = profileOf(u);
  let n = 0;
  if (canSpend(state, u, 'attack')) {
    // the physical weapons and their ranges from the unit's profile (profile.ts)
    const physical = p.physical;
    for (let j = 0; j < physical.length; j++) {
      const range = physical[j].range;
      for (let i = 0; i < nFoes; i++) {
        const c = foes[i].position!;
        if (distance(at, c) <= range && (!walls || inSight(map, at, c))) {
          strikeFoe[n] = i;
          strikeWith[n++] = j;
        }
      }
    }
  }
  const spells = dataOf(u).spells;
  if (spells.length && canSpend(state, u, 'spell') && p.catalyst) {
    for (let j = 0; j < spells.length; j++) {
      const s = spells[j];
      // a heal is aimed at the caster's own side: never a strike. A harmful area always strikes the enemy
      // it is aimed at (standing, at its centre), so the listing never leaves one of these out as empty
      if (s.heals || barredByBrace(u, s)) continue;
      for (let i = 0; i < nFoes; i++) {
        const c = foes[i].position!;
        if (distance(at, c) > s.range || (walls && !inSight(map, at, c))) continue;
        strikeFoe[n] = i;
        strikeWith[n++] = -1 - j;
      }
    }
  }
  if (n === 0) return undefined;
  // bestOf's choice, over the numbers: the first of the weakest strikes worth the most
  let weakest = Infinity;
  for (let k = 0; k < n; k++) weakest = Math.min(weakest, foes[strikeFoe[k]].pools.hp.value);
  for (let i = 0; i < nFoes; i++) foeDv[i] = NaN;
  let best = 0;
  let bestValue = -1;
  for (let k = 0; k < n; k++) {
    const f = strikeFoe[k];
    const t = foes[f];
    if (t.pools.hp.value !== weakest) continue;
    let dv = foeDv[f];
    if (dv !== dv) foeDv[f] = dv = dvOf(state, t);
    const w = strikeWith[k];
    // an attack's worth read off the weapon's profile (strikeWorth's number; a weapon adds no status)
    // a spell's as the listing's option is weighed (strikeWorth + statusWorth), from the spell itself
    const value = w >= 0 ? attackWorth(state, u, t, p.physical[w], dv) : castWorth(state, u, t, spells[-1 - w], dv) + statusWorthOf(state, u, t, spells[-1 - w], dv);
    if (value > bestValue) {
      best = k;
      bestValue = value;
    }
  }
  const t = foes[strikeFoe[best]];
  const w = strikeWith[best];
  return w >= 0 ? attackOption(id, t, p.physical[w].weapon) : castOption(state, u, spells[-1 - w], t)!;
}

/** The first of the weakest strikes worth the most (expected damage, else the chance to land, with what a status adds). */
function bestOf<T>(state: EncounterState, strikes: readonly T[], hpOf: (o: T) => number, worthOf: (state: EncounterState, o: T) => number): T {
  // asked before most commands: plain loops over the strikes, no copies of them
  let weakest = Infinity;
  for (let i = 0; i < strikes.length; i++) weakest = Math.min(weakest, hpOf(strikes[i]));
  let best = strikes[0];
  let bestValue = -1;
  for (let i = 0; i < strikes.length; i++) {
    const o = strikes[i];
    if (hpOf(o) !== weakest) continue;
    // what the preview would show, without its words
    const value = worthOf(state, o);
    if (value > bestValue) {
      best = o;
      bestValue = value;
    }
  }
  return best;
}

/** What a listed strike is worth: the preview's expected damage (else its chance to land), with what a status adds. */
const optionValue = (state: EncounterState, c: Command): number => strikeWorth(state, c) + statusWorth(state, c);
const optionWorth = (state: EncounterState, o: ActionOption): number => optionValue(state, o.command);

export const aggressive: Policy = (state, id, options) => {
  // asked narrowly: in its own turn from the unit's profile (narrowAnswer), else of the listing;
  // the moves only when it would move
  const narrow = narrowAnswer(state, id);
  if (narrow === null) return aggressiveByListing(state, id, options);
  // nothing to strike: the walk toward the foes the question found (the standing enemies, in the unit order)
  return narrow ?? closeInOrEnd(state, id, options, null, foeCells());
};

/**
 * The same choice read off the listing's options (help, strikes, prepare, end_turn): what the policy asks
 * when the narrow question does not apply, and what src/rulesets/phase20/policy.test.ts holds the narrow answer to.
 */
export function aggressiveByListing(state: EncounterState, id: UnitId, options: Listing): ActionOption {
  const main = options.of('help', 'attack', 'cast', 'prepare', 'end_turn');
  const help = main.find((o) => o.command.type === 'help');
  if (help) return help;
  const strikes = main.filter((o) => o.command.type === 'attack' || (o.command.type === 'cast' && state.units[o.command.target as string]?.side !== state.units[id].side));
  if (strikes.length) return bestOf(state, strikes, (o) => state.units[o.command.target as string].pools.hp.value, optionWorth);
  return closeInOrEnd(state, id, options, main);
}

/** Where the foes the last narrow question found stand: enemyCells's answer, without a second pass over the units. */
function foeCells(): Cell[] {
  const out: Cell[] = [];
  for (let i = 0; i < foesFound; i++) if (foes[i].position) out.push(foes[i].position!);
  return out;
}

/**
 * Nothing to strike: walk toward the nearest enemy, else ready an attack, else end the turn (`main`: the
 * listing's prepare and end_turn options, in order; `null` in the unit's own Action Phase, where the
 * listing ends with the Ready Attack when there is one to announce, then the end of the turn: built alone;
 * `found`: the standing enemies' cells, when the caller has them).
 */
function closeInOrEnd(state: EncounterState, id: UnitId, options: Listing, main: ActionOption[] | null, found?: Cell[]): ActionOption {
  // next to an enemy already (or none in sight), no move gets closer — an enemy's cell cannot be entered —
  // so the moves are not even looked at; else the first listed move that ends nearest, built alone (the
  // walk over the stops ended at the first one next to an enemy: none can be nearer)
  const enemies = found ?? enemyCells(state, id);
  const here = nearest(enemies, state.units[id].position!);
  const move = here > 1 && here < Infinity && movesListed(state, id) ? moveToward(state, state.units[id], enemies, here, 1) : undefined;
  if (move) return move;
  // nothing to strike or walk toward: a readied attack costs nothing and may land (P20-PREP-1)
  if (main === null) {
    const u = state.units[id];
    return canReadyAndEnd(u) ? readyOption(u, true) : endTurnOption(u);
  }
  return main.find((o) => o.command.type === 'prepare') ?? main.find((o) => o.command.type === 'end_turn') ?? options.all[0];
}
