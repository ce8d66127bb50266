/**
 * How a frontline unit fights when no one steers it. 'aggressive':
 *   1. wake or patch up an ally (unconscious, or at a third of its HP or less) with a healing device;
 *   2. strike the weakest enemy it can reach — with the weapon in hand, another weapon (equip it first:
 *      a Minor action, then the attack next), or a damaging device — choosing the best expected damage
 *      by preview; strikes that would do nothing (immune, reflect, drain) are never chosen — once known:
 *      it judges an enemy's affinities as a player would, only for the damage types a hit has already
 *      revealed (`knownTo`, ruling "Revealed affinities"); an unseen one counts as none;
 *   3. with nothing in reach, move to the frontline; already there, use a buffing device, else end the turn.
 * It never flees.
 */
import { type ActionOption, type EncounterState, type Policy, type Unit, type UnitId } from '../../engine/index.ts';
import { canAttack } from './attack.ts';
import { devicesOf } from './devices.ts';
import { dataOf, enemiesOf, knownTo } from './model.ts';
import { attackExpected, deviceExpected } from './preview.ts';

interface Candidate {
  option: ActionOption;
  weakest: number;
  expected: number;
}

const hp = (u: Unit) => u.pools.hp.value;

function deviceOf(state: EncounterState, o: ActionOption) {
  const kind = o.command.type as 'gadget' | 'stream';
  return devicesOf(state.units[o.command.actor!], kind).find((d) => d.id === o.command[kind]);
}

function strikes(state: EncounterState, id: UnitId, options: ActionOption[]): Candidate[] {
  const u = state.units[id];
  const out: Candidate[] = [];
  const enemies = enemiesOf(state, u);
  // every weapon the unit carries, as if in hand: equipping is free (Minor) and the attack comes next
  for (const w of dataOf(u).weapons) {
    for (const t of enemies) {
      if (!canAttack(state, u, t, w)) continue;
      const option = w.id === dataOf(u).equipped
        ? options.find((o) => o.command.type === 'attack' && o.command.target === t.id)
        : options.find((o) => o.command.type === 'equip' && o.command.weapon === w.id);
      if (option) out.push({ option, weakest: hp(t), expected: attackExpected(state, u, t, w) });
    }
  }
  for (const o of options.filter((x) => x.command.type === 'gadget' || x.command.type === 'stream')) {
    const d = deviceOf(state, o);
    if (!d?.damage) continue;
    const foes = enemies.filter((t) => (o.command.zone ? t.zone === o.command.zone : t.id === o.command.target));
    if (!foes.length) continue;
    out.push({ option: o, weakest: Math.min(...foes.map(hp)), expected: deviceExpected(state, o.command) });
  }
  return out.filter((c) => c.expected > 0);
}

export const aggressive: Policy = (actual, id, options) => {
  // what its side knows: enemies' affinities only where a hit has shown them
  const state = knownTo(actual, actual.units[id].side);
  // asked narrowly (listing.ts): only what it may choose (it never flees)
  const all = options.of('equip', 'attack', 'gadget', 'stream', 'move', 'end_turn');
  const devices = all.filter((o) => o.command.type === 'gadget' || o.command.type === 'stream');
  const heal = devices.find((o) => {
    const d = deviceOf(state, o);
    const t = state.units[o.command.target as string];
    return !!d?.heal && !d.damage && !!t && (t.status === 'down' || hp(t) * 3 <= t.pools.hp.max);
  });
  if (heal) return heal;
  const c = strikes(state, id, all);
  if (c.length) {
    const weakest = Math.min(...c.map((x) => x.weakest));
    return c.filter((x) => x.weakest === weakest).reduce((a, b) => (b.expected > a.expected ? b : a)).option;
  }
  const forward = all.find((o) => o.command.type === 'move' && o.command.to === 'frontline');
  if (forward) return forward;
  const buff = devices.find((o) => {
    const d = deviceOf(state, o);
    const t = o.command.target === undefined ? undefined : state.units[o.command.target as string];
    return !!d && !!d.effect && !d.damage && !!t && t.side === state.units[id].side && !state.effects.some((f) => f.target === t.id && f.name === d.effect!.name);
  });
  if (buff) return buff;
  return all.find((o) => o.command.type === 'end_turn') ?? options.all[0];
};
