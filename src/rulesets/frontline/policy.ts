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
 * It asks narrow questions of typed numbers (issue 40): the acting unit's modifiers once, each enemy's
 * once, reach by zone indices, and a strike's expected damage (`strikeExpected`) only when it could still
 * be chosen — an enemy with more HP than the weakest one already found cannot be. It walks the uses the
 * listing would list, with the listing's own checks (`fits`, `reaches`, `eachUseOf` for zones), in the
 * listing's order so ties fall as they would on listed options, and builds only the option it chose, as
 * the listing builds it (legal.ts). policy-narrow.test.ts holds its choice, at every decision of many
 * fights of every example, to the same policy weighing the whole listing; policy.test.ts to be listed.
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
  // devices first: a heal wins outright; the damaging ones are weighed after the weapons (the listing's order)
  let heal: Use | undefined;
  let buff: Use | undefined;
  let harmful: Use[] | undefined;
  let harmWeakest: number[] | undefined;
  for (const kind of DEVICE_KINDS) {
    for (const d of devicesOf(u, kind)) {
      const heals = !!d.heal && !d.damage;
      const buffs = !!d.effect && !d.damage;
      // a device that neither heals, harms nor buffs (a grapple hook) is not this policy's; nor one used up
      if (!heals && !d.damage && !buffs) continue;
      const left = usesLeft(u, d);
      if (left !== undefined && left <= 0) continue;
      const visit = (zone: string | undefined, t: Unit | undefined, targets: Unit[] | undefined): boolean => {
        if (heals && t && (t.status === 'down' || hp(t) * 3 <= t.pools.hp.max)) {
          heal = { kind, d, zone, t, targets };
          return true;
        }
        if (d.damage) {
          // the weakest enemy it takes; its expected damage is asked later, only if it could be chosen
          let w = Infinity;
          for (const f of enemies) if ((zone !== undefined ? f.zone === zone : f === t) && hp(f) < w) w = hp(f);
          if (w !== Infinity) {
            (harmful ??= []).push({ kind, d, zone, t, targets });
            (harmWeakest ??= []).push(w);
          }
        }
        if (buffs && !buff && t && t.side === side && !hasEffect(state, t.id, d.effect!.name)) buff = { kind, d, zone, t, targets };
        return false;
      };
      if (targetsZone(d)) {
        if (eachUseOf(state, u, d, visit)) return optionOf(id, heal!);
        continue;
      }
      // one unit at a time, in the listing's order: those the device is for, within its reach (devices.ts `aimed`)
      for (const tid of state.unitOrder) {
        const t = state.units[tid];
        if (!fits(u, d, t)) continue;
        const steps = stepsApart(zones, at, t.zone);
        if (steps === undefined || !reachesSteps(d.reach, steps)) continue;
        if (visit(undefined, t, undefined)) return optionOf(id, heal!);
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
    const steps: (number | undefined)[] = [];
    const dodges: number[] = [];
    const defenses: number[] = [];
    for (const t of enemies) steps.push(stepsApart(zones, at, t.zone));
    // every weapon the unit carries, as if in hand: equipping is free (Minor) and the attack comes next
    for (const w of data.weapons) {
      for (let i = 0; i < enemies.length; i++) {
        const t = enemies[i];
        // more HP than the weakest found: never chosen, whatever the damage
        if (hp(t) > weakest) continue;
        const s = steps[i];
        if (s === undefined || !reachesSteps(w.reach, s)) continue;
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
  if (buff) return optionOf(id, buff);
  return endTurnOption(id);
};

function hasEffect(state: EncounterState, unit: string, name: string): boolean {
  for (const f of state.effects) if (f.target === unit && f.name === name) return true;
  return false;
}

const optionOf = (id: string, x: Use): ActionOption => deviceOption(x.kind, id, x.d, x.zone, x.t, x.targets);
