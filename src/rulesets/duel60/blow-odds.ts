/**
 * A blow's odds from tile after tile (best-strike.ts weighs every tile a unit could strike from): what the
 * attacker and the target bring to every blow — Agility, Speed, Strength; the target's defence, Endurance,
 * block stance, health — read once per pair (`Pairing`), and each blow then asked only what the tile
 * changes: the angle it comes at and whether it is struck in close quarters. The numbers are those
 * preview.ts's attackBlows reads (marginOf, damageFn), through the same kept margins and damage tables,
 * so the odds are the same objects' to the last digit.
 */
import type { AttackAngle } from '../../engine/space/facing.ts';
import type { EncounterState, Unit } from '../../engine/index.ts';
import { FLANK, flankFrom } from './contest.ts';
import { currentView } from './fight-view.ts';
import { UNARMED_BASE } from './damage.ts';
import { agilityOf, cannotDodge, dataOf, enduranceOf, helpless, speedOf, strengthOf, weaponOf } from './model.ts';
import { damageTable, marginFor, seriesOutlook, type BlowSpec } from './preview.ts';
import type { Weapon } from './schema.ts';
import type { Odds } from './strikes.ts';
import type { PairOdds } from './odds-table.ts';

/** What `u` and `t` bring to every blow of `u` on `t`, whatever the tile (the state as it stands). */
export interface Pairing {
  agility: number;
  speed: number;
  strength: number;
  /** The target: helpless (no roll), its Agility, whether it can dodge, its Speed, Endurance, block stance (before the flank), health. */
  helpless: boolean;
  defAgility: number;
  canDodge: boolean;
  defSpeed: number;
  endurance: number;
  block: { weapon: Weapon | null } | undefined;
  health: number;
  /** The pair's odds table as the state stands (odds-table.ts), once asked: null when it does not index this health. */
  odds?: PairOdds | null;
}

/**
 * `pairing(state, u, t)`, kept by a current view of the fight for its version (fight-view.ts): the policy's
 * questions of one decision ask of the same pairs again and again (and the pair's odds table with it).
 */
export function pairingIn(state: EncounterState, u: Unit, t: Unit): Pairing {
  const view = currentView(state);
  if (!view) return pairing(state, u, t);
  const i = view.units.indexOf(u);
  const j = view.units.indexOf(t);
  // a unit not in the state as such (a copy with other data, as Block's estimate makes): read afresh
  if (i < 0 || j < 0) return pairing(state, u, t);
  return ((view.pairings[i * view.units.length + j] as Pairing | undefined) ??= pairing(state, u, t));
}

export function pairing(state: EncounterState, u: Unit, t: Unit): Pairing {
  const b = dataOf(t).blocking;
  return {
    agility: agilityOf(u),
    speed: speedOf(u),
    strength: strengthOf(u),
    helpless: helpless(state, t) !== null,
    defAgility: agilityOf(t),
    canDodge: cannotDodge(state, t) === null,
    defSpeed: speedOf(t),
    endurance: enduranceOf(t),
    // blockAgainst: a stance held by an able unit, against a blow from the front
    block: b && t.status === 'active' ? { weapon: b.weapon ? weaponOf(t, b.weapon) ?? null : null } : undefined,
    health: t.pools.hp.value,
    odds: undefined,
  };
}

/**
 * What an attack (a strike of `weapon`, or `count` limbs) is worth, `share` of it landing: the blow comes
 * at angle `seen` of the target's facing, from within 1 tile when `cqc`; `away`: a flurry's dramatic blow
 * knocks the target out of reach (knockedAway). attackBlows + oddsOfBlows, on the pairing's numbers.
 */
export function attackOdds(p: Pairing, weapon: Weapon | null, count: number, vital: boolean, seen: AttackAngle, cqc: boolean, away: boolean, share: number): Odds {
  const angle = flankFrom(seen, cqc ? p.speed : undefined, p.defSpeed);
  const margin = p.helpless ? marginFor(p.agility, 0, false, false) : marginFor(p.agility, p.defAgility + FLANK[angle], true, p.canDodge);
  const block = p.block && angle === 'front' ? p.block : undefined;
  const damage = weapon ? damageTable(block, p.endurance, weapon.type, weapon.damage, weapon.name, p.strength, vital) : damageTable(block, p.endurance, 'blunt', UNARMED_BASE, 'Unarmed', p.strength, vital);
  const spec: BlowSpec = { margin, damage, count: weapon ? 1 : count, dramaticEnds: !weapon && away, health: p.health };
  const dealt = seriesOutlook(spec);
  const expected = dealt.mean * share;
  return { expected, score: expected / spec.health + dealt.kills * share };
}
