/**
 * How a frontline unit fights when no one steers it. 'aggressive':
 *   1. wake or patch up an ally (unconscious, or at a third of its HP or less) with a healing device;
 *   2. strike the weakest enemy it can reach — with the weapon in hand, another weapon (equip it first:
 *      a Minor action, then the attack next), or a damaging device — choosing the best expected damage
 *      (expected.ts, the narrow question); strikes that would do nothing (immune, reflect, drain) are never chosen — once known:
 *      it judges an enemy's affinities as a player would, only for the damage types a hit has already
 *      revealed (`affinityKnownTo`, ruling "Revealed affinities"); an unseen one counts as none;
 *   3. with nothing in reach, move to the frontline; already there, use a buffing device, else end the turn.
 * It never flees.
 *
 * It asks narrow questions of typed numbers (issue 40), each only when its answer could still matter: a
 * heal first (the first listed use on an ally in need), then the strikes — the acting unit's modifiers
 * read once, each enemy's once, reach by zone indices, and a strike's expected damage (`strikeExpected`)
 * only when it could still be chosen (an enemy with more HP than the weakest found cannot be), a damaging
 * device's uses only on the enemies it takes — and a buff only when nothing else is left to do. Within
 * each it walks what the listing would list, with the listing's own checks (`fits`, reach, uses left;
 * `eachUseOf` for zones), in the listing's order so ties fall as they would on listed options, and builds
 * only the option it chose, as the listing builds it (legal.ts). policy-narrow.test.ts holds its choice,
 * at every decision of many fights of every example, to the same policy weighing the whole listing;
 * policy.test.ts holds it to be listed.
 */
import type { ActionOption, EncounterState, Policy, Unit } from '../../engine/index.ts';
import { devicesOf, eachUseOf, fits, targetsZone, usesLeft, type DeviceKind } from './devices.ts';
import { attackOption, DEVICE_KINDS, deviceOption, endTurnOption, equipOption, mayAct, moveOption } from './legal.ts';
import { affinityKnownTo, dataOf, defenseOf, enemiesOf, mod } from './model.ts';
import { deviceExpectedOn, strikeExpected } from './expected.ts';
import { reachesSteps } from './reach.ts';
import type { Device, Weapon } from './schema.ts';

const hp = (u: Unit) => u.pools.hp.value;

/** A use of a device, to build as its option once chosen. */
interface Use {
  kind: DeviceKind;
  d: Device;
  zone: string | undefined;
  t: Unit | undefined;
  targets: Unit[] | undefined;
}

/** Zones apart by the map's indices, as `zoneSteps` counts them; undefined when either is unknown. */
function stepsApart(zones: readonly string[], from: number, to: string | undefined): number | undefined {
  if (from < 0 || to === undefined) return undefined;
  const j = zones.indexOf(to);
  return j < 0 ? undefined : Math.abs(from - j);
}

