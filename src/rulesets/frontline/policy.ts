/**
 * How a frontline unit fights when no one steers it. 'aggressive':
 *   1. wake or patch up an ally (unconscious, or at a third of its HP or less) with a healing device;
 *   2. strike the weakest enemy it can reach — with the weapon in hand, another weapon (equip it first:
 *      a Minor action, then the attack next), or a damaging device — choosing the best expected damage
 *      by preview; strikes that would do nothing (immune, reflect, drain) are never chosen — once known:
 *      it judges an enemy's affinities as a player would, only for the damage types a hit has already
 *      revealed (`affinityKnownTo`, ruling "Revealed affinities"); an unseen one counts as none;
 *   3. with nothing in reach, move to the frontline; already there, use a buffing device, else end the turn.
 * It never flees.
 *
 * It weighs the uses the listing would list — the same checks (`canAttack`) and the same walk over device
 * uses (`eachDeviceUse`), in the listing's order, so ties fall as they would on the listed options — and
 * then asks the listing only for the one option it chose (`Listing.first`): listing every option with its
 * words, each turn, to take one was most of the policy's time.
 */
import type { ActionOption, Command, Policy, Unit } from '../../engine/index.ts';
import { canAttack } from './attack.ts';
import { eachDeviceUse, type DeviceKind } from './devices.ts';
import { dataOf, enemiesOf } from './model.ts';
import { attackExpected, deviceExpectedOn } from './preview.ts';

const hp = (u: Unit) => u.pools.hp.value;
const DEVICE_KINDS: readonly DeviceKind[] = ['gadget', 'stream'];

/** The option of one command, as the listing words it: the fields that tell it from every other listed one. */
type Choice = { type: 'attack'; target: string } | { type: 'equip'; weapon: string } | { type: DeviceKind; device: string; zone?: string; target?: string };

function chosen(c: Choice): (o: ActionOption) => boolean {
  switch (c.type) {
    case 'attack':
      return (o) => o.command.type === 'attack' && o.command.target === c.target;
    case 'equip':
      return (o) => o.command.type === 'equip' && o.command.weapon === c.weapon;
    default:
      return (o) => isUse(o.command, c.type, c.device, c.zone, c.target);
  }
}

const isUse = (cmd: Command, kind: DeviceKind, device: string, zone: string | undefined, target: string | undefined) =>
  cmd.type === kind && cmd[kind] === device && (zone !== undefined ? cmd.zone === zone : cmd.target === target);

const isForward = (o: ActionOption) => o.command.type === 'move' && o.command.to === 'frontline';
const isEnd = (o: ActionOption) => o.command.type === 'end_turn';

export const aggressive: Policy = (state, id, options) => {
  const u = state.units[id];
  const side = u.side;
  const enemies = enemiesOf(state, u);
  // the best strike so far: the weakest enemy first, then the best expected damage, the first listed on a
  // tie; strikes that would do nothing (as far as the side knows) are never chosen
  let best: Choice | undefined;
  let weakest = Infinity;
  let expected = 0;
  const better = (w: number, e: number) => e > 0 && (w < weakest || (w === weakest && e > expected));
  // devices first: a heal wins outright; the damaging ones are weighed after the weapons (the listing's order)
  let heal: Choice | undefined;
  let buff: Choice | undefined;
  let deviceBest: Choice | undefined;
  let deviceWeakest = Infinity;
  let deviceExpected = 0;
  for (const kind of DEVICE_KINDS) {
    const found = eachDeviceUse(state, u, kind, (d, zone, t, targets) => {
      if (t && d.heal && !d.damage && (t.status === 'down' || hp(t) * 3 <= t.pools.hp.max)) {
        heal = { type: kind, device: d.id, target: t.id };
        return true;
      }
      if (d.damage) {
        let w = Infinity;
        for (const f of enemies) if ((zone !== undefined ? f.zone === zone : f.id === t!.id) && hp(f) < w) w = hp(f);
        if (w === Infinity) return;
        const e = deviceExpectedOn(state, u, d, targets ?? [t!], side);
        if (e > 0 && (w < deviceWeakest || (w === deviceWeakest && e > deviceExpected))) {
          deviceBest = zone !== undefined ? { type: kind, device: d.id, zone } : { type: kind, device: d.id, target: t!.id };
          deviceWeakest = w;
          deviceExpected = e;
        }
      }
      if (!buff && t && d.effect && !d.damage && t.side === side && !state.effects.some((f) => f.target === t.id && f.name === d.effect!.name)) {
        buff = { type: kind, device: d.id, target: t.id };
      }
    });
    if (found) break;
  }
  if (heal) return pick(options, chosen(heal));
  // every weapon the unit carries, as if in hand: equipping is free (Minor) and the attack comes next
  const inHand = dataOf(u).equipped;
  for (const w of dataOf(u).weapons) {
    for (const t of enemies) {
      if (!canAttack(state, u, t, w)) continue;
      const e = attackExpected(state, u, t, w, side);
      if (!better(hp(t), e)) continue;
      best = w.id === inHand ? { type: 'attack', target: t.id } : { type: 'equip', weapon: w.id };
      weakest = hp(t);
      expected = e;
    }
  }
  if (deviceBest && better(deviceWeakest, deviceExpected)) best = deviceBest;
  if (best) return pick(options, chosen(best));
  if (u.zone !== 'frontline') return pick(options, isForward);
  if (buff) return pick(options, chosen(buff));
  return pick(options, isEnd);
};

/** The listed option the policy chose (the listing stops at it); the first listed if, against the rules' own checks, it is not there. */
function pick(options: Parameters<Policy>[2], test: (o: ActionOption) => boolean): ActionOption {
  return options.first(test) ?? options.all[0];
}
