/**
 * How a duel60 unit fights when no one steers it. 'aggressive', choosing only among the listed options:
 *   - a pending decision: reaction-policy.ts (Evade, else the reaction worth its cost; bleed on a dramatic blow);
 *   - take a killing blow when offered; rest when stamina is low (below LOW_STAMINA);
 *   - strike: the listed strike with the best score (strikes.ts: the share of the target's health it is
 *     expected to take plus the chance it leaves it defenseless; a projectile only as far as it lands —
 *     travel, Evade, what stands on its line), keeping 1 stamina back where it can — unless one move
 *     first (to a tile listed) makes a strike worth clearly more: then that move (to reach someone, to
 *     flank, to throw from where the projectile arrives this turn);
 *   - with the movement left and nothing to strike: if no enemy is in reach from where it stands, close
 *     in (approach.ts: on the enemy it can strike soonest, around walls); else Block if the stance
 *     would spare it anything (guard.ts: its movement has nothing better to do);
 *   - else rest if short of stamina, else end the turn.
 * Deterministic: it never calls `pick`; ties go to the first option listed. On its own turn it asks narrowly
 * (issue 40): the strikes as data from the listing's own loop (legal.ts visitStrikes), the option built only
 * for the one taken — the same choice as from the whole listing (policy-narrow.test.ts); with a decision
 * pending it chooses from the listing (`fromListing`).
 */
import { currentUnit, type ActionOption, type Command, type EncounterState, type Listing, type Policy, type Unit, type UnitId } from '../../engine/index.ts';
import { actionReason, movementReason } from './actions.ts';
import { approachMove } from './approach.ts';
import { bestStrike } from './best-strike.ts';
import { pairingIn, type Pairing } from './blow-odds.ts';
import { bestBlock } from './guard.ts';
import { blockOptions, castOptionOf, endTurnOption, listedMove, listedMoves, restOption, strikeCommand, strikeOptionOf, visitCasts, visitStrikes, type StrikeKind } from './legal.ts';
import { viewOf } from './fight-view.ts';
import { dataOf } from './model.ts';
import { answer } from './reaction-policy.ts';
import type { Ability, Weapon } from './schema.ts';
import { restReason } from './stance.ts';
import { strikeOdds, strikeOfCast, strikeOfCommand, strikeOfFound, strikesOf, type Odds, type Strike } from './strikes.ts';

/** Stamina below this: rest instead of attacking. */
export const LOW_STAMINA = 3;

/** A move first must make the strike worth this much more than striking from here (staying keeps the movement for Block). */
export const MOVE_FIRST = 1.1;

/**
 * The listed strike with the best score, keeping a stamina to dodge with if any listed strike does (D60-STA-1):
 * of the options, or of the strikes as data (`Found`, the narrow question below), in the listing's order;
 * `read` gives each one's target and strike (undefined: not one it weighs).
 */
function bestListed<O>(state: EncounterState, u: Unit, options: readonly O[], read: (o: O) => Listed<O> | undefined): { option: O; odds: Odds } | undefined {
  const stamina = u.pools.stamina.value;
  // working lists, emptied on each call (nothing it calls asks it again)
  const listed = listedNow;
  listed.length = 0;
  let spare = false;
  for (const o of options) {
    const x = read(o);
    if (!x || x.t.side === u.side || x.t.status !== 'active') continue;
    listed.push(x);
    if (x.s.stamina < stamina) spare = true;
  }
  // more limbs, or more weapons thrown, never deal less: weigh only the most of each (the first of the
  // most, in the order each kind was first listed) — a handful of options, compared field by field
  const most = mostNow;
  most.length = 0;
  for (const x of listed) {
    if (spare && x.s.stamina >= stamina) continue;
    let k = 0;
    while (k < most.length && !sameKind(most[k], x)) k++;
    if (k === most.length) most.push(x);
    else if (x.s.count > most[k].s.count) most[k] = x;
  }
  let best: { option: O; odds: Odds } | undefined;
  // each target's numbers read once for all the strikes at it (blow-odds.ts)
  let pair: Pairing | undefined;
  let paired: Unit | undefined;
  for (const { o, t, s } of most as Listed<O>[]) {
    if (s.type === 'attack' && paired !== t) [pair, paired] = [pairingIn(state, u, t), t];
    const odds = strikeOdds(state, u, t, s, u.position!, s.type === 'attack' ? pair : undefined);
    if (odds && odds.score > (best?.odds.score ?? 0)) best = { option: o, odds };
  }
  listed.length = 0;
  most.length = 0;
  return best;
}

const listedNow: Listed<unknown>[] = [];
const mostNow: Listed<unknown>[] = [];

interface Listed<O> {
  o: O;
  t: Unit;
  s: Strike;
}

/** A listed option's target and strike (attacks, throws, casts the policy weighs). */
function readOption(state: EncounterState, u: Unit, o: ActionOption): Listed<ActionOption> | undefined {
  if (o.command.type !== 'attack' && o.command.type !== 'throw' && o.command.type !== 'cast') return undefined;
  const t = state.units[o.command.target as string];
  const s = t && t.side !== u.side && t.status === 'active' ? strikeOfCommand(u, o.command) : undefined;
  return s && { o, t, s };
}

/** The same of a strike or spell found as data: the strike its command would make, no command built. */
function readFound(u: Unit, f: Found | FoundCast): Listed<Found | FoundCast> | undefined {
  if (f.t.side === u.side || f.t.status !== 'active') return undefined;
  const s = 'a' in f ? strikeOfCast(u, f.a.id) : strikeOfFound(u, f.kind, f.n, f.w);
  return s && { o: f, t: f.t, s };
}

