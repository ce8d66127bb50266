/**
 * Exact odds before rolling, from the dice algebra: the hit chance of the d20-against-d20 contest with its
 * natural 1 and 20 (FRL-ATK-1), the damage distribution after affinity and Defense (FRL-DMG-1..3),
 * and the chance to flee (FRL-ACT-5).
 */
import { Distribution } from '../../dice/index.ts';
import { affectedOdds, hitOdds, isRejection, reject, withMisses, type AffectedOdds, type Command, type EncounterState, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { canAttack } from './attack.ts';
import { AFFINITY_LABEL, diceAfterAffinity, diceOf, landing } from './damage.ts';
import { aim, devicesOf, type DeviceKind } from './devices.ts';
import { affinityKnownTo, affinityOf, defenseOf, enemiesOf, equippedWeapon, evasionOf, mod } from './model.ts';
import type { Affinity, DamageType, Device, Weapon } from './schema.ts';

/** P(hit): natural 20 hits, natural 1 misses, otherwise d20 + dex ≥ d20 + dodge. */
export function hitChance(dex: number, dodge: number): number {
  // a number for a key (whole modifiers within ±500, as they always are), text otherwise
  const key = Number.isInteger(dex) && Number.isInteger(dodge) && Math.abs(dex) < 500 && Math.abs(dodge) < 500 ? (dex + 500) * 1000 + dodge + 500 : `${dex}|${dodge}`;
  let out = chances.get(key);
  if (out === undefined) {
    let hits = 0;
    for (let a = 1; a <= 20; a++) {
      for (let d = 1; d <= 20; d++) if (a === 20 || (a !== 1 && a + dex >= d + dodge)) hits++;
    }
    chances.set(key, (out = hits / 400));
  }
  return out;
}
const chances = new Map<number | string, number>();

/**
 * What is worked out from dice text is kept by the text (and the numbers it was worked out with):
 * distributions are immutable, and the policy weighs every strike of every unit each turn. Once
 * kept, the same object comes back, so the odds kept by a distribution (engine hit-odds) are found too.
 */
function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let out = cache.get(key);
  if (out === undefined) {
    if (cache.size > 1024) cache.clear();
    cache.set(key, (out = make()));
  }
  return out;
}
const lost = new Map<string, Distribution>();

interface StrikeSpec {
  dice: string;
  type: DamageType;
  might?: number;
}

/** The dice of a strike after the target's affinity (FRL-DMG-2): weak takes the maximum, strong the minimum (at least 1). */
function dieFaces(aff: Affinity | undefined, text: string): Distribution {
  return aff === 'weak' || aff === 'strong' ? Distribution.constant(diceAfterAffinity(aff, 0, text)) : diceOf(text);
}

/**
 * The HP the target loses when hit (FRL-DMG-1..3), kept by the dice, affinity, might and both Defenses;
 * with `side`, the target's affinity as that side knows it (`affinityKnownTo`: the policy's view).
 */
function lostOnHit(state: EncounterState, attacker: Unit, target: Unit, s: StrikeSpec, side?: string): Distribution {
  const aff = side === undefined ? affinityOf(target, s.type) : affinityKnownTo(side, target, s.type);
  const tdef = defenseOf(state, target);
  const adef = defenseOf(state, attacker);
  const make = () =>
    dieFaces(aff, s.dice).map((v) => {
      const l = landing(aff, v, s.might, tdef, adef);
      return l.kind === 'damage' && l.to === 'target' ? l.amount : 0;
    });
  // the policy asks this of every strike it weighs: by dice, then a number made of the rest when the
  // numbers are whole and small (Defenses are never below 0), else by text
  const m = s.might ?? 0;
  if (Number.isInteger(m) && Number.isInteger(tdef) && Number.isInteger(adef) && Math.abs(m) < 500 && tdef < 1000 && adef < 1000) {
    let byDice = lostByNumber.get(s.dice);
    if (!byDice) {
      if (lostByNumber.size > 256) lostByNumber.clear();
      lostByNumber.set(s.dice, (byDice = new Map()));
    }
    const key = (((aff === undefined ? 0 : AFFINITY_INDEX[aff]) * 2 + (s.might === undefined ? 0 : 1)) * 1000 + m + 500) * 1e6 + tdef * 1000 + adef;
    let out = byDice.get(key);
    if (out === undefined) {
      if (byDice.size > 1024) byDice.clear();
      byDice.set(key, (out = make()));
    }
    return out;
  }
  return kept(lost, `${s.dice}|${aff ?? ''}|${s.might ?? ''}|${tdef}|${adef}`, make);
}
const lostByNumber = new Map<string, Map<number, Distribution>>();
const AFFINITY_INDEX: Record<Affinity, number> = { weak: 1, strong: 2, immune: 3, reflect: 4, drain: 5 };

