/**
 * The words of the odds. Every number of an attack's, a device's and a flight's odds — the chance of the
 * d20-against-d20 contest (FRL-ATK-1), the damage after affinity and Defense (FRL-DMG-1..3), the chance to
 * flee (FRL-ACT-5) — is the resolution's own: the engine plays `decide` over every face (Ruleset.oddsByEnumeration
 * in index.ts). What is said here: why the chance is what it is, the target's affinity and what a reflected
 * or drained blow would do, who else a device takes, what it heals.
 */
import { reject, type Command, type EncounterState, type Preview, type Rejection, type Unit } from '../../engine/index.ts';
import { canAttack } from './attack.ts';
import { AFFINITY_LABEL, affinityDice, diceOf, landing } from './damage.ts';
import { aim, devicesOf, type DeviceKind } from './devices.ts';
import { affinityOf, defenseOf, enemiesOf, equippedWeapon, evasionOf, mod } from './model.ts';
import type { DamageType } from './schema.ts';

/** Why the chance is what it is (FRL-ATK-1): the two d20s, the tie, and the natural 20 and 1. */
const contestWhy = (state: EncounterState, u: Unit, t: Unit) =>
  `d20 + ${mod(state, u, 'dexterity')} against ${t.name}'s d20 + ${mod(state, t, 'dodge')}: a tie hits, a natural 20 always hits, a natural 1 always misses`;

/** The target's affinity to a strike in words (FRL-DMG-2), with what lands elsewhere on a hit (reflect, drain). */
function affinityNotes(state: EncounterState, attacker: Unit, target: Unit, dice: string, type: DamageType, might?: number): string[] {
  const aff = affinityOf(target, type);
  if (!aff) return [];
  const notes = [`${target.name} is ${aff} to ${type}: ${AFFINITY_LABEL[aff]}`];
  if (aff !== 'reflect' && aff !== 'drain') return notes;
  const lands = affinityDice(aff, dice).map((v) => (landing(aff, v, might, defenseOf(state, target), defenseOf(state, attacker)) as { amount: number }).amount);
  const range = `${lands.min}–${lands.max} (mean ${lands.mean.toFixed(2)})`;
  notes.push(aff === 'reflect' ? `${attacker.name} would take ${range} on a hit` : `${target.name} would heal ${range} on a hit`);
  return notes;
}

function attackWords(state: EncounterState, u: Unit, cmd: Command): Preview | Rejection {
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  if (!t) return reject('unit/unknown', 'no such target', 'target');
  const w = equippedWeapon(u);
  if (!w) return reject('action/no_weapon', `${u.name} has no weapon in hand`);
  if (!canAttack(state, u, t, w)) return reject('action/out_of_range', `${w.name} does not reach ${t.name}`, 'target');
  return { why: contestWhy(state, u, t), notes: affinityNotes(state, u, t, w.damage, w.type, w.reach === 'melee' ? mod(state, u, 'might') : undefined) };
}

/** A device aimed (FRL-ACT-2): who it takes, the first enemy among them first (whose odds the preview states). */
function deviceWords(state: EncounterState, u: Unit, cmd: Command): Preview | Rejection {
  const kind = cmd.type as DeviceKind;
  const d = devicesOf(u, kind).find((x) => x.id === cmd[kind]);
  if (!d) return reject('action/unknown_device', `${u.name} has no ${kind} "${String(cmd[kind])}"`, kind);
  const a = aim(state, u, d, cmd.target, cmd.zone);
  if (!a.ok) return reject(a.code, a.message, a.field);
  const first = a.targets.find((t) => t.side !== u.side) ?? a.targets[0];
  const h = d.heal ? diceOf(d.heal) : undefined;
  const healed = h ? `heals ${h.min}–${h.max} (mean ${h.mean.toFixed(2)})` : undefined;
  const foes = a.targets.some((x) => x.side !== u.side);
  // `hit` is rolled against the other side only (devices.ts): allies in the zone are simply affected
  const why = d.hit && first.side !== u.side ? contestWhy(state, u, first) : `${d.name} needs no roll to land`;
  const notes = [...(healed ? [healed] : []), ...(d.damage && d.type ? affinityNotes(state, u, first, d.damage, d.type) : [])];
  const affected = [first, ...a.targets.filter((t) => t !== first)].map((t) => {
    const note = t.side === u.side && foes ? `an ally of ${u.name}${healed ? `; ${healed}` : ''}` : healed;
    return note === undefined ? { unit: t.id } : { unit: t.id, note };
  });
  return { why, notes, affected };
}

/** Flee (FRL-ACT-5): the number the die must show. */
function fleeWords(state: EncounterState, u: Unit): Preview {
  const need = Math.max(...enemiesOf(state, u).map((f) => evasionOf(state, f)));
  const might = mod(state, u, 'might');
  const face = Math.max(1, Math.min(21, need - might));
  return { why: `d20 + ${might} must reach the highest Evasion, ${need}: ${face > 20 ? 'no face is enough' : `${face}+ on the die`}` };
}

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  if (cmd.type === 'attack') return attackWords(state, u, cmd);
  if (cmd.type === 'gadget' || cmd.type === 'stream') return deviceWords(state, u, cmd);
  if (cmd.type === 'flee') return fleeWords(state, u);
  return { notes: [] };
}