export const aggressive: Policy = (state, id, options) => {
  // nothing is listed for a unit that may not act now: nothing to choose
  if (!mayAct(state, id)) return options.all[0];
  const u = state.units[id];
  const side = u.side;
  const data = dataOf(u);
  const enemies = enemiesOf(state, u);
  const zones = state.map?.kind === 'zones' ? state.map.zones : [];
  const at = u.zone === undefined ? -1 : zones.indexOf(u.zone);
  // the devices, when it carries any: a heal wins outright (the first listed use of a healing device on
  // an ally down or at a third of its HP or less); the damaging ones' uses that take an enemy are kept in
  // the listing's order, their expected damage asked later, only for those that could still be chosen
  const armed = data.gadgets.length > 0 || data.streams.length > 0;
  let harmful: Use[] | undefined;
  let harmWeakest: number[] | undefined;
  if (armed) {
    for (const kind of DEVICE_KINDS) {
      for (const d of devicesOf(u, kind)) {
        if (!usable(u, d)) continue;
        if (d.heal && !d.damage) {
          // a use on a zone names no one to heal (targetsZone): only uses on one unit count
          if (targetsZone(d)) continue;
          for (const tid of state.unitOrder) {
            const t = state.units[tid];
            if ((t.status === 'down' || hp(t) * 3 <= t.pools.hp.max) && canUseOn(u, d, t, zones, at)) return deviceOption(kind, id, d, undefined, t, undefined);
          }
          continue;
        }
        if (!d.damage) continue;
        if (targetsZone(d)) {
          eachUseOf(state, u, d, (zone, _t, targets) => {
            // the weakest enemy in the zone
            let w = Infinity;
            for (const f of enemies) if (f.zone === zone && hp(f) < w) w = hp(f);
            if (w === Infinity) return;
            (harmful ??= []).push({ kind, d, zone, t: undefined, targets });
            (harmWeakest ??= []).push(w);
          });
          continue;
        }
        // on one unit: only a use on an enemy counts, and the enemies are listed in the listing's order
        for (const t of enemies) {
          if (!canUseOn(u, d, t, zones, at)) continue;
          (harmful ??= []).push({ kind, d, zone: undefined, t, targets: undefined });
          (harmWeakest ??= []).push(hp(t));
        }
      }
    }
  }
  // the best strike: the weakest enemy first, then the best expected damage, the first listed on a tie;
  // strikes that would do nothing (as far as the side knows) are never chosen
  let target: Unit | undefined;
  let weapon: Weapon | undefined;
  let weakest = Infinity;
  let expected = 0;
  if (enemies.length && data.weapons.length) {
    // the numbers every strike asks, read once: the attacker's, and each enemy's when first needed
    const dex = mod(state, u, 'dexterity');
    const might = mod(state, u, 'might');
    const adef = defenseOf(state, u);
    // each enemy's zones apart (-1: not a zone of the map), Dodge and Defense, when first needed
    const steps: number[] = [];
    const dodges: number[] = [];
    const defenses: number[] = [];
    // every weapon the unit carries, as if in hand: equipping is free (Minor) and the attack comes next
    for (const w of data.weapons) {
      for (let i = 0; i < enemies.length; i++) {
        const t = enemies[i];
        // more HP than the weakest found: never chosen, whatever the damage
        if (hp(t) > weakest) continue;
        const s = (steps[i] ??= stepsApart(zones, at, t.zone) ?? -1);
        if (s < 0 || !reachesSteps(w.reach, s)) continue;
        if (dodges[i] === undefined) {
          dodges[i] = mod(state, t, 'dodge');
          defenses[i] = defenseOf(state, t);
        }
        const e = strikeExpected(dex, dodges[i], w.damage, affinityKnownTo(side, t, w.type), w.reach === 'melee' ? might : undefined, defenses[i], adef);
        if (!(e > 0) || !(hp(t) < weakest || e > expected)) continue;
        target = t;
        weapon = w;
        weakest = hp(t);
        expected = e;
      }
    }
  }
  // the damaging devices' uses, in the listing's order, weighed against the strike found
  let use: Use | undefined;
  let useWeakest = Infinity;
  let useExpected = 0;
  if (harmful) {
    for (let i = 0; i < harmful.length; i++) {
      const w = harmWeakest![i];
      // no better than the weapon's strike or the use already kept: never chosen
      if (w > weakest || w > useWeakest) continue;
      const x = harmful[i];
      const e = deviceExpectedOn(state, u, x.d, x.targets ?? [x.t!], side);
      if (e > 0 && (w < useWeakest || e > useExpected)) {
        use = x;
        useWeakest = w;
        useExpected = e;
      }
    }
  }
  if (use && (useWeakest < weakest || useExpected > expected)) return optionOf(id, use);
  if (weapon) return weapon.id === data.equipped ? attackOption(id, target!, weapon) : equipOption(id, weapon);
  if (u.zone !== 'frontline') return moveOption(state, u);
  // a buffing device, on the first ally listed that does not have its effect yet
  if (!armed) return endTurnOption(id);
  for (const kind of DEVICE_KINDS) {
    for (const d of devicesOf(u, kind)) {
      if (!d.effect || d.damage || targetsZone(d) || !usable(u, d)) continue;
      for (const tid of state.unitOrder) {
        const t = state.units[tid];
        if (t.side === side && !hasEffect(state, t.id, d.effect.name) && canUseOn(u, d, t, zones, at)) return deviceOption(kind, id, d, undefined, t, undefined);
      }
    }
  }
  return endTurnOption(id);
};

/** Whether the device has uses left (devices.ts `aimed`'s first check). */
function usable(u: Unit, d: Device): boolean {
  const left = usesLeft(u, d);
  return left === undefined || left > 0;
}

/** Whether a device aimed at one unit may be used on `t` (devices.ts `aimed`, its uses left apart): one it is for, within its reach. */
function canUseOn(u: Unit, d: Device, t: Unit, zones: readonly string[], at: number): boolean {
  if (!fits(u, d, t)) return false;
  const steps = stepsApart(zones, at, t.zone);
  return steps !== undefined && reachesSteps(d.reach, steps);
}

function hasEffect(state: EncounterState, unit: string, name: string): boolean {
  for (const f of state.effects) if (f.target === unit && f.name === name) return true;
  return false;
}

const optionOf = (id: string, x: Use): ActionOption => deviceOption(x.kind, id, x.d, x.zone, x.t, x.targets);