/** The same strike but for its count: target, type, weapon or ability, vital point. */
const sameKind = <O>(a: Listed<O>, b: Listed<O>): boolean =>
  a.t.id === b.t.id && a.s.type === b.s.type && (a.s.weapon?.id ?? a.s.ability?.id ?? '') === (b.s.weapon?.id ?? b.s.ability?.id ?? '') && (a.s.vital === true) === (b.s.vital === true);

/** A strike the listing would offer, as visitStrikes found it: its command and option are built only if it is taken. */
interface Found {
  t: Unit;
  kind: StrikeKind;
  n: number;
  w: Weapon | null;
  range: number;
}

/** A spell the listing would offer, as visitCasts found it. */
interface FoundCast {
  command: Command;
  a: Ability;
  t: Unit;
}

const optionOf = (state: EncounterState, u: Unit, f: Found | FoundCast): ActionOption => ('a' in f ? castOptionOf(state, u, f.command, f.a, f.t) : strikeOptionOf(strikeCommand(u.id, f.t, f.kind, f.n, f.w), f.t, f.kind, f.n, f.w, f.range));

export const aggressive: Policy = (state, id, options) => {
  // the fight by number for this question (fight-view.ts): every reader below uses it while the state stands
  viewOf(state);
  const u = state.units[id];
  // a decision pending (its answers are the listing's), or nothing to list: the listing as it stands
  if (state.pending.length || state.status !== 'active' || !u || u.status !== 'active' || currentUnit(state) !== id) return fromListing(state, id, options);
  // its own turn: the same choice asked narrowly — the strikes as data (visitStrikes, the listing's own
  // loop and checks), each option built only for the one taken
  const found: (Found | FoundCast)[] = [];
  let kill: Found | undefined;
  if (!actionReason(state, u)) {
    visitStrikes(state, u, (t, kind, n, w, range) => {
      const f = { t, kind, n, w, range };
      if (kind === 'kill') kill ??= f;
      found.push(f);
      return false;
    });
    if (kill) return optionOf(state, u, kill);
  }
  if (dataOf(u).abilities.length) visitCasts(state, u, (command, a, t) => {
      found.push({ command, a, t });
    });
  const canRest = !restReason(state, u);
  if (canRest && u.pools.stamina.value < LOW_STAMINA) return restOption(u);
  const now = bestListed(state, u, found, (f) => readFound(u, f));
  if (!actionReason(state, u)) {
    const cells = listedMoves(state, id);
    if (cells.length) {
      const there = bestStrike(state, u, cells, 'score');
      if (there && there.odds.score > (now?.odds.score ?? 0) * MOVE_FIRST) return listedMove(state, id, there.cell);
    }
  }
  if (now) return optionOf(state, u, now.option);
  const engaged = bestStrike(state, u, [u.position!], 'score', undefined, strikesOf(state, u, u.pools.stamina.max), true) !== undefined;
  if (!engaged) {
    const cells = listedMoves(state, id);
    const m = cells.length ? approachMove(state, u, cells) : undefined;
    if (m) return listedMove(state, id, m);
  }
  if (!movementReason(state, u, false) && !dataOf(u).blocking) {
    const b = bestBlock(state, u, blockOptions(u));
    if (b) return b;
  }
  if (canRest && u.pools.stamina.value < u.pools.stamina.max) return restOption(u);
  return endTurnOption(u);
};

/** The same policy on the listing as it stands (a decision pending: its answers are listed, nothing else). */
export function fromListing(state: EncounterState, id: UnitId, options: Listing): ActionOption {
  // asked narrowly (listing.ts): everything but the moves (it never backs away), then the moves when it weighs them
  const main = options.except('move', 'backpedal');
  const answers = main.filter((o) => o.group === 'answer');
  if (answers.length) return answer(state, id, answers);
  const u = state.units[id];
  const kill = main.find((o) => o.command.type === 'kill');
  if (kill) return kill;
  const rest = main.find((o) => o.command.type === 'rest');
  if (rest && u.pools.stamina.value < LOW_STAMINA) return rest;
  const now = bestListed(state, u, main, (o) => readOption(state, u, o));
  // the listed moves as tiles: the option is built for the one taken
  if (!actionReason(state, u)) {
    const cells = listedMoves(state, id);
    if (cells.length) {
      const there = bestStrike(state, u, cells, 'score');
      if (there && there.odds.score > (now?.odds.score ?? 0) * MOVE_FIRST) return listedMove(state, id, there.cell);
    }
  }
  if (now) return now.option;
  // nothing to strike now: put the movement to use
  // in reach of someone from here (a projectile only if it would arrive within the turn)?
  const engaged = bestStrike(state, u, [u.position!], 'score', undefined, strikesOf(state, u, u.pools.stamina.max), true) !== undefined;
  if (!engaged) {
    const cells = listedMoves(state, id);
    const m = cells.length ? approachMove(state, u, cells) : undefined;
    if (m) return listedMove(state, id, m);
  }
  const blocks = main.filter((o) => o.command.type === 'block');
  if (blocks.length) {
    const b = bestBlock(state, u, blocks);
    if (b) return b;
  }
  if (rest && u.pools.stamina.value < u.pools.stamina.max) return rest;
  return main.find((o) => o.command.type === 'end_turn') ?? options.all[0];
}
