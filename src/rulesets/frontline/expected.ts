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
import type { Affinity, Device, Weapon } from './schema.ts';

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

/**
 * The HP the target loses when hit (FRL-DMG-1..3) by `dice` after its affinity `aff`, the attacker's Might
 * (melee; undefined otherwise) and both Defenses: `landing` on every face of the dice.
 */
function lostOnHit(dice: string, aff: Affinity | undefined, might: number | undefined, tdef: number, adef: number): Distribution {
  return affinityDice(aff, dice).map((v) => {
    const l = landing(aff, v, might, tdef, adef);
    return l.kind === 'damage' && l.to === 'target' ? l.amount : 0;
  });
}

/**
 * The expected damage of one strike from the numbers that decide it: `dex` and `dodge` the contest's
 * modifiers (`dex` undefined: a device that need not hit), the dice, the target's affinity as the asker
 * knows it, Might (melee only) and both Defenses. Kept by the dice, then by one number made of the rest
 * when they are whole and small (the contest hangs on Dodge − Dexterity alone: `contestHits`), else by
 * text: the policy asks this of every strike of every unit each turn, and the answers repeat.
 */
export function strikeExpected(dex: number | undefined, dodge: number, dice: string, aff: Affinity | undefined, might: number | undefined, tdef: number, adef: number): number {
  let byDice = expectedByDice.get(dice);
  if (!byDice) {
    if (expectedByDice.size > 256) expectedByDice.clear();
    expectedByDice.set(dice, (byDice = new Map()));
  }
  const gap = dex === undefined ? 0 : dodge - dex;
  const m = might ?? 0;
  // Defenses are never below 0 (defenseOf)
  const whole = Number.isInteger(gap) && Number.isInteger(m) && Number.isInteger(tdef) && Number.isInteger(adef) && Math.abs(gap) < 500 && Math.abs(m) < 500 && tdef < 1000 && adef < 1000;
  const key = whole
    ? ((((gap + 500) * 2 + (dex === undefined ? 0 : 1)) * 6 + (aff === undefined ? 0 : AFFINITY_INDEX[aff])) * 2 + (might === undefined ? 0 : 1)) * 1000 * 1e6 + (m + 500) * 1e6 + tdef * 1000 + adef
    : `${dex ?? ''}|${dodge}|${aff ?? ''}|${might ?? ''}|${tdef}|${adef}`;
  let out = byDice.get(key);
  if (out === undefined) {
    if (byDice.size > 4096) byDice.clear();
    const chance = dex === undefined ? 1 : hitChance(dex, dodge);
    byDice.set(key, (out = withMisses(chance, lostOnHit(dice, aff, might, tdef, adef)).mean));
  }
  return out;
}
const expectedByDice = new Map<string, Map<number | string, number>>();
const AFFINITY_INDEX: Record<Affinity, number> = { weak: 1, strong: 2, immune: 3, reflect: 4, drain: 5 };

/** The expected damage of an attack with a given weapon (those not yet in hand too), as `side` knows the target. */
export function attackExpected(state: EncounterState, u: Unit, t: Unit, w: Weapon, side?: string): number {
  const aff = side === undefined ? affinityOf(t, w.type) : affinityKnownTo(side, t, w.type);
  const might = w.reach === 'melee' ? mod(state, u, 'might') : undefined;
  return strikeExpected(mod(state, u, 'dexterity'), mod(state, t, 'dodge'), w.damage, aff, might, defenseOf(state, t), defenseOf(state, u));
}

/** The expected damage of a use already aimed (the units it takes, `eachUseOf`): on the first enemy among them, else the first. */
export function deviceExpectedOn(state: EncounterState, u: Unit, d: Device, targets: readonly Unit[], side?: string): number {
  if (!d.damage || !d.type) return 0;
  const first = targets.find((t) => t.side !== u.side) ?? targets[0];
  const aff = side === undefined ? affinityOf(first, d.type) : affinityKnownTo(side, first, d.type);
  // `hit` is rolled against the other side only (devices.ts)
  const dex = d.hit && first.side !== u.side ? mod(state, u, 'dexterity') : undefined;
  return strikeExpected(dex, dex === undefined ? 0 : mod(state, first, 'dodge'), d.damage, aff, undefined, defenseOf(state, first), defenseOf(state, u));
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
