/**
 * The odds of an attack by number (issue 40, point 2): what one unit's blow is worth on another is
 * kept in a typed table per pairing of their fixed numbers, filled once for every fight of a set-up.
 *
 * A unit's **profile** is what no event of a fight writes: its weapons and perks (lists an event replaces,
 * never edits: the fork shares them) and the stats the blow reads (Agility, Speed, Strength, Endurance —
 * a GM's `stat.set` can change one, so a profile is checked against the stats as they stand and another
 * made when they differ). A **pair table** (attacker profile × target profile) holds the odds of every
 * attack (limbs 1–5 or a weapon, at a vital point or not) by the angle that counts, whether a flurry's
 * knock back moves the target, and the target's health, in sub-tables by the few things a fight does
 * change: whether the target is helpless or cannot dodge, who avoids eye contact, the target's block
 * stance. Each entry is blow-odds.ts's `attackOdds` on a pairing made of those very numbers, asked once:
 * the same function, the same numbers, so the same odds to the last digit — read afterwards as two
 * doubles by index, for every tile, every question, every fork.
 */
import type { EncounterState, Unit } from '../../engine/index.ts';
import type { AttackAngle } from '../../engine/space/facing.ts';
import { attackOdds, type Pairing } from './blow-odds.ts';
import { flankFrom } from './contest.ts';
import { currentView } from './fight-view.ts';
import { agilityOf, agilityStat, dataOf, enduranceOf, has, speedOf, strengthOf, type Perk } from './model.ts';
import type { Weapon } from './schema.ts';
import type { Strike } from './strikes.ts';

/** A unit's fixed numbers: shared by every fork of a set-up (kept by its weapon list). */
interface Profile {
  weapons: Weapon[];
  perks: Perk[];
  agility: number;
  speed: number;
  strength: number;
  endurance: number;
  /** Pair tables with each target's profile. */
  pairs: Map<Profile, PairTable>;
}

/** Profiles by their weapon list (the same list is every fork's); a few per list, stats told apart. */
const profiles = new WeakMap<Weapon[], Profile[]>();

/** The unit's profile, kept by a current view of the fight for its version (fight-view.ts) when there is one. */
function profileIn(state: EncounterState, u: Unit): Profile {
  const view = currentView(state);
  if (!view) return profileOf(u);
  const i = view.units.indexOf(u);
  // a unit not in the state as such (a copy with other data, as Block's estimate makes): looked up afresh
  if (i < 0) return profileOf(u);
  return ((view.profiles[i] as Profile | undefined) ??= profileOf(u));
}

function profileOf(u: Unit): Profile {
  const d = dataOf(u);
  const weapons = d.weapons;
  let list = profiles.get(weapons);
  if (!list) profiles.set(weapons, (list = []));
  const agility = agilityStat(u);
  const speed = speedOf(u);
  const strength = strengthOf(u);
  const endurance = enduranceOf(u);
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if (p.perks === d.perks && p.agility === agility && p.speed === speed && p.strength === strength && p.endurance === endurance) return p;
  }
  const p: Profile = { weapons, perks: d.perks, agility, speed, strength, endurance, pairs: new Map() };
  if (list.length >= 8) list.shift();
  list.push(p);
  return p;
}

/** Slots of attacks: 1–5 limbs, then each weapon; each at a vital point or not. */
const LIMB_SLOTS = 5;
const ANGLES: AttackAngle[] = ['front', 'side', 'back'];
const SEEN: Record<AttackAngle, number> = { front: 0, side: 1, back: 2 };
/** A table's health is indexed up to this (a larger health is worked out each time, as before). */
const MAX_HEALTH = 1000;

interface PairTable {
  attacker: Profile;
  target: Profile;
  /** The angle that counts by the angle seen (0–2) × 2 + close quarters: flankFrom on the two Speeds. */
  flank: Int8Array;
  slots: number;
  /** Health indexed 0..health. */
  health: number;
  /** By situation (see `situationOf`): entries [expected, score] by health, slot, angle, away; NaN: not yet. */
  bySituation: (Float64Array | undefined)[];
}

function pairTable(a: Profile, t: Profile, health: number): PairTable {
  let table = a.pairs.get(t);
  if (table && table.health >= health) return table;
  const flank = new Int8Array(6);
  for (let seen = 0; seen < 3; seen++) {
    flank[seen * 2] = SEEN[flankFrom(ANGLES[seen], undefined, t.speed)];
    flank[seen * 2 + 1] = SEEN[flankFrom(ANGLES[seen], a.speed, t.speed)];
  }
  table = { attacker: a, target: t, flank, slots: (LIMB_SLOTS + a.weapons.length) * 2, health: Math.max(health, table?.health ?? 0), bySituation: [] };
  a.pairs.set(t, table);
  return table;
}

