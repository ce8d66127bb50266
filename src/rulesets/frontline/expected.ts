/**
 * The policy's narrow question (issue 40): the expected damage of a strike, as a side knows its target's
 * affinities, answered from typed numbers without playing the command out. Players' odds are the resolution's
 * own (Ruleset.oddsByEnumeration: `decide` played over every face); this is the policy's quick reckoning of
 * the same rules — the contest of FRL-ATK-1 and the damage steps of damage.ts (`landing`) — and expected.test.ts
 * holds it to those odds on every option of every example, so the two cannot drift apart.
 */
import type { Distribution } from '../../dice/index.ts';
import { withMisses, type Command, type EncounterState, type Unit } from '../../engine/index.ts';
import { contestHits } from './attack.ts';
import { affinityDice, landing } from './damage.ts';
import { aim, devicesOf, type DeviceKind } from './devices.ts';
import { affinityKnownTo, affinityOf, defenseOf, mod } from './model.ts';
import type { Affinity, DamageType, Device, Weapon } from './schema.ts';

/** P(hit) of the contest (FRL-ATK-1): every pair of d20 faces, each put to `contestHits`, the rule the hit check applies. */
export function hitChance(dex: number, dodge: number): number {
  // a number for a key (whole modifiers within ±500, as they always are), text otherwise
  const key = Number.isInteger(dex) && Number.isInteger(dodge) && Math.abs(dex) < 500 && Math.abs(dodge) < 500 ? (dex + 500) * 1000 + dodge + 500 : `${dex}|${dodge}`;
  let out = chances.get(key);
  if (out === undefined) {
    let hits = 0;
    for (let a = 1; a <= 20; a++) {
      for (let d = 1; d <= 20; d++) if (contestHits(a, dex, d, dodge)) hits++;
    }
    chances.set(key, (out = hits / 400));
  }
  return out;
}
const chances = new Map<number | string, number>();

interface StrikeSpec {
  dice: string;
  type: DamageType;
  might?: number;
}

/**
 * The HP the target loses when hit (FRL-DMG-1..3), kept by the dice, affinity, might and both Defenses
 * (the policy asks this of every strike of every unit each turn); with `side`, the target's affinity as
 * that side knows it (`affinityKnownTo`: the policy's view).
 */
function lostOnHit(state: EncounterState, attacker: Unit, target: Unit, s: StrikeSpec, side?: string): Distribution {
  const aff = side === undefined ? affinityOf(target, s.type) : affinityKnownTo(side, target, s.type);
  const tdef = defenseOf(state, target);
  const adef = defenseOf(state, attacker);
  const make = () =>
    affinityDice(aff, s.dice).map((v) => {
      const l = landing(aff, v, s.might, tdef, adef);
      return l.kind === 'damage' && l.to === 'target' ? l.amount : 0;
    });
  // by dice, then a number made of the rest when the numbers are whole and small (Defenses are never
  // below 0), else by text
  const m = s.might ?? 0;
  const whole = Number.isInteger(m) && Number.isInteger(tdef) && Number.isInteger(adef) && Math.abs(m) < 500 && tdef < 1000 && adef < 1000;
  let byDice = lostByDice.get(s.dice);
  if (!byDice) {
    if (lostByDice.size > 256) lostByDice.clear();
    lostByDice.set(s.dice, (byDice = new Map()));
  }
  const key = whole ? (((aff === undefined ? 0 : AFFINITY_INDEX[aff]) * 2 + (s.might === undefined ? 0 : 1)) * 1000 + m + 500) * 1e6 + tdef * 1000 + adef : `${aff ?? ''}|${s.might ?? ''}|${tdef}|${adef}`;
  let out = byDice.get(key);
  if (out === undefined) {
    if (byDice.size > 1024) byDice.clear();
    byDice.set(key, (out = make()));
  }
  return out;
}
const lostByDice = new Map<string, Map<number | string, Distribution>>();
const AFFINITY_INDEX: Record<Affinity, number> = { weak: 1, strong: 2, immune: 3, reflect: 4, drain: 5 };

/** The expected damage of an attack with a given weapon (those not yet in hand too), as `side` knows the target. */
export function attackExpected(state: EncounterState, u: Unit, t: Unit, w: Weapon, side?: string): number {
  const chance = hitChance(mod(state, u, 'dexterity'), mod(state, t, 'dodge'));
  const strike = w.reach === 'melee' ? { dice: w.damage, type: w.type, might: mod(state, u, 'might') } : { dice: w.damage, type: w.type };
  return withMisses(chance, lostOnHit(state, u, t, strike, side)).mean;
}

/** The expected damage of a use already aimed (the units it takes, `eachUseOf`): on the first enemy among them, else the first. */
export function deviceExpectedOn(state: EncounterState, u: Unit, d: Device, targets: readonly Unit[], side?: string): number {
  if (!d.damage || !d.type) return 0;
  const first = targets.find((t) => t.side !== u.side) ?? targets[0];
  // `hit` is rolled against the other side only (devices.ts)
  const chance = d.hit && first.side !== u.side ? hitChance(mod(state, u, 'dexterity'), mod(state, first, 'dodge')) : 1;
  return withMisses(chance, lostOnHit(state, u, first, { dice: d.damage, type: d.type }, side)).mean;
}

/** The same for a device command (0 when refused or harmless). */
export function deviceExpected(state: EncounterState, cmd: Command, side?: string): number {
  const u = state.units[cmd.actor ?? ''];
  const kind = cmd.type as DeviceKind;
  const d = u && devicesOf(u, kind).find((x) => x.id === cmd[kind]);
  if (!d) return 0;
  const a = aim(state, u, d, cmd.target, cmd.zone);
  return !a.ok ? 0 : deviceExpectedOn(state, u, d, a.targets, side);
}
