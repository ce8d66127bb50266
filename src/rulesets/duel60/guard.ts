/**
 * The Block stance (D60-BLK-1) as the aggressive policy weighs it. It costs the movement, so the policy
 * takes it only when the movement has nothing better to do (it can already strike from where it stands);
 * what it saves is what it halves until the unit's next turn: each able enemy that could strike it by
 * then — from where it stands, or after its move — with its best strike, from its own direction (only
 * frontal blows are blocked). A weapon block adds the weapon to Endurance but breaks when a blow beats
 * the weapon's damage: it is counted only if not even a critical would break it.
 */
import { distance } from '../../engine/space/grid.ts';
import { lineCells } from '../../engine/space/line.ts';
import type { ActionOption, Cell, EncounterState, Unit } from '../../engine/index.ts';
import { computeDamage, spellPower, UNARMED_BASE, type DamageKind } from './damage.ts';
import { baseTiles, enduranceOf, enemiesOf, strengthOf, weaponOf } from './model.ts';
import type { Weapon } from './schema.ts';
import { arrivalTurns, strikeOdds, strikesOf, type Strike } from './strikes.ts';

/** The blow a strike lands, for the damage formula. */
function blowOf(e: Unit, s: Strike): { kind: DamageKind; base: number; strength: number } {
  if (s.type === 'cast') return { kind: s.ability!.trueDamage ? 'true' : 'magic', base: spellPower(e, s.ability!.power ?? 0), strength: 0 };
  if (s.weapon) return { kind: s.weapon.type, base: s.weapon.damage, strength: strengthOf(e) };
  return { kind: 'blunt', base: UNARMED_BASE, strength: strengthOf(e) };
}

/** Where `e` would strike `u` from with `s` before `u`'s next turn (undefined: it cannot get there). */
function strikingTile(e: Unit, u: Unit, s: Strike): Cell | undefined {
  const d = distance(e.position!, u.position!);
  if (d <= s.reach) return s.flight && arrivalTurns(s.flight.speed, d) > 1 ? undefined : e.position!;
  if (s.flight || d > s.reach + baseTiles(e)) return undefined;
  // it walks in from its side, to the edge of its reach
  return lineCells(u.position!, e.position!)[s.reach - 1];
}

/** Each able enemy's worst strike at `u` before its next turn, and from where (the same whatever `u` blocks with). */
type Threat = { e: Unit; s: Strike; from: Cell; expected: number };

function threatsTo(state: EncounterState, u: Unit): Threat[] {
  const out: Threat[] = [];
  for (const e of enemiesOf(state, u)) {
    let worst: Threat | undefined;
    for (const s of strikesOf(state, e)) {
      const from = strikingTile(e, u, s);
      const odds = from && strikeOdds(state, e, u, s, from);
      if (odds && from && odds.expected > (worst?.expected ?? 0)) worst = { e, s, from, expected: odds.expected };
    }
    if (worst) out.push(worst);
  }
  return out;
}

/** Expected damage a Block stance (bare, or with `weapon`) would spare `u` before its next turn; −1: the weapon could break. */
export function blockSavings(state: EncounterState, u: Unit, weapon: Weapon | null, threats: Threat[] = threatsTo(state, u)): number {
  const guarded: Unit = { ...u, data: { ...u.data, blocking: { weapon: weapon?.id ?? null } } };
  let saved = 0;
  for (const { e, s, from, expected } of threats) {
    if (weapon) {
      const b = blowOf(e, s);
      // one literal in one shape (a spread of the blow made a new shape per call, and was most of this check)
      const crit = computeDamage({ kind: b.kind, base: b.base, baseName: '', strength: b.strength, endurance: enduranceOf(u), grade: 'critical', block: { weapon } }, false);
      if (crit.breaks) return -1;
    }
    saved += expected - (strikeOdds(state, e, guarded, s, from)?.expected ?? 0);
  }
  return saved;
}

/** The listed Block that saves most, if it saves anything. */
export function bestBlock(state: EncounterState, u: Unit, blocks: ActionOption[]): ActionOption | undefined {
  let best: ActionOption | undefined;
  let bestSaved = 0;
  const threats = threatsTo(state, u);
  for (const o of blocks) {
    const w = o.command.weapon === undefined ? null : weaponOf(u, o.command.weapon) ?? null;
    const saved = blockSavings(state, u, w, threats);
    if (saved > bestSaved + 1e-9) [best, bestSaved] = [o, saved];
  }
  return best;
}