/** Damage the target loses when hit, plus notes for what lands elsewhere (reflect, drain). */
export function damageOnHit(state: EncounterState, attacker: Unit, target: Unit, s: StrikeSpec): { dist: Distribution; notes: string[] } {
  const aff = affinityOf(target, s.type);
  const dist = lostOnHit(state, attacker, target, s);
  const notes: string[] = [];
  if (!aff) return { dist, notes };
  const dice = dieFaces(aff, s.dice);
  const land = (v: number) => landing(aff, v, s.might, defenseOf(state, target), defenseOf(state, attacker));
  if (aff) notes.push(`${target.name} is ${aff} to ${s.type}: ${AFFINITY_LABEL[aff]}`);
  if (aff === 'reflect') {
    const back = dice.map((v) => (land(v) as { amount: number }).amount);
    notes.push(`${attacker.name} would take ${back.min}–${back.max} (mean ${back.mean.toFixed(2)}) on a hit`);
  }
  if (aff === 'drain') {
    const healed = dice.map((v) => (land(v) as { amount: number }).amount);
    notes.push(`${target.name} would heal ${healed.min}–${healed.max} (mean ${healed.mean.toFixed(2)}) on a hit`);
  }
  return { dist, notes };
}

/** Why the chance is what it is (FRL-ATK-1): the two d20s, the tie, and the natural 20 and 1. */
const contestWhy = (state: EncounterState, u: Unit, t: Unit) =>
  `d20 + ${mod(state, u, 'dexterity')} against ${t.name}'s d20 + ${mod(state, t, 'dodge')}: a tie hits, a natural 20 always hits, a natural 1 always misses`;

function finish(chance: number, onHit: Distribution, notes: string[], why: string, affected: AffectedOdds[]): Preview {
  return { ...hitOdds(chance, withMisses(chance, onHit)), why, notes, affected };
}

/** An attack with a weapon: the contest's chance (FRL-ATK-1) and the strike (melee adds Might). */
function weaponStrike(state: EncounterState, u: Unit, t: Unit, w: Weapon): { chance: number; strike: StrikeSpec } {
  const chance = hitChance(mod(state, u, 'dexterity'), mod(state, t, 'dodge'));
  return { chance, strike: w.reach === 'melee' ? { dice: w.damage, type: w.type, might: mod(state, u, 'might') } : { dice: w.damage, type: w.type } };
}

/** Preview of an attack with a given weapon. */
export function attackPreview(state: EncounterState, u: Unit, t: Unit, w: Weapon): Preview {
  const { chance, strike } = weaponStrike(state, u, t, w);
  const { dist, notes } = damageOnHit(state, u, t, strike);
  return finish(chance, dist, notes, contestWhy(state, u, t), [affectedOdds(t.id, chance, withMisses(chance, dist))]);
}

/**
 * The expected damage of an attack with a given weapon, as its preview says it (the policy asks this of
 * every weapon, those not yet in hand too): the same numbers, without the words.
 */
export function attackExpected(state: EncounterState, u: Unit, t: Unit, w: Weapon, side?: string): number {
  const { chance, strike } = weaponStrike(state, u, t, w);
  return withMisses(chance, lostOnHit(state, u, t, strike, side)).mean;
}

