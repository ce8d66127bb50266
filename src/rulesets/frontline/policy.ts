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
 * It weighs what the listing would list, with the listing's own checks (`mayAct`, `canAttack`) and walk
 * over device uses (`eachUseOf`), in the listing's order so ties fall as they would on listed options, and
 * gives the one option it chose built as the listing builds it (legal.ts): listing every option with its
 * words each turn to take one was most of the policy's time. policy.test.ts holds its choice to be listed.
 */
import type { ActionOption, Policy, Unit } from '../../engine/index.ts';
import { canAttack } from './attack.ts';
import { devicesOf, eachUseOf, type DeviceKind } from './devices.ts';
import { attackOption, DEVICE_KINDS, deviceOption, endTurnOption, equipOption, mayAct, moveOption } from './legal.ts';
import { dataOf, enemiesOf } from './model.ts';
import { attackExpected, deviceExpectedOn } from './expected.ts';
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

export const aggressive: Policy = (state, id, options) => {
  // nothing is listed for a unit that may not act now: nothing to choose
  if (!mayAct(state, id)) return options.all[0];
  const u = state.units[id];
  const side = u.side;
  const enemies = enemiesOf(state, u);
  // devices first: a heal wins outright; the damaging ones are weighed after the weapons (the listing's order)
  let heal: Use | undefined;
  let buff: Use | undefined;
  let use: Use | undefined;
  let useWeakest = Infinity;
  let useExpected = 0;
  for (const kind of DEVICE_KINDS) {
    for (const d of devicesOf(u, kind)) {
      const heals = !!d.heal && !d.damage;
      const buffs = !!d.effect && !d.damage;
      // a device that neither heals, harms nor buffs (a grapple hook) is not this policy's
      if (!heals && !d.damage && !buffs) continue;
      const stop = eachUseOf(state, u, d, (zone, t, targets) => {
        if (heals && t && (t.status === 'down' || hp(t) * 3 <= t.pools.hp.max)) {
          heal = { kind, d, zone, t, targets };
          return true;
        }
        if (d.damage) {
          let w = Infinity;
          for (const f of enemies) if ((zone !== undefined ? f.zone === zone : f.id === t!.id) && hp(f) < w) w = hp(f);
          if (w === Infinity) return;
          const e = deviceExpectedOn(state, u, d, targets ?? [t!], side);
          if (e > 0 && (w < useWeakest || (w === useWeakest && e > useExpected))) {
            use = { kind, d, zone, t, targets };
            useWeakest = w;
            useExpected = e;
          }
        }
        if (buffs && !buff && t && t.side === side && !state.effects.some((f) => f.target === t.id && f.name === d.effect!.name)) {
          buff = { kind, d, zone, t, targets };
        }
      });
      if (stop) return optionOf(id, heal!);
    }
  }
  // the best strike: the weakest enemy first, then the best expected damage, the first listed on a tie;
  // strikes that would do nothing (as far as the side knows) are never chosen
  let target: Unit | undefined;
  let weapon: Weapon | undefined;
  let weakest = Infinity;
  let expected = 0;
  // every weapon the unit carries, as if in hand: equipping is free (Minor) and the attack comes next
  for (const w of dataOf(u).weapons) {
    for (const t of enemies) {
      if (!canAttack(state, u, t, w)) continue;
      const e = attackExpected(state, u, t, w, side);
      if (!(e > 0) || !(hp(t) < weakest || (hp(t) === weakest && e > expected))) continue;
      target = t;
      weapon = w;
      weakest = hp(t);
      expected = e;
    }
  }
  if (use && (useWeakest < weakest || (useWeakest === weakest && useExpected > expected))) return optionOf(id, use);
  if (weapon) return weapon.id === dataOf(u).equipped ? attackOption(id, target!, weapon) : equipOption(id, weapon);
  if (u.zone !== 'frontline') return moveOption(state, u);
  if (buff) return optionOf(id, buff);
  return endTurnOption(id);
};

const optionOf = (id: string, x: Use): ActionOption => deviceOption(x.kind, id, x.d, x.zone, x.t, x.targets);
