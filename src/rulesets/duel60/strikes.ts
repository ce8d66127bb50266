/**
 * What a duel60 unit could strike with, and what a strike is worth from a given tile: the aggressive
 * policy's estimate for where the unit stands, for tiles it could move to first, and for its next turn.
 * The blows are counted exactly as preview.ts counts them; on top, what a preview leaves out:
 *   - a projectile must still get there (D60-PRJ-1): it flies floor(speed / 10) tiles at the end of each
 *     of the thrower's turns, so one that does not arrive this turn hits only if the target stays on its
 *     line — it counts only against a target that cannot move (Root, Drowning, Stun, Suppressed); a
 *     target able to Evade (D60-PRJ-2) dodges it for free, so it is worth nothing; a wall first on the
 *     line stops it, and an ally first on the line would take it, so it is not thrown at all;
 *   - area magic (D60-DMG-4) hits every enemy around its target.
 */
import { attackAngle } from '../../engine/space/facing.ts';
import { distance, terrainAt } from '../../engine/space/grid.ts';
import { ray } from '../../engine/space/line.ts';
import type { Cell, Command, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import { currentView } from './fight-view.ts';
import { agilityOf, cannotDodge, dataOf, enemiesOf, has, heldInPlace, projectileSpeed } from './model.ts';
import { attackOdds, pairingIn, type Pairing } from './blow-odds.ts';
import { oddsAt, pairOdds, SEEN_INDEX, slotOf } from './odds-table.ts';
import { areaDamage, attackBlows, knockedAway, seriesOutlook, spellBlows, throwBlows, type BlowSpec } from './preview.ts';
import { tilesPerTurn } from './projectile.ts';
import type { Ability, SideEffectName, Weapon } from './schema.ts';
import { projectileCap } from './throw.ts';

export interface Strike {
  type: 'attack' | 'throw' | 'cast';
  /** The weapon struck or thrown with (none: fists). */
  weapon?: Weapon;
  ability?: Ability;
  /** Limbs swung, or weapons thrown. */
  count: number;
  /** At a vital point (D60-VIT-1). */
  vital?: boolean;
  /** The farthest target it reaches (tiles). */
  reach: number;
  stamina: number;
  /** A projectile: its speed, and whether the target may react to it. */
  flight?: { speed: number; reactable: boolean };
}

export interface Odds {
  /** Expected damage (health, each target's capped at what it has left). */
  expected: number;
  /**
   * What the policy maximises: for each target hit, the share of its health the strike is expected to
   * take plus the chance it leaves it defenseless — so finishing a weak enemy beats scratching a strong one.
   */
  score: number;
}

const NOTHING: Odds = { expected: 0, score: 0 };

/** Damage-dealing enemy abilities only: a spell without power is not weighed. */
const hurts = (a: Ability): boolean => a.target === 'enemy' && a.power !== undefined;

/**
 * The strongest form of each of the unit's strikes it can pay for with `stamina`, keeping one back
 * where it can (at 0 it can neither act nor dodge, D60-STA-1): up to 5 limbs, each weapon, as many of
 * each throwing weapon as a throw allows, each damaging spell (none while Silenced).
 */
export function strikesOf(state: EncounterState, u: Unit, stamina = u.pools.stamina.value): Strike[] {
  // kept by a current view of the fight for its version (shared: nobody changes a strike or the list)
  const view = currentView(state);
  if (!view) return strikesNow(state, u, stamina);
  const kept = view.strikes;
  for (let i = 0; i < kept.length; i++) if (kept[i].unit === u && kept[i].stamina === stamina) return kept[i].strikes;
  const strikes = strikesNow(state, u, stamina);
  kept.push({ unit: u, stamina, strikes });
  return strikes;
}

function strikesNow(state: EncounterState, u: Unit, stamina: number): Strike[] {
  const out: Strike[] = [];
  // the strikes that read nothing of the unit but a weapon are shared (nobody changes a strike)
  if (stamina >= 1) {
    const n = Math.max(1, Math.min(5, stamina - 1));
    out.push(Number.isInteger(n) ? LIMB_STRIKES[n - 1] : { type: 'attack', count: n, reach: 1, stamina: n });
  }
  for (const w of dataOf(u).weapons) {
    if (w.stamina <= stamina) out.push(weaponStrike(w));
    if (!w.thrown) continue;
    const affordable = w.stamina > 0 ? Math.floor(Math.max(stamina - 1, w.stamina) / w.stamina) : Infinity;
    const count = Math.min(projectileCap(u, w), w.count, affordable);
    if (count >= 1 && w.stamina * count <= stamina) out.push({ type: 'throw', weapon: w, count, reach: w.thrown.range, stamina: w.stamina * count, flight: { speed: projectileSpeed(u, w.thrown.speed).speed, reactable: true } });
  }
  if (!has(state, u.id, 'Silence')) {
    for (const a of dataOf(u).abilities) {
      if (!hurts(a) || a.stamina > stamina) continue;
      out.push(castStrike(u, a));
    }
  }
  return out;
}

/** A spell's strike: one literal per shape (a spread of a flight or of nothing made a new object twice over). */
function castStrike(u: Unit, a: Ability): Strike {
  if (!a.projectile) {
    // one per ability record (nothing of the caster in it): shared
    let s = castStrikes.get(a);
    if (!s) castStrikes.set(a, (s = { type: 'cast', ability: a, count: 1, reach: a.range, stamina: a.stamina }));
    return s;
  }
  return { type: 'cast', ability: a, count: 1, reach: a.range, stamina: a.stamina, flight: { speed: projectileSpeed(u, a.projectile.speed).speed, reactable: !a.nonReactionary } };
}

/** The strike a listed command makes (undefined: not one the policy weighs). */
export function strikeOfCommand(u: Unit, cmd: Command): Strike | undefined {
  const d = dataOf(u);
  if (cmd.type === 'attack') {
    let s: Strike;
    if (cmd.weapon === undefined) {
      const n = Array.isArray(cmd.limbs) ? cmd.limbs.length : 1;
      s = { type: 'attack', count: n, reach: 1, stamina: n };
    } else {
      const w = d.weapons.find((x) => x.id === cmd.weapon);
      if (!w) return undefined;
      s = { type: 'attack', weapon: w, count: 1, reach: w.reach, stamina: w.stamina };
    }
    if (cmd.vital === true) s.vital = true;
    return s;
  }
  if (cmd.type === 'throw') {
    const w = d.weapons.find((x) => x.id === cmd.weapon);
    const count = typeof cmd.count === 'number' ? cmd.count : 1;
    return w?.thrown && { type: 'throw', weapon: w, count, reach: w.thrown.range, stamina: w.stamina * count, flight: { speed: projectileSpeed(u, w.thrown.speed).speed, reactable: true } };
  }
  if (cmd.type === 'cast') {
    const a = d.abilities.find((x) => x.id === cmd.ability);
    return a && hurts(a) ? castStrike(u, a) : undefined;
  }
  return undefined;
}

/**
 * strikeOfCommand of the command legal.ts strikeCommand builds for a strike visitStrikes found (`n` limbs, a
 * strike or a throw of `n` of weapon `w` — found by its id, as the command names it — or a vital point),
 * without the command: the policy builds the command of the one strike it takes.
 */
export function strikeOfFound(u: Unit, kind: 'limbs' | 'weapon' | 'throw' | 'vital' | 'kill', n: number, w: Weapon | null): Strike | undefined {
  // shared strikes for the kinds that read nothing of the unit but the weapon (nobody changes a strike)
  if (kind === 'limbs') return n >= 1 && n <= 5 && Number.isInteger(n) ? LIMB_STRIKES[n - 1] : { type: 'attack', count: n, reach: 1, stamina: n };
  if (kind === 'vital') return VITAL_STRIKE;
  if (kind === 'kill') return undefined;
  const x = dataOf(u).weapons.find((v) => v.id === w!.id);
  if (kind === 'weapon') return x && weaponStrike(x);
  return x?.thrown && { type: 'throw', weapon: x, count: n, reach: x.thrown.range, stamina: x.stamina * n, flight: { speed: projectileSpeed(u, x.thrown.speed).speed, reactable: true } };
}

const LIMB_STRIKES: Strike[] = [1, 2, 3, 4, 5].map((n) => ({ type: 'attack', count: n, reach: 1, stamina: n }));
const VITAL_STRIKE: Strike = { type: 'attack', count: 1, reach: 1, stamina: 1, vital: true };
const castStrikes = new WeakMap<Ability, Strike>();
/** A weapon's strike, one per weapon record (a record an event replaces, never edits). */
const weaponStrikes = new WeakMap<Weapon, Strike>();
function weaponStrike(w: Weapon): Strike {
  let s = weaponStrikes.get(w);
  if (!s) weaponStrikes.set(w, (s = { type: 'attack', weapon: w, count: 1, reach: w.reach, stamina: w.stamina }));
  return s;
}

/** strikeOfCommand of a cast of ability `id` (found by its id, as the command names it). */
export function strikeOfCast(u: Unit, id: string): Strike | undefined {
  const a = dataOf(u).abilities.find((x) => x.id === id);
  return a && hurts(a) ? castStrike(u, a) : undefined;
}

/** Turns of the thrower a projectile needs to fly `d` tiles (Infinity if it does not move). */
export function arrivalTurns(speed: number, d: number): number {
  const per = tilesPerTurn(speed);
  return per > 0 ? Math.max(1, Math.ceil(d / per)) : Infinity;
}

/** Held in place: it cannot step off a projectile's line before the projectile arrives. */
const HOLDS: SideEffectName[] = ['Root', 'Drowning', 'Stun', 'Suppressed'];
const held = (state: EncounterState, t: Unit): boolean => HOLDS.some((e) => has(state, t.id, e));

/** Would `t` Evade a projectile of this speed (D60-PRJ-2: Agility ≥ its speed, free to move, able to dodge)? */
export function canEvade(state: EncounterState, t: Unit, speed: number): boolean {
  // the threshold reads Agility as it stands, avoiding eye contact included (as projectile.ts offers it)
  return agilityOf(t) >= speed && !heldInPlace(state, t) && !cannotDodge(state, t);
}

/**
 * The share of a projectile's blow that lands: 0 when `t` evades it or a wall stops it first, null when
 * anyone but an able enemy stands first on its line (an ally or a defenseless body would take it).
 */
export function flightShare(state: EncounterState, u: Unit, t: Unit, from: Cell, s: Strike): number | null {
  const f = s.flight!;
  if (f.reactable && canEvade(state, t, f.speed)) return 0;
  const d = distance(from, t.position!);
  const turns = arrivalTurns(f.speed, d);
  if (turns === Infinity) return 0;
  const map = state.map as GridMap;
  for (const c of ray(from, t.position!, d, map)) {
    if (c.x === t.position!.x && c.y === t.position!.y) break;
    if (terrainAt(map, c).blocksMove) return 0;
    for (const id of state.unitOrder) {
      const o = state.units[id];
      if (o.id === u.id || o.status === 'dead' || !o.position || o.position.x !== c.x || o.position.y !== c.y) continue;
      if (o.side === u.side || o.status !== 'active') return null;
    }
  }
  // a later turn: a target free to move has stepped off the line by then (measured: counting it at all wastes throws)
  return turns === 1 || held(state, t) ? 1 : 0;
}

function oddsOfBlows(spec: BlowSpec, share: number): Odds {
  const dealt = seriesOutlook(spec);
  const expected = dealt.mean * share;
  return { expected, score: expected / spec.health + dealt.kills * share };
}

/**
 * What strike `s` of `u` at `t` is worth from tile `from` (null: out of reach, or it would hit an ally).
 * `u` keeps its own position in the state: only `from` says where it strikes from.
 */
export function strikeOdds(state: EncounterState, u: Unit, t: Unit, s: Strike, from: Cell, pair?: Pairing): Odds | null {
  const d = distance(from, t.position!);
  if (d > s.reach || d === 0 || t.status !== 'active') return null;
  // an attack from the pair's numbers (blow-odds.ts: the same margins and tables attackBlows reads); `pair`, when the caller weighs several strikes at `t`
  if (s.type === 'attack') {
    const seen = t.facing ? attackAngle(from, t.position!, t.facing) : 'front';
    const p = pair ?? pairingIn(state, u, t);
    const away = !s.weapon && knockedAway(state, u, t, from);
    // read from the pair's table (odds-table.ts) when it holds this strike and health
    const table = pairOdds(state, u, t, p);
    const slot = table ? slotOf(table, s) : -1;
    if (slot < 0) return attackOdds(p, s.weapon ?? null, s.count, s.vital === true, seen, d <= 1, away, 1);
    const k = oddsAt(table!, slot, SEEN_INDEX[seen], d <= 1, away);
    return { expected: table!.entries[k], score: table!.entries[k + 1] };
  }
  let share = 1;
  if (s.flight) {
    const f = flightShare(state, u, t, from, s);
    if (f === null) return null;
    if (f === 0) return NOTHING;
    share = f;
  }
  return landedOdds(state, u, t, s, from, share);
}

/**
 * What strike `s` is worth from `from` once in reach, `share` of it landing (see flightShare). `blocked`:
 * the cells a flurry's knock back cannot enter (attackBlows' own when not given); `away`: whether that knock
 * back moves the target, when the caller knows (attackBlows asks it otherwise).
 */
export function landedOdds(state: EncounterState, u: Unit, t: Unit, s: Strike, from: Cell, share: number, blocked?: (c: Cell) => boolean, away?: boolean): Odds {
  if (s.type === 'attack') return oddsOfBlows(attackBlows(state, u, t, s.weapon ?? null, s.count, s.vital === true, from, blocked, away), share);
  if (s.type === 'throw') return oddsOfBlows(throwBlows(state, u, t, s.weapon!, s.count, from), share);
  const a = s.ability!;
  if (!a.area) return oddsOfBlows(spellBlows(state, u, t, a, from), share);
  // area magic: every enemy within the radius of the target, no contest (D60-DMG-4)
  let expected = 0;
  let score = 0;
  for (const v of enemiesOf(state, u)) {
    if (distance(v.position!, t.position!) > a.area.radius) continue;
    const dealt = areaDamage(state, u, v, a, from) * share;
    expected += dealt;
    score += dealt / v.pools.hp.value + (dealt >= v.pools.hp.value ? share : 0);
  }
  return { expected, score };
}