/** A device aimed (FRL-ACT-2): what it takes, the first enemy among them (whose odds the preview states), and the chance on each. */
function aimDevice(state: EncounterState, u: Unit, cmd: Command) {
  const kind = cmd.type as DeviceKind;
  const d = devicesOf(u, kind).find((x) => x.id === cmd[kind]);
  if (!d) return reject('action/unknown_device', `${u.name} has no ${kind} "${String(cmd[kind])}"`, kind);
  const a = aim(state, u, d, cmd.target, cmd.zone);
  if (!a.ok) return reject(a.code, a.message, a.field);
  const first = a.targets.find((t) => t.side !== u.side) ?? a.targets[0];
  // `hit` is rolled against the other side only (devices.ts): allies in the zone are simply affected
  const chanceOn = (t: Unit) => (d.hit && t.side !== u.side ? hitChance(mod(state, u, 'dexterity'), mod(state, t, 'dodge')) : 1);
  return { d, a, first, chanceOn };
}

/**
 * The expected damage a device's preview states (0 when refused or harmless): the policy weighs every
 * damaging device it could use, and needs the number, not the words.
 */
export function deviceExpected(state: EncounterState, cmd: Command, side?: string): number {
  const u = state.units[cmd.actor ?? ''];
  const aimed = u && aimDevice(state, u, cmd);
  if (!aimed || isRejection(aimed)) return 0;
  return deviceExpectedOn(state, u, aimed.d, aimed.a.targets, side);
}

/** The same for a use already aimed (the units it takes, `eachDeviceUse`): on the first enemy among them, else the first. */
export function deviceExpectedOn(state: EncounterState, u: Unit, d: Device, targets: readonly Unit[], side?: string): number {
  if (!d.damage || !d.type) return 0;
  const first = targets.find((t) => t.side !== u.side) ?? targets[0];
  // `hit` is rolled against the other side only (devices.ts), as aimDevice's chanceOn says
  const chance = d.hit && first.side !== u.side ? hitChance(mod(state, u, 'dexterity'), mod(state, first, 'dodge')) : 1;
  return withMisses(chance, lostOnHit(state, u, first, { dice: d.damage, type: d.type }, side)).mean;
}

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  if (cmd.type === 'attack') {
    const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    const w = equippedWeapon(u);
    if (!w) return reject('action/no_weapon', `${u.name} has no weapon in hand`);
    if (!canAttack(state, u, t, w)) return reject('action/out_of_range', `${w.name} does not reach ${t.name}`, 'target');
    return attackPreview(state, u, t, w);
  }
  if (cmd.type === 'gadget' || cmd.type === 'stream') {
    const aimed = aimDevice(state, u, cmd);
    if (isRejection(aimed)) return aimed;
    const { d, a, first, chanceOn } = aimed;
    const chance = chanceOn(first);
    const h = d.heal ? diceOf(d.heal) : undefined;
    const healed = h ? `heals ${h.min}–${h.max} (mean ${h.mean.toFixed(2)})` : undefined;
    const notes = healed ? [healed] : [];
    const why = d.hit && first.side !== u.side ? contestWhy(state, u, first) : `${d.name} needs no roll to land`;
    const affected = a.targets.map((t) => {
      const onHit = d.damage && d.type ? damageOnHit(state, u, t, { dice: d.damage, type: d.type }).dist : undefined;
      return affectedOdds(t.id, chanceOn(t), onHit ? withMisses(chanceOn(t), onHit) : undefined, t.side === u.side && a.targets.some((x) => x.side !== u.side) ? `an ally of ${u.name}${healed ? `; ${healed}` : ''}` : healed);
    });
    if (!d.damage || !d.type) return { chance, why, notes, affected };
    const { dist, notes: more } = damageOnHit(state, u, first, { dice: d.damage, type: d.type });
    return finish(chance, dist, [...notes, ...more], why, affected);
  }
  if (cmd.type === 'flee') {
    const foes = enemiesOf(state, u);
    const need = Math.max(...foes.map((f) => evasionOf(state, f)));
    const might = mod(state, u, 'might');
    let n = 0;
    for (let f = 1; f <= 20; f++) if (f + might >= need) n++;
    const face = Math.max(1, Math.min(21, need - might));
    return { chance: n / 20, why: `d20 + ${might} must reach the highest Evasion, ${need}: ${face > 20 ? 'no face is enough' : `${face}+ on the die`}` };
  }
  return { notes: [] };
}