/**
 * An attacker and a target as a question finds them: the pair's table and the sub-table of the target's
 * state now (read once per target per question, as `pairing` is), asked of each strike and tile by number.
 */
export interface PairOdds {
  table: PairTable;
  /** The sub-table of this situation. */
  entries: Float64Array;
  situation: number;
  health: number;
  /** The numbers of the pairing (attackOdds' input), for an entry asked the first time. */
  pairing: Pairing;
}

/**
 * What the fight has changed of the pair, as a number: the target helpless (0), able to dodge (1) or
 * not (2, no stamina), either avoiding eye contact, and the target's stance (none 0, bare 1, its weapon
 * k: 2 + k) — everything `pairing` reads that is not fixed, but the health.
 */
function situationOf(state: EncounterState, u: Unit, t: Unit, tp: Profile): number {
  const helpless = t.status !== 'active' || has(state, t.id, 'Stun');
  const cond = helpless ? 0 : t.pools.stamina.value <= 0 ? 2 : 1;
  const uAvert = agilityOf(u) !== agilityStat(u) ? 1 : 0;
  const tAvert = agilityOf(t) !== agilityStat(t) ? 1 : 0;
  const b = dataOf(t).blocking;
  let stance = 0;
  if (b && t.status === 'active') {
    const k = b.weapon ? tp.weapons.findIndex((w) => w.id === b.weapon) : -1;
    stance = k < 0 ? 1 : 2 + k;
  }
  return cond + 3 * (uAvert + 2 * (tAvert + 2 * stance));
}

/**
 * The pair's odds as the state stands (undefined: a health the table does not index; ask `pairing` instead),
 * kept on the pairing for the rest of its question.
 */
export function pairOdds(state: EncounterState, u: Unit, t: Unit, pairing: Pairing): PairOdds | undefined {
  if (pairing.odds !== undefined) return pairing.odds ?? undefined;
  const odds = tableFor(state, u, t, pairing);
  pairing.odds = odds ?? null;
  return odds;
}

function tableFor(state: EncounterState, u: Unit, t: Unit, pairing: Pairing): PairOdds | undefined {
  const health = pairing.health;
  if (!Number.isInteger(health) || health < 0 || health > MAX_HEALTH) return undefined;
  const ap = profileIn(state, u);
  const tp = profileIn(state, t);
  const table = pairTable(ap, tp, Math.max(health, t.pools.hp.max | 0));
  const situation = situationOf(state, u, t, tp);
  let entries = table.bySituation[situation];
  if (!entries) entries = table.bySituation[situation] = new Float64Array(table.slots * 3 * 2 * (table.health + 1) * 2).fill(NaN);
  return { table, entries, situation, health, pairing };
}

/** The slot of an attack strike in `p`'s table (−1: not one it holds). */
export function slotOf(p: PairOdds, s: Strike): number {
  const vital = s.vital === true ? 1 : 0;
  if (!s.weapon) return s.count >= 1 && s.count <= LIMB_SLOTS && Number.isInteger(s.count) ? (s.count - 1) * 2 + vital : -1;
  const k = p.table.attacker.weapons.indexOf(s.weapon);
  return k < 0 ? -1 : (LIMB_SLOTS + k) * 2 + vital;
}

/**
 * Where the odds of attack `slot` stand in `p.entries` ([expected, score]), the blow seen at angle `seen`
 * (0 front, 1 side, 2 back) from within 1 tile when `cqc`, a flurry's knock back moving the target when
 * `away`; worked out (attackOdds, share 1) the first time any fight asks it.
 */
export function oddsAt(p: PairOdds, slot: number, seen: number, cqc: boolean, away: boolean): number {
  const t = p.table;
  const angle = t.flank[seen * 2 + (cqc ? 1 : 0)];
  const unarmed = slot < LIMB_SLOTS * 2;
  // a weapon's blow never ends a flurry: one entry for both
  const gone = unarmed && away ? 1 : 0;
  // by health first: a question reads one health's entries, close together
  const at = (((p.health * t.slots + slot) * 3 + angle) * 2 + gone) * 2;
  const e = p.entries;
  if (e[at] !== e[at]) {
    const half = slot >> 1;
    const weapon = unarmed ? null : t.attacker.weapons[half - LIMB_SLOTS];
    // the angle that counts is given as seen at range: flankFrom leaves it as it is
    const odds = attackOdds(p.pairing, weapon, unarmed ? half + 1 : 1, (slot & 1) === 1, ANGLES[angle], false, gone === 1, 1);
    e[at] = odds.expected;
    e[at + 1] = odds.score;
  }
  return at;
}

export const SEEN_INDEX = SEEN;
